/**
 * Spec section 7, the Portal calls (issue 17): feedback, the explanation video, mails, messages,
 * the start data of the app and the lists a client shows. Every change goes through the action
 * layer (giveFeedback, optOutOfSurveys, givePaymentFeedback, leavePaymentFeedback, mailPlan,
 * requestNoticeOfCompletion, sendMessage); every read uses the screens' own server functions.
 * Where the portal has no such function, the answer says so (documented on each endpoint).
 */
import { z } from 'zod';
import type { InputIssue } from '../../actions/define.ts';
import { runAction } from '../../actions/run.ts';
import { paymentPurposes } from '../../actions/payments.ts';
import { paneState } from '../../assistant/pane.ts';
import { loadDashboardAndFacts } from '../../claims/dashboard.ts';
import { loadClaimInformation } from '../../claims/information.ts';
import { pendingModals } from '../../claims/modals.ts';
import { subjectIds, maxMessageLength } from '../../contact/schema.ts';
import { loadUploadCenter } from '../../documents/upload-center.ts';
import { isDemo } from '../../env.ts';
import { feedbackLanding } from '../../feedback/feedback.ts';
import { callbackReasons } from '../../feedback/schema.ts';
import { logger } from '../../http/logger.ts';
import { languages } from '../../i18n/languages.ts';
import { hasTranslation, serverTranslator } from '../../i18n/translate.ts';
import { bankAccounts } from '../../payments/config.ts';
import { latestPaymentOfFile, paymentFeedbackGiven, paymentForFile, remittanceFor } from '../../payments/service.ts';
import { getProfile, profileUpdatePermission } from '../../profile/profile.ts';
import { acceptedMediaTypes, maxFileBytes, maxFiles, maxTotalBytes } from '../../uploads/rules.ts';
import { consumeUploadLimit } from '../../uploads/receive.ts';
import { variants, type VariantId } from '../../variants/config.ts';
import { publicOrigin } from '../../variants/public-url.ts';
import { runtime } from '../../runtime.ts';
import {
  apiOk,
  defineEndpoint,
  fromAction,
  problem,
  problemFromAction,
  type AnyEndpoint,
  type ApiContext,
  type ApiProblem,
} from '../define.ts';
import { storeApiUploads } from '../uploads.ts';
import { money, toMoney } from './claim-shapes.ts';
import {
  forderungsaufstellungResponse,
  forderungsaufstellungOf,
  forderungsinformationOf,
  forderungsinformationResponse,
  forderungsstatusOf,
  forderungsstatusResponse,
  sessionOf,
} from './forderung.ts';

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────

/** An action's invalid input, its field paths renamed to the spec's payload names. */
export function renameIssues(failure: ApiProblem, names: Record<string, string>): ApiProblem {
  if (!failure.issues) return failure;
  const issues: InputIssue[] = failure.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    return typeof first === 'string' && names[first] ? { ...issue, path: [names[first]!, ...rest] } : issue;
  });
  return { ...failure, issues };
}

const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'yes' : 'no');

/** A boolean as JSON sends it, or as a multipart field ("true"/"false"). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const scale = z.number().int().min(1, 'errors.scale').max(5, 'errors.scale');

const savedResponse = z.object({ saved: z.literal(true) });

const notOffered = (what: string) => problem(403, 'notSupported', { detail: { what } });

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

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

// ── Start data ──────────────────────────────────────────────────────────────────────────────

const modalShape = z.object({
  ref: z.string(),
  kind: z.string(),
  orderNo: z.number().int(),
  acknowledgeOnClose: z.boolean(),
  offer: z.object({ amount: money, validTill: z.iso.date(), settles: money }).nullable(),
  maintenance: z.object({ from: z.string().nullable(), until: z.string().nullable() }).nullable(),
});

const initDataResponse = z.object({
  offeneForderung: money,
  glaeubigerName: z.string(),
  logoRelUrl: z.string().nullable(),
  showEventHistory: z.boolean(),
  /** The debtor journey is the event history: one flag of the file. */
  showDebtorJourney: z.boolean(),
  /** The file is collected under the sister brand Paycare. */
  existsPaycareEvent: z.boolean(),
  showUploadCenter: z.boolean(),
  hasRequestedDocuments: z.boolean(),
  getForderungsstatusResponse: forderungsstatusResponse,
  existsRechnung: z.boolean(),
  isVideoAllowed: z.boolean(),
  /** What the file allows now (spec section 3, action-button flags). */
  showButtons: forderungsstatusResponse.shape.flags,
  /** The dashboard's notices still to show, in order. */
  modals: z.array(modalShape),
});

