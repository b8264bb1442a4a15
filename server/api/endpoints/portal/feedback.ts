/** The Portal calls of feedback: the service rating, the survey after a call, the payment feedback and what the feedback page offers. */
import { z } from 'zod';
import { runAction } from '../../../actions/run.ts';
import { paymentPurposes } from '../../../actions/payments.ts';
import { feedbackLanding } from '../../../feedback/feedback.ts';
import { callbackReasons } from '../../../feedback/schema.ts';
import { paymentFeedbackGiven } from '../../../payments/service/feedback.ts';
import { latestPaymentOfFile, paymentForFile } from '../../../payments/service/reads.ts';
import {
  type ApiContext,
  apiOk,
  defineEndpoint,
  fromAction,
  problem,
  problemFromAction,
  renameIssues,
} from '../../define.ts';
import { sessionOf } from '../forderung.ts';

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'yes' : 'no');

const scale = z.number().int().min(1, 'errors.scale').max(5, 'errors.scale');

const savedResponse = z.object({ saved: z.literal(true) });

const feedbackBody = z.object({
  /** The survey link's token after a call (names the file); without it the token's file or a visitor. */
  eventId: z.string().max(2000).optional(),
  freitext: z.string().max(2000, 'errors.textTooLong').optional(),
  frageBeantwortet: z.boolean().optional(),
  /** "Was a way (a solution) shown to you?" */
  weg: z.boolean().optional(),
  phone: z.string().max(40).optional(),
  freundlichkeit: scale.optional(),
  /** The rating, 1 to 5 stars (section 9). */
  zufriedenheit: scale,
  grundRueckruf: z.enum(callbackReasons).optional(),
  /** "Please call me again": then phone and grundRueckruf are needed. */
  auchAngerufen: z.boolean().optional(),
});

const feedbackNames: Record<string, string> = {
  stars: 'zufriedenheit',
  satisfaction: 'zufriedenheit',
  freeText: 'freitext',
  questionAnswered: 'frageBeantwortet',
  friendliness: 'freundlichkeit',
  solutionShown: 'weg',
  wantsCallback: 'auchAngerufen',
  callbackPhone: 'phone',
  callbackReason: 'grundRueckruf',
  t: 'eventId',
};

const paymentFeedbackBody = z.object({
  rating: scale.optional(),
  comment: z.string().max(2000, 'errors.textTooLong').optional(),
  /** Where the client asked (its own screen name); kept in the server log only. */
  source: z.string().max(60).optional(),
  /** The visit: the payment's id (as the payment calls return it). */
  visitId: z.string().max(100).optional(),
  /** What was being paid (the payment's purpose). */
  paymentMethod: z.enum(paymentPurposes).optional(),
  /** The provider, as the client saw it; the stored provider is always the payment's own. */
  paymentProvider: z.string().max(40).optional(),
});

/** The body's rating as the feedback actions read it: `rating` as the stars, an empty comment left out. */
function ratingOf(body: z.output<typeof paymentFeedbackBody>) {
  return { stars: body.rating, comment: body.comment || undefined };
}

const paymentFeedbackNames: Record<string, string> = {
  stars: 'rating',
  paymentId: 'visitId',
  purpose: 'paymentMethod',
};

const checkFeedbackResponse = z.object({
  /** The payment the answer is about (null when the file has none). */
  visitId: z.string().nullable(),
  source: z.enum(['payment', 'leftWithoutPayment']),
  given: z.boolean(),
});

async function checkPaymentFeedback(
  ctx: ApiContext,
  paymentId: string | null,
  source: 'payment' | 'leftWithoutPayment',
) {
  const session = sessionOf(ctx);
  const payment = paymentId
    ? await paymentForFile(ctx.action.db, session.fileId, paymentId)
    : await latestPaymentOfFile(ctx.action.db, session.fileId);
  // Another file's payment is not found, exactly like one that does not exist.
  if (paymentId && !payment) return problem(404, 'notInFile');
  if (!payment) return apiOk({ visitId: null, source, given: false });
  const given = await paymentFeedbackGiven(ctx.action.db, { fileId: session.fileId, source, since: payment.createdAt });
  return apiOk({ visitId: payment.id, source, given });
}

