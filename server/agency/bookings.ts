/**
 * Payments the agency received outside the portal (a bank transfer to its account, cash at a
 * counter) and reports, so that the debtor sees what is still open (issue 29: "payments booked by
 * the agency"). `PUT /agency/v1/files/{reference}/payments/{id}` books one on the file once per
 * the agency's own id, through the same booking as a payment made in the portal
 * (server/payments/booking.ts `applyBooking`): the file's payments, a booking row with the new
 * balance, a credit for what arrived beyond the claim, status 3 when nothing is left. The same id
 * with the same payment answers the booking made; with another amount, currency or day it is a
 * conflict (a correction is a booking of its own in the agency's system, and here too).
 *
 * Nothing is reported back as an event: the agency made it.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { applyBooking } from '../payments/booking.ts';
import { agencyFile } from './file-status.ts';
import { parseReference } from './reference.ts';

export const agencyBookingInput = z
  .object({
    amountMinor: z
      .number()
      .int()
      .positive()
      .max(100_000_000)
      .describe('What arrived, in minor units (cents, öre, øre).'),
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('Must be the file’s currency.'),
    bookedOn: z.iso.date().describe('The day the agency booked it (YYYY-MM-DD).'),
  })
  .strict()
  .meta({ id: 'AgencyBookingInput' });

export const agencyBookingSchema = z
  .object({
    id: z.string().describe('The agency’s own id of the booking.'),
    reference: z.string(),
    amountMinor: z.number().int(),
    currency: z.string(),
    bookedOn: z.string(),
    appliedMinor: z.number().int().describe('What went to the claim.'),
    creditMinor: z.number().int().describe('What arrived beyond the claim: a credit to refund.'),
    statusCode: z.string().describe('The file’s status after the booking (section 4.2).'),
  })
  .meta({ id: 'AgencyBooking' });

export type AgencyBooking = z.infer<typeof agencyBookingSchema>;

export type BookingOutcome =
  | { ok: true; created: boolean; booking: AgencyBooking }
  | { ok: false; problem: 'notFound' }
  | { ok: false; problem: 'currency'; expected: string }
  | { ok: false; problem: 'conflict'; booking: AgencyBooking };

type Row = typeof t.agencyBookings.$inferSelect;

const shapeOf = (row: Row, reference: string, statusCode: string): AgencyBooking => ({
  id: row.agencyId,
  reference,
  amountMinor: row.amountMinor,
  currency: row.currency,
  bookedOn: row.bookedOn,
  appliedMinor: row.appliedMinor,
  creditMinor: row.creditMinor,
  statusCode,
});

export async function bookAgencyPayment(
  db: Database,
  reference: string,
  agencyId: string,
  input: z.output<typeof agencyBookingInput>,
  context: { clientId: string; now: Date },
): Promise<BookingOutcome> {
  const key = parseReference(reference);
  if (!key) return { ok: false, problem: 'notFound' };
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    // The file's row locked: two calls with the same id find one booking, one after the other.
    const file = await agencyFile(tx, key, true);
    if (!file) return { ok: false, problem: 'notFound' } as const;
    const [existing] = await tx
      .select()
      .from(t.agencyBookings)
      .where(and(eq(t.agencyBookings.fileId, file.id), eq(t.agencyBookings.agencyId, agencyId)));
    if (existing) {
      const booking = shapeOf(existing, reference, file.statusCode);
      const same =
        existing.amountMinor === input.amountMinor &&
        existing.currency === input.currency &&
        existing.bookedOn === input.bookedOn;
      return same
        ? ({ ok: true, created: false, booking } as const)
        : ({ ok: false, problem: 'conflict', booking } as const);
    }
    if (input.currency !== file.currency) return { ok: false, problem: 'currency', expected: file.currency } as const;
    const booked = await applyBooking(
      txn,
      {
        fileId: file.id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        purpose: 'partial',
        paymentId: null,
        providerId: 'agency',
        reference: `agency:${agencyId}`,
        bookedOn: input.bookedOn,
        depositId: null,
        instalmentRowId: null,
        specialOfferId: null,
        reason: 'agency:payment',
      },
      context.now,
    );
    const [row] = await tx
      .insert(t.agencyBookings)
      .values({
        fileId: file.id,
        agencyId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        bookedOn: input.bookedOn,
        appliedMinor: input.amountMinor - booked.creditMinor,
        creditMinor: booked.creditMinor,
        clientId: context.clientId,
        createdAt: context.now,
      })
      .returning();
    return { ok: true, created: true, booking: shapeOf(row!, reference, booked.statusCode) } as const;
  });
}
