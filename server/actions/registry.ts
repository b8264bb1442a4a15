/**
 * The registry: every action a debtor can take, by name (decision 037, docs/architecture.md).
 * Route actions, the assistant's tools (server/assistant/tools/) and the JSON API call them through
 * `runAction` (run.ts).
 */
import { announcePayment } from './announce.ts';
import { acknowledgeNotice, answerSpecialOffer, captureEmail, requestNoticeOfCompletion } from './claims.ts';
import { requestCallback, sendMessage } from './contact.ts';
import { createForm, postponeDocument, raiseDispute, uploadDocument } from './documents.ts';
import { requestBreathingSpace } from './hardship.ts';
import { giveFeedback, givePaymentFeedback, optOutOfSurveys } from './feedback.ts';
import { agreePlan, continuePendingPlan, grantDeferral, mailPlan, skipInstalment } from './instalments.ts';
import { cancelPayment, leavePaymentFeedback, startPayment } from './payments.ts';
import { requestProfileChange } from './profile.ts';
import { mailTransfer } from './transfer.ts';

export const registry = {
  // Paying
  startPayment,
  cancelPayment,
  mailTransfer,
  leavePaymentFeedback,
  givePaymentFeedback,
  // Agreements
  agreePlan,
  continuePendingPlan,
  grantDeferral,
  skipInstalment,
  mailPlan,
  // Telling and asking the agency
  announcePayment,
  sendMessage,
  requestCallback,
  requestProfileChange,
  requestNoticeOfCompletion,
  // Hardship
  requestBreathingSpace,
  // Documents
  createForm,
  raiseDispute,
  uploadDocument,
  postponeDocument,
  // The dashboard's notices
  acknowledgeNotice,
  captureEmail,
  answerSpecialOffer,
  // Feedback
  giveFeedback,
  optOutOfSurveys,
} as const;

export type Registry = typeof registry;
export type ActionName = keyof Registry;
export type ActionOf<N extends ActionName> = Registry[N];
export const actionNames = Object.keys(registry) as ActionName[];