export const feedbackCalls = {
  CreateFeedback: defineEndpoint({
    group: 'Portal',
    name: 'CreateFeedback',
    method: 'POST',
    auth: 'none',
    cache: 'none',
    summary:
      'Rate the service (zufriedenheit 1 to 5) with a text; after a call (eventId = the survey link) the telephone survey. Once per file.',
    body: feedbackBody,
    response: z.object({ source: z.enum(['portal', 'call']) }),
    async handler({ body }, ctx) {
      const result = await runAction('giveFeedback', ctx.action, {
        stars: body.zufriedenheit,
        freeText: body.freitext,
        questionAnswered: yesNo(body.frageBeantwortet),
        friendliness: body.freundlichkeit,
        satisfaction: body.zufriedenheit,
        solutionShown: yesNo(body.weg),
        wantsCallback: yesNo(body.auchAngerufen),
        callbackPhone: body.phone,
        callbackReason: body.grundRueckruf,
        t: body.eventId,
      });
      return result.ok ? apiOk(result.value, 201) : renameIssues(problemFromAction(result), feedbackNames);
    },
  }),
  CreateSchuldnerFeedbackBlacklistItem: defineEndpoint({
    group: 'Portal',
    name: 'CreateSchuldnerFeedbackBlacklistItem',
    method: 'POST',
    auth: 'none',
    cache: 'none',
    summary: 'Never ask this file for feedback again (the survey link eventId names the file, else the token).',
    body: z.object({ eventId: z.string().max(2000).optional() }),
    response: z.object({ optedOut: z.literal(true) }),
    async handler({ body }, ctx) {
      return fromAction(await runAction('optOutOfSurveys', ctx.action, { t: body.eventId }));
    },
  }),
  createPaymentFeedback: defineEndpoint({
    group: 'Portal',
    name: 'createPaymentFeedback',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Rate a payment that went through (visitId = the payment), once per payment.',
    body: paymentFeedbackBody.extend({ visitId: z.string().max(100) }),
    response: savedResponse,
    async handler({ body }, ctx) {
      const result = await runAction('givePaymentFeedback', ctx.action, { paymentId: body.visitId, ...ratingOf(body) });
      if (!result.ok) {
        const failure = renameIssues(problemFromAction(result), paymentFeedbackNames);
        // Another file's payment is not found, exactly like one that does not exist.
        return failure.code === 'notFound' ? problem(404, 'notInFile') : failure;
      }
      return apiOk(result.value, 201);
    },
  }),
  LeftWithoutPaymentFeedback: defineEndpoint({
    group: 'Portal',
    name: 'LeftWithoutPaymentFeedback',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Why the debtor left the payment page without paying (rating and comment optional).',
    body: paymentFeedbackBody.extend({ paymentMethod: z.enum(paymentPurposes) }),
    response: savedResponse,
    async handler({ body }, ctx) {
      const result = await runAction('leavePaymentFeedback', ctx.action, {
        purpose: body.paymentMethod,
        paymentId: body.visitId,
        ...ratingOf(body),
      });
      return result.ok ? apiOk(result.value, 201) : renameIssues(problemFromAction(result), paymentFeedbackNames);
    },
  }),
  CheckPaymentFeedback: defineEndpoint({
    group: 'Portal',
    name: 'CheckPaymentFeedback',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "Whether the file's latest payment has been rated.",
    response: checkFeedbackResponse,
    handler: (_input, ctx) => checkPaymentFeedback(ctx, null, 'payment'),
  }),
  CheckPaymentFeedbackOfVisit: defineEndpoint({
    group: 'Portal',
    name: 'CheckPaymentFeedback',
    method: 'GET',
    path: '/api/Portal/CheckPaymentFeedback/{visitId}/{source}',
    auth: 'limited',
    cache: 'private15',
    summary: "Whether one payment of the file has feedback of a kind (another file's payment is not found).",
    params: z.object({ visitId: z.string().max(100), source: z.enum(['payment', 'leftWithoutPayment']) }),
    response: checkFeedbackResponse,
    handler: ({ params }, ctx) => checkPaymentFeedback(ctx, params.visitId, params.source),
  }),
  GetLandingpageFeedback: defineEndpoint({
    group: 'Portal',
    name: 'GetLandingpageFeedback',
    method: 'GET',
    auth: 'none',
    cache: 'private15',
    summary: 'What the feedback page offers: the plain rating or the survey after a call, and whether it was given.',
    query: z.object({ eventId: z.string().max(2000).optional() }),
    response: z.object({
      survey: z.boolean(),
      linkInvalid: z.boolean(),
      hasFile: z.boolean(),
      state: z.enum(['open', 'alreadyGiven', 'optedOut']),
    }),
    async handler({ query }, ctx) {
      const landing = await feedbackLanding(ctx.action.db, {
        token: query.eventId ?? null,
        sessionFileId: ctx.session?.fileId ?? null,
        now: ctx.action.now,
      });
      return apiOk({ ...landing, state: landing.state.kind });
    },
  }),
};
