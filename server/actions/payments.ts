/**
 * Pay now: start a payment for what the file asks (the open amount, the remainder, the current
 * instalment, a deposit, a down payment, the special offer or a part), by a method the file and the
 * variant allow. The same idempotency key answers with the payment it made. Open to the limited level.
 */
import { z } from 'zod';
import { paymentEventWritten } from '../agency/events.ts';
import { methodKeys, type MethodKey } from '../payments/methods.ts';
import { paymentPurposes as paymentPurposeColumn } from '../db/schema.ts';
import type { PaymentPurpose } from '../payments/purpose.ts';
import { savePaymentFeedback } from '../payments/service/feedback.ts';
import { paymentForFile } from '../payments/service/reads.ts';
import { cancelPayment as cancelUnderWay } from '../payments/service/under-way.ts';
import { createPayment, type PaymentStarted } from '../payments/service/start.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { defineAction, ok, refuse } from './define.ts';
import { alternativesFor, anyFlagSet } from './rules.ts';

/** What a payment may be for: the payments table's own list of purposes. */
export const paymentPurposes = paymentPurposeColumn satisfies readonly PaymentPurpose[];

/** What startPayment answers and its event reports. */
function valueOf({ payment, replayed, next }: PaymentStarted) {
  return { payment, replayed, next };
}

export const startPayment = defineAction({
  name: 'startPayment',
  description:
    'Pay now: start a payment of the given purpose by a method the file allows (card is asked on its own page).',
  level: 'limited',
  // Something to pay now (the dashboard's pay buttons); the service re-checks the amount for the purpose.
  offered: [
    anyFlagSet(
      ['showPayDirect', 'showPayDirectInstallmentTrue', 'showPayPartialPayment'],
      ['showPayDirect', 'showPayDirectInstallmentTrue'],
      'nothingToPay',
    ),
  ],
  input: z
    .object({
      purpose: z.enum(paymentPurposes),
      method: z.enum(methodKeys as readonly [MethodKey, ...MethodKey[]], { error: 'errors.method' }),
      amountMinor: z.number().int().positive().optional(),
      idempotencyKey: z.string().min(8).max(100),
      contact: z
        .object({
          firstName: z.string().max(100),
          lastName: z.string().max(100),
          street: z.string().max(200),
          zip: z.string().max(20),
          city: z.string().max(100),
        })
        .optional(),
    })
    .refine((v) => v.purpose !== 'partial' || v.amountMinor !== undefined, {
      path: ['amountMinor'],
      message: 'errors.amount',
    }),
  // The provider is called between two transactions of createPayment, never inside one.
  event: 'own',
  async handler(input, { ctx, session, file, recordEvent }) {
    const variant = variants[ctx.variant as VariantId] ?? variants[file.variant as VariantId] ?? variants.de;
    const result = await createPayment(ctx.db, {
      debtorId: session.debtorId,
      fileId: session.fileId,
      variant,
      method: input.method,
      purpose: input.purpose,
      partialAmountMinor: input.purpose === 'partial' ? input.amountMinor : undefined,
      idempotencyKey: input.idempotencyKey,
      language: ctx.locale,
      clientAddress: ctx.clientKey,
      contact: input.contact,
      now: ctx.now,
      commit: async (tx, started) => {
        if (started.replayed && (await paymentEventWritten(tx, 'payment.started', session.fileId, started.payment.id)))
          return;
        await recordEvent(tx, valueOf(started));
      },
    });
    if (result.ok) return ok(valueOf(result));
    if (result.error === 'inFlight') return refuse('inFlight');
    if (result.error === 'keyReused') return refuse('keyReused');
    return refuse(result.error, { alternatives: alternativesFor(file) });
  },
  // The same idempotency key answers with the payment it made: the agency heard of it once.
  // (After the handler, whose answer gives the value its type.)
  replayed: (value) => value.replayed,
});

export const cancelPayment = defineAction({
  name: 'cancelPayment',
  description: 'Cancel a payment the debtor started and has not finished, to choose another way to pay.',
  level: 'limited',
  input: z.object({ paymentId: z.string().min(1).max(100) }),
  // The provider is told outside every transaction; the event is written with the cancellation.
  event: 'own',
  async handler(input, { ctx, session, recordEvent }) {
    const payment = await paymentForFile(ctx.db, session.fileId, input.paymentId);
    if (!payment) return refuse('notFound');
    let cancelled = false;
    const after = await cancelUnderWay(ctx.db, payment, async (tx, row) => {
      // The provider's notice of the cancellation may have come first (it is this request's doing
      // all the same); a second request finds the event written.
      if (await paymentEventWritten(tx, 'payment.cancelled', session.fileId, row.id)) return;
      cancelled = true;
      await recordEvent(tx, { payment: row, cancelled });
    });
    return ok({ payment: after, cancelled });
  },
  // A payment no longer under way (paid meanwhile, already cancelled) is answered as it is: no event.
  replayed: (value) => !value.cancelled,
});

export const leavePaymentFeedback = defineAction({
  name: 'leavePaymentFeedback',
  description: 'Why the debtor left the payment page without paying (stars and a comment, both optional).',
  level: 'limited',
  input: z.object({
    purpose: z.enum(paymentPurposes),
    stars: z.number().int().min(1).max(5).optional(),
    comment: z.string().trim().max(2000).optional(),
    paymentId: z.string().max(100).optional(),
  }),
  async handler(input, { ctx, session }) {
    const payment = input.paymentId ? await paymentForFile(ctx.db, session.fileId, input.paymentId) : null;
    await savePaymentFeedback(
      ctx.db,
      {
        fileId: session.fileId,
        source: 'leftWithoutPayment',
        paymentMethod: input.purpose,
        paymentProvider: payment?.providerId ?? null,
      },
      input,
    );
    return ok({ saved: true as const });
  },
});