const fullDataResponse = z.object({
  schuldnerName: z.string(),
  getForderungsInformationResponse: forderungsinformationResponse,
  getForderungsaufstellungKompakt: forderungsaufstellungResponse.shape.breakdown,
});

// ── Messages ────────────────────────────────────────────────────────────────────────────────

const nachrichtBody = z.object({
  /** The subject's label as the client shows it; the code in SubjectId decides. */
  Subject: z.string().max(200).optional(),
  SubSubject: z.string().max(120).optional(),
  SubjectId: z.coerce.number().int(),
  Message: z.string().max(maxMessageLength + 100),
  /** When given, the token's file: a message is never written into another file. */
  Refno: z.string().max(20).optional(),
  Subcase: z.coerce.number().int().positive().optional(),
  Mail: z.string().max(254).optional(),
  IsChatbotMessage: flag.optional(),
});

const nachrichtNames: Record<string, string> = {
  subjectId: 'SubjectId',
  subSubject: 'SubSubject',
  body: 'Message',
  email: 'Mail',
  phone: 'Mail',
  uploadId: 'Attachments',
};

/** Files of a multipart body that a screen would not take: a 400 naming each, as the upload field does. */
function refusedFiles(refused: ReadonlyArray<{ name: string; problem: string }>, field: string): ApiProblem {
  return problem(400, 'uploadRefused', {
    issues: refused.map((r, index) => ({ path: [field, index], message: `errors.upload.${r.problem}` })),
    detail: { files: refused.map((r) => r.name).join(', ') },
  });
}

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────

