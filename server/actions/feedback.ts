/**
 * Feedback: open to visitors (anonymous), to a signed-in debtor (one per file) and to a survey
 * link after a call (its signed token names the file). The token is read here, not by the door.
 */
import { z } from 'zod';
import { optOutOfSurveys as optOutService, readFeedbackLinkToken, submitFeedback } from '../feedback/feedback.ts';
import { feedbackSchema } from '../feedback/schema.ts';
import { paymentFeedbackGiven, savePaymentFeedback } from '../payments/service/feedback.ts';
import { paymentForFile } from '../payments/service/reads.ts';
import { defineAction, ok, refuse, type Scope } from './define.ts';

/** Which file the feedback is about: the survey link's, else the session's, else none (a visitor). */
function askingFile(token: string | undefined, scope: Scope<'none'>) {
  const link = readFeedbackLinkToken(token ?? null, scope.ctx.now);
  if (link) return { fileId: link.fileId, source: 'call' as const };
  return { fileId: scope.session?.fileId ?? null, source: 'portal' as const };
}

const token = z.string().max(2000).optional();

export const giveFeedback = defineAction({
  name: 'giveFeedback',
  description: 'Rate the service (1 to 5 stars) with an optional text; after a call, the telephone survey.',
  level: 'none',
  input: feedbackSchema.and(z.object({ t: token })),
  async handler(input, scope) {
    const { t: survey, ...feedback } = input;
    const who = askingFile(survey, scope);
    const result = await submitFeedback(
      scope.ctx.db,
      { ...who, feedback },
      { clientAddress: scope.ctx.clientKey, now: scope.ctx.now },
    );
    if (result.ok) return ok({ source: who.source });
    if (result.error === 'rateLimited') return refuse('rateLimited', { retryAfterSeconds: result.retryAfterSeconds });
    return refuse(result.error);
  },
});

export const optOutOfSurveys = defineAction({
  name: 'optOutOfSurveys',
  description: 'Never be asked for feedback again (the file of the survey link or of the session).',
  level: 'none',
  input: z.object({ t: token }),
  async handler(input, scope) {
    const who = askingFile(input.t, scope);
    if (who.fileId === null) return refuse('noFile');
    await optOutService(scope.ctx.db, who.fileId, { clientAddress: scope.ctx.clientKey });
    return ok({ optedOut: true as const });
  },
});

/**
 * Stars and a comment after a payment went through (the confirmation page, section 7
 * createPaymentFeedback): once per payment, only for a paid payment of the session's file; the
 * method and provider stored are the payment's own.
 */
export const givePaymentFeedback = defineAction({
  name: 'givePaymentFeedback',
  description: 'Rate a payment that went through (1 to 5 stars and a comment, both optional), once per payment.',
  level: 'limited',
  input: z
    .object({
      paymentId: z.string().max(100),
      stars: z.coerce.number().int().min(1, 'errors.starsRequired').max(5, 'errors.starsRequired').optional(),
      comment: z.string().trim().max(1000, 'errors.textTooLong').optional(),
    })
    .refine((value) => value.stars !== undefined || Boolean(value.comment), {
      path: ['stars'],
      message: 'errors.starsRequired',
    }),
  async handler(input, { ctx, session }) {
    const payment = await paymentForFile(ctx.db, session.fileId, input.paymentId);
    if (!payment || payment.status !== 'paid') return refuse('notFound');
    const since = payment.createdAt;
    if (await paymentFeedbackGiven(ctx.db, { fileId: session.fileId, source: 'payment', since }))
      return refuse('alreadyExists');
    const { purpose: paymentMethod, providerId: paymentProvider } = payment;
    await savePaymentFeedback(
      ctx.db,
      { fileId: session.fileId, source: 'payment', paymentMethod, paymentProvider },
      input,
    );
    return ok({ saved: true as const });
  },
});
