/**
 * Answer shapes shared by the Forderung, Portal and Document groups (issue 17): money, dates and
 * the claim's status as the screens read them. Money is `{ minor, currency }` (integer minor
 * units), dates ISO `yyyy-mm-dd`, timestamps ISO 8601.
 */
import { z } from 'zod';
import { statusCodes, subStates } from '../../db/schema.ts';
import { actionFlagNames, statusLabelKeys } from '../../claims/rules.ts';
import { claimSubjectKeys } from '../../claims/subjects.ts';
import { concatBytes } from '../../bytes.ts';

export const money = z
  .object({ minor: z.number().int(), currency: z.string().length(3) })
  .meta({ description: 'An amount in integer minor units (cents, öre) and its ISO 4217 currency.' });
export type Money = z.infer<typeof money>;

export const toMoney = (minor: number, currency: string): Money => ({ minor, currency });

export const isoDate = z.iso.date();
export const isoDateTime = z.iso.datetime({ offset: true });

export const statusShape = z.object({
  code: z.enum(statusCodes),
  subState: z.enum(subStates).nullable(),
  /** The translation key of the status label (locales/<lang>/claim.json). */
  labelKey: z.enum(statusLabelKeys),
  date: isoDate,
  tone: z.enum(['neutral', 'info', 'success', 'warning', 'danger']),
});

export const flagsShape = z.object(
  Object.fromEntries(actionFlagNames.map((name) => [name, z.boolean()])) as Record<
    (typeof actionFlagNames)[number],
    z.ZodBoolean
  >,
);

export const announcedPaymentShape = z
  .object({ paidOn: isoDate, amount: money, announcedOn: isoDateTime })
  .nullable()
  .meta({ description: 'A payment the debtor announced that staff have not checked yet.' });

export function announcedPaymentOf(
  payment: { paidOn: string; amountMinor: number; currency: string; announcedOn: string } | null,
) {
  return payment
    ? {
        paidOn: payment.paidOn,
        amount: toMoney(payment.amountMinor, payment.currency),
        announcedOn: payment.announcedOn,
      }
    : null;
}

export const subjectShape = z.object({
  /** The creditor's own wording. */
  text: z.string(),
  /** The coded subject (locales/<lang>/claim.json `subjects`), when the agency's system sent one. */
  code: z.object({ key: z.enum(claimSubjectKeys), params: z.record(z.string(), z.string()) }).nullable(),
});

export const addressShape = z.object({
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

/** A stored document sent inside a JSON answer (a PDF the debtor may keep). */
export const documentShape = z.object({
  mediaType: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  base64: z.string(),
});

export async function readAll(body: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  return concatBytes(chunks, length);
}

export const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
