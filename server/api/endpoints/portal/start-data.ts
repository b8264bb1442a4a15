/** The Portal calls a client starts with: the dashboard's figures, flags and notices, the full data, whether the profile may change, the chatbot's opening and the bank details. */
import { z } from 'zod';
import { paneState } from '../../../assistant/pane.ts';
import { loadDashboardAndFacts } from '../../../claims/dashboard.ts';
import { loadClaimInformation } from '../../../claims/information.ts';
import { pendingModals } from '../../../claims/modals.ts';
import { loadUploadCenter } from '../../../documents/upload-center.ts';
import { languages } from '../../../i18n/languages.ts';
import { bankAccounts } from '../../../payments/config.ts';
import { remittanceFor } from '../../../payments/service/instructions.ts';
import { getProfile, profileUpdatePermission } from '../../../profile/profile.ts';
import { type VariantId, variants } from '../../../variants/config.ts';
import { runtime } from '../../../runtime.ts';
import { apiOk, defineEndpoint, problem } from '../../define.ts';
import { money, toMoney } from '../claim-shapes.ts';
import {
  forderungsaufstellungOf,
  forderungsaufstellungResponse,
  forderungsinformationOf,
  forderungsinformationResponse,
  forderungsstatusOf,
  forderungsstatusResponse,
  sessionOf,
} from '../forderung.ts';

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

export const startDataCalls = {
  GetInitDataV2: defineEndpoint({
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
  GetFullData: defineEndpoint({
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
  IsProfileUpdateAllowed: defineEndpoint({
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
  GetChatbotParameter: defineEndpoint({
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
  GetBankingDetails: defineEndpoint({
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
};