export const portalEndpoints: AnyEndpoint[] = [
  defineEndpoint({
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
  defineEndpoint({
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
  defineEndpoint({
    group: 'Portal',
    name: 'createPaymentFeedback',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Rate a payment that went through (visitId = the payment), once per payment.',
    body: paymentFeedbackBody.extend({ visitId: z.string().max(100) }),
    response: savedResponse,
    async handler({ body }, ctx) {
      const result = await runAction('givePaymentFeedback', ctx.action, {
        paymentId: body.visitId,
        stars: body.rating,
        comment: body.comment || undefined,
      });
      if (!result.ok) {
        const failure = renameIssues(problemFromAction(result), paymentFeedbackNames);
        // Another file's payment is not found, exactly like one that does not exist.
        return failure.code === 'notFound' ? problem(404, 'notInFile') : failure;
      }
      return apiOk(result.value, 201);
    },
  }),
  defineEndpoint({
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
        stars: body.rating,
        comment: body.comment || undefined,
        paymentId: body.visitId,
      });
      return result.ok ? apiOk(result.value, 201) : renameIssues(problemFromAction(result), paymentFeedbackNames);
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'CheckPaymentFeedback',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "Whether the file's latest payment has been rated.",
    response: checkFeedbackResponse,
    handler: (_input, ctx) => checkPaymentFeedback(ctx, null, 'payment'),
  }),
  defineEndpoint({
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
  defineEndpoint({
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

  // ── The explanation video ──
  defineEndpoint({
    group: 'Portal',
    name: 'GetVideoUrl',
    method: 'GET',
    path: '/api/Portal/GetVideoUrl/{id}',
    auth: 'limited',
    cache: 'private15',
    summary: 'The explanation video (id "explainer") with its captions, where the file shows it.',
    params: z.object({ id: z.string().max(40) }),
    response: z.object({
      id: z.string(),
      url: z.string(),
      mediaType: z.string(),
      poster: z.string(),
      captions: z.array(z.object({ language: z.enum(languages), url: z.string() })),
    }),
    async handler({ params }, ctx) {
      const loaded = await loadDashboardAndFacts(ctx.action.db, sessionOf(ctx).fileId);
      if (!loaded) return problem(404, 'noFile');
      // One video, the portal's own file (public/media): no third-party player and no other ids.
      if (params.id !== 'explainer' || !loaded.view.hasVideo) return problem(404, 'notInFile');
      return apiOk({
        id: 'explainer',
        url: '/media/explainer.webm',
        mediaType: 'video/webm',
        poster: '/media/explainer-poster.svg',
        captions: languages.map((language) => ({ language, url: `/media/explainer.${language}.vtt` })),
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'IsVideoAllowed',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: 'Whether the file shows the explanation video.',
    response: z.object({ allowed: z.boolean() }),
    async handler(_input, ctx) {
      const loaded = await loadDashboardAndFacts(ctx.action.db, sessionOf(ctx).fileId);
      return loaded ? apiOk({ allowed: loaded.view.hasVideo }) : problem(404, 'noFile');
    },
  }),

  // ── Portal orders: recorded by the server, never by a client ──
  defineEndpoint({
    group: 'Portal',
    name: 'CreatePortalAuftrag',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Not offered: the portal records an order itself, in the same transaction as the payment, plan, deferral or form it belongs to (403 notSupported).',
    body: z.object({
      ip: z.string().max(64).optional(),
      auftragArt: z.string().max(40),
      auftragZeit: z.string().max(40).optional(),
      zielBetrag: z.number().optional(),
      zielDatum: z.string().max(40).optional(),
      gebuehren: z.number().optional(),
      info: z.string().max(2000).optional(),
    }),
    response: z.object({ orderId: z.number().int() }),
    handler: async () => notOffered('portalOrder'),
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'UpdatePortalAuftrag',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Not offered: orders are the server’s record of what the debtor did (403 notSupported).',
    body: z.object({ infoString: z.string().max(2000) }),
    response: z.object({ orderId: z.number().int() }),
    handler: async () => notOffered('portalOrder'),
  }),

  // ── Mails ──
  defineEndpoint({
    group: 'Portal',
    name: 'SendTilgungsplanMail',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Mail the repayment plan: to the stored address, or (full sign-in) to the address given. The plan mailed is the server's, never the client's copy.",
    body: z.object({
      /** The client's copy of the plan: not used, the mail is made from the file's own plan. */
      tilgungsplanItems: z.array(z.unknown()).max(120).optional(),
      email: z.email('errors.email').max(254, 'errors.email').optional(),
    }),
    response: z.object({ mailId: z.number().int(), toStoredAddress: z.boolean() }),
    async handler({ body }, ctx) {
      const result = await runAction('mailPlan', ctx.action, { email: body.email ?? null });
      return result.ok ? apiOk(result.value, 202) : problemFromAction(result);
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'SendUeberweisungMail',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      "Mail the bank transfer details of the file's transfer still awaited: to the stored address, or (full sign-in) to the address given. The amount and the QR code mailed are the payment's own.",
    body: z.object({
      /** The client's QR code: not used, the mail carries the server's EPC code of the payment. */
      qrCode: z.string().max(2000).optional(),
      /** The amount the client shows (major units): not used, the mail names the payment's own amount with fees. */
      amount: z.number().positive().optional(),
      email: z.email('errors.email').max(200, 'errors.email').optional(),
    }),
    response: z.object({ visitId: z.string(), toStoredAddress: z.boolean() }),
    async handler({ body }, ctx) {
      const result = await runAction('mailTransfer', ctx.action, { email: body.email ?? null });
      if (!result.ok && result.kind === 'refused' && result.reason === 'noTransfer') return problem(404, 'noTransfer');
      if (!result.ok) return problemFromAction(result);
      return apiOk({ visitId: result.value.paymentId, toStoredAddress: result.value.toStoredAddress }, 202);
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'SendErledigungsmitteilungMail',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    summary:
      'Ask for the notice of completion of a settled file (once; by e-mail when an address is stored, else by post).',
    response: z.object({ requestedAt: z.iso.datetime({ offset: true }), delivery: z.enum(['email', 'post']) }),
    async handler(_input, ctx) {
      const result = await runAction('requestNoticeOfCompletion', ctx.action, {});
      if (!result.ok && result.kind === 'refused' && result.reason === 'alreadyRequested')
        return problem(409, 'alreadyRequested', { detail: result.detail });
      return result.ok ? apiOk(result.value, 202) : problemFromAction(result);
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'SendNachricht',
    method: 'POST',
    auth: 'full',
    cache: 'none',
    bodyType: 'multipart',
    summary:
      'Write to the agency (multipart): subject code, message, reply address, attachments (JPG, PNG, PDF, TIF; 10 MB each and together).',
    body: nachrichtBody,
    response: z.object({ id: z.number().int(), attachments: z.number().int() }),
    async handler({ body, files }, ctx) {
      const session = sessionOf(ctx);
      const db = ctx.action.db;
      // A reference named in the body must be the token's own file: another file is not found.
      if (body.Refno !== undefined) {
        const view = await loadDashboardAndFacts(db, session.fileId);
        const own = view ? view.facts.refno === body.Refno && (body.Subcase ?? 1) === view.facts.subcase : false;
        if (!own) return problem(404, 'noFile');
      }
      const attachments = files.filter((f) => f.field === 'Attachments');
      let uploadIds: number[] = [];
      if (attachments.length > 0) {
        const limit = await consumeUploadLimit(db, { fileId: session.fileId, clientAddress: ctx.action.clientKey });
        if (!limit.ok) return problem(429, 'rateLimited', { retryAfterSeconds: limit.retryAfterSeconds });
        const outcome = await storeApiUploads(db, attachments, {
          fileId: session.fileId,
          context: 'message',
          fieldName: 'Attachments',
        });
        if (outcome.refused.length > 0) return refusedFiles(outcome.refused, 'Attachments');
        uploadIds = outcome.accepted.map((u) => u.id);
      }
      // A message written in a chatbot is marked as the assistant's messages are (messages.from_assistant).
      const door = body.IsChatbotMessage ? ('assistant' as const) : ctx.action.door;
      const result = await runAction(
        'sendMessage',
        { ...ctx.action, door },
        {
          subjectId: body.SubjectId,
          subSubject: body.SubSubject,
          body: body.Message,
          email: body.Mail,
          uploadId: uploadIds,
        },
      );
      if (!result.ok) return renameIssues(problemFromAction(result), nachrichtNames);
      return apiOk({ id: result.value.id, attachments: uploadIds.length }, 201);
    },
  }),

  // ── Start data ──
  defineEndpoint({
    group: 'Portal',
    name: 'GetInitDataV2',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary: "What the app needs on start: the dashboard's figures, flags and notices for the token's file.",
    response: initDataResponse,
    async handler(_input, ctx) {
      const session = sessionOf(ctx);
      const db = ctx.action.db;
      const loaded = await loadDashboardAndFacts(db, session.fileId);
      if (!loaded) return problem(404, 'noFile');
      const { view, facts } = loaded;
      // The maintenance window announced to this request, as the dashboard reads it.
      const announcement =
        ctx.action.maintenance ??
        (await runtime().maintenanceAnnouncement(ctx.request, variants[view.variant as VariantId] ?? variants.de));
      const [modals, uploadCenter] = await Promise.all([
        pendingModals(db, session.fileId, view.asOf, {
          level: session.level,
          announcement,
          facts,
          now: ctx.action.now,
        }),
        loadUploadCenter(db, session.fileId),
      ]);
      const status = forderungsstatusOf(view);
      return apiOk({
        offeneForderung: toMoney(view.openAmountMinor, view.currency),
        glaeubigerName: view.creditor.name,
        logoRelUrl: view.creditor.logo,
        showEventHistory: facts.showEventHistory,
        showDebtorJourney: facts.showEventHistory,
        existsPaycareEvent: view.variant === 'paycare',
        showUploadCenter: uploadCenter.showUploadCenter,
        hasRequestedDocuments: uploadCenter.hasRequestedDocuments,
        getForderungsstatusResponse: status,
        existsRechnung: facts.hasInvoices,
        isVideoAllowed: view.hasVideo,
        showButtons: view.flags,
        modals: modals.map((m) => ({
          ref: m.ref,
          kind: m.kind,
          orderNo: m.orderNo,
          acknowledgeOnClose: m.acknowledgeOnClose,
          offer: m.offer
            ? {
                amount: toMoney(m.offer.amountMinor, m.offer.currency),
                validTill: m.offer.validTill,
                settles: toMoney(m.offer.settlesMinor, m.offer.currency),
              }
            : null,
          maintenance: m.maintenance,
        })),
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetFullData',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: "The debtor's name, the claim information and the compact breakdown (full sign-in).",
    response: fullDataResponse,
    async handler(_input, ctx) {
      const session = sessionOf(ctx);
      const db = ctx.action.db;
      const [info, profile] = await Promise.all([
        loadClaimInformation(db, session.fileId),
        getProfile(db, { fileId: session.fileId, debtorId: session.debtorId }),
      ]);
      if (!info || !profile) return problem(404, 'noFile');
      return apiOk({
        schuldnerName: profile.companyName || [profile.firstName, profile.lastName].filter(Boolean).join(' '),
        getForderungsInformationResponse: forderungsinformationOf(info),
        getForderungsaufstellungKompakt: forderungsaufstellungOf(info).breakdown,
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'IsProfileUpdateAllowed',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: 'Whether the debtor may ask to change the profile now, and why not (a request pending, or blocked).',
    response: z.object({
      allowed: z.boolean(),
      reason: z.enum(['pending', 'blocked']).nullable(),
      pendingSince: z.iso.datetime({ offset: true }).nullable(),
    }),
    async handler(_input, ctx) {
      const session = sessionOf(ctx);
      const permission = await profileUpdatePermission(ctx.action.db, {
        fileId: session.fileId,
        debtorId: session.debtorId,
      });
      if (permission.allowed) return apiOk({ allowed: true, reason: null, pendingSince: null });
      if (permission.reason === 'noFile') return problem(404, 'noFile');
      return apiOk({
        allowed: false,
        reason: permission.reason,
        pendingSince: permission.reason === 'pending' ? permission.pending.createdAt : null,
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetSupportSubjects',
    method: 'GET',
    path: '/api/Portal/GetSupportSubjects/{language}',
    auth: 'none',
    cache: 'public15',
    summary: 'The subjects of a message (spec section 3 codes) with their labels in a language.',
    params: z.object({ language: z.enum(languages) }),
    response: z.object({ subjects: z.array(z.object({ id: z.number().int(), label: z.string() })) }),
    async handler({ params }) {
      const t = serverTranslator(params.language, 'contact');
      return apiOk({ subjects: subjectIds.map((id) => ({ id, label: t(`subjects.${id}`) })) });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetChatbotParameter',
    path: '/api/Portal/GetChatbotParameter/{language}',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary:
      "What the chatbot opens with for the token's file, in a language: the portal's own assistant (decision 039) greets with the dashboard's figures and suggests what the file allows (the chat pane's opening state).",
    params: z.object({ language: z.enum(languages) }),
    response: z.object({
      language: z.enum(languages),
      greeting: z
        .object({
          name: z.string().nullable(),
          creditor: z.string(),
          openAmount: money,
          nextInstalment: z.object({ dueOn: z.iso.date(), amount: money }).nullable(),
          deferredUntil: z.iso.date().nullable(),
        })
        .nullable(),
      /** Intent ids of the assistant's catalogue (shared/spec/intents.md), at most five. */
      suggestions: z.array(z.string()),
    }),
    async handler({ params }, ctx) {
      const pane = await paneState(ctx.action.db, sessionOf(ctx).fileId);
      const g = pane.greeting;
      return apiOk({
        language: params.language,
        greeting: g
          ? {
              name: g.name,
              creditor: g.creditor,
              openAmount: toMoney(g.openAmountMinor, g.currency),
              nextInstalment: g.nextInstalment
                ? { dueOn: g.nextInstalment.dueOn, amount: toMoney(g.nextInstalment.amountMinor, g.currency) }
                : null,
              deferredUntil: g.deferredUntil,
            }
          : null,
        suggestions: [...pane.suggestions],
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetBankingDetails',
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary: "The agency's account for a bank transfer and the remittance text that matches it to the file.",
    response: z.object({
      recipient: z.string(),
      iban: z.string(),
      bic: z.string(),
      /** Switzerland: the QR-IBAN of the same account, for the QR-bill. */
      qrIban: z.string().nullable(),
      remittance: z.string(),
      openAmount: money,
    }),
    async handler(_input, ctx) {
      const loaded = await loadDashboardAndFacts(ctx.action.db, sessionOf(ctx).fileId);
      if (!loaded) return problem(404, 'noFile');
      const { view, facts } = loaded;
      const account = bankAccounts[view.variant as VariantId] ?? bankAccounts.de;
      return apiOk({
        recipient: account.recipient,
        iban: account.iban,
        bic: account.bic,
        qrIban: account.qrIban ?? null,
        remittance: remittanceFor(facts, ctx.language),
        openAmount: toMoney(Math.max(0, view.openAmountMinor), view.currency),
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetUploadTemplate',
    method: 'GET',
    path: '/api/Portal/GetUploadTemplate/{templateId}',
    auth: 'full',
    cache: 'private15',
    summary: 'What a requested document is (title, hint in the language) and which files are taken.',
    params: z.object({ templateId: z.string().max(60) }),
    response: z.object({
      templateId: z.string(),
      title: z.string(),
      hint: z.string(),
      acceptedMediaTypes: z.array(z.string()),
      maxFileBytes: z.number().int(),
      maxTotalBytes: z.number().int(),
      maxFiles: z.number().int(),
    }),
    async handler({ params }, ctx) {
      const view = await loadUploadCenter(ctx.action.db, sessionOf(ctx).fileId);
      // Only a template this file was asked for: another file's requests reveal nothing.
      const asked = view.documents.some((d) => d.templateId === params.templateId);
      const key = `center.templates.${params.templateId}`;
      if (!asked || !hasTranslation('uploads', `${key}.title`)) return problem(404, 'notInFile');
      const t = serverTranslator(ctx.language, 'uploads');
      return apiOk({
        templateId: params.templateId,
        title: t(`${key}.title`),
        hint: t(`${key}.hint`),
        acceptedMediaTypes: [...acceptedMediaTypes],
        maxFileBytes,
        maxTotalBytes,
        maxFiles,
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetUploadFields',
    method: 'GET',
    auth: 'full',
    cache: 'private15',
    summary: 'The documents the agency asked for (the upload centre), each a fieldId for UploadDocuments.',
    response: z.object({
      showUploadCenter: z.boolean(),
      hasRequestedDocuments: z.boolean(),
      outstanding: z.number().int(),
      fields: z.array(
        z.object({
          fieldId: z.number().int(),
          templateId: z.string(),
          category: z.string(),
          status: z.enum(['requested', 'Uploaded', 'UploadLater']),
          uploads: z.array(z.object({ id: z.number().int(), name: z.string() })),
        }),
      ),
    }),
    async handler(_input, ctx) {
      const view = await loadUploadCenter(ctx.action.db, sessionOf(ctx).fileId);
      return apiOk({
        showUploadCenter: view.showUploadCenter,
        hasRequestedDocuments: view.hasRequestedDocuments,
        outstanding: view.outstanding,
        fields: view.documents.map((d) => ({
          fieldId: d.id,
          templateId: d.templateId,
          category: d.category,
          status: d.status,
          uploads: d.uploads,
        })),
      });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'GetEnvironment',
    method: 'GET',
    auth: 'none',
    cache: 'public15',
    summary: 'Which environment answers (demo or production) and its public address.',
    response: z.object({ environment: z.enum(['demo', 'production']), url: z.string() }),
    async handler(_input, ctx) {
      const variant = variants[ctx.action.variant as VariantId];
      return apiOk({ environment: isDemo() ? ('demo' as const) : ('production' as const), url: publicOrigin(variant) });
    },
  }),
  defineEndpoint({
    group: 'Portal',
    name: 'CreatePaypalErrorLogItem',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: "A wallet client's error, written to the server log (scrubbed, with the file id only).",
    body: z.object({
      message: z.string().max(1000).optional(),
      code: z.string().max(100).optional(),
      details: z.string().max(4000).optional(),
    }),
    response: z.object({ logged: z.literal(true) }),
    async handler({ body }, ctx) {
      logger.warn(
        { fileId: sessionOf(ctx).fileId, walletError: { code: body.code ?? null, message: body.message ?? null } },
        'wallet client error',
      );
      return apiOk({ logged: true as const }, 202);
    },
  }),
];
