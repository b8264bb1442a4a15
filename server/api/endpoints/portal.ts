/**
 * Spec section 7, the Portal calls (issue 17): feedback, the explanation video, mails, messages,
 * the start data of the app and the lists a client shows. Every change goes through the action
 * layer (giveFeedback, optOutOfSurveys, givePaymentFeedback, leavePaymentFeedback, mailPlan,
 * requestNoticeOfCompletion, sendMessage); every read uses the screens' own server functions.
 * Where the portal has no such function, the answer says so (documented on each endpoint).
 *
 * One module per capability (decision 085, as the Zahlung calls): feedback, the explanation video,
 * portal orders, mails, messages, the start data, the upload centre and the client's environment.
 * This list keeps the spec's order, which the OpenAPI document follows.
 */
import type { AnyEndpoint } from '../define.ts';
import { environmentCalls } from './portal/environment.ts';
import { feedbackCalls } from './portal/feedback.ts';
import { mailsCalls } from './portal/mails.ts';
import { messagesCalls } from './portal/messages.ts';
import { ordersCalls } from './portal/orders.ts';
import { startDataCalls } from './portal/start-data.ts';
import { uploadsCalls } from './portal/uploads.ts';
import { videoCalls } from './portal/video.ts';

export const portalEndpoints: AnyEndpoint[] = [
  feedbackCalls.CreateFeedback,
  feedbackCalls.CreateSchuldnerFeedbackBlacklistItem,
  feedbackCalls.createPaymentFeedback,
  feedbackCalls.LeftWithoutPaymentFeedback,
  feedbackCalls.CheckPaymentFeedback,
  feedbackCalls.CheckPaymentFeedbackOfVisit,
  feedbackCalls.GetLandingpageFeedback,
  videoCalls.GetVideoUrl,
  videoCalls.IsVideoAllowed,
  ordersCalls.CreatePortalAuftrag,
  ordersCalls.UpdatePortalAuftrag,
  mailsCalls.SendTilgungsplanMail,
  mailsCalls.SendUeberweisungMail,
  mailsCalls.SendErledigungsmitteilungMail,
  messagesCalls.SendNachricht,
  startDataCalls.GetInitDataV2,
  startDataCalls.GetFullData,
  startDataCalls.IsProfileUpdateAllowed,
  messagesCalls.GetSupportSubjects,
  startDataCalls.GetChatbotParameter,
  startDataCalls.GetBankingDetails,
  uploadsCalls.GetUploadTemplate,
  uploadsCalls.GetUploadFields,
  environmentCalls.GetEnvironment,
  environmentCalls.CreatePaypalErrorLogItem,
];
