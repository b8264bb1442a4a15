/**
 * Spec section 7, the Zahlung calls (issue 17). Every payment starts through the action layer's
 * `startPayment` (payment-support.ts), every agreement through its action (skipInstalment,
 * grantDeferral, announcePayment); reads use the functions the checkout and instalment pages use.
 * Amounts in requests are the spec's major-unit numbers, answers carry `{ minor, currency }`.
 *
 * Honest answers where the portal has no such function: the wallet vault (provider 8) keeps no
 * tokens here, so nothing exists, nothing can be read, created, confirmed or deleted (see each call).
 *
 * One module per capability (decision 085): payments (zahlung/payments.ts), the allowed methods,
 * announced payments, the wallet vault, pay later and the instalment plan, with the presenters
 * they share (zahlung/presenters.ts). This list keeps the spec's order, which the OpenAPI
 * document follows.
 */
import type { AnyEndpoint } from '../define.ts';
import { allowedMethodCalls } from './zahlung/allowed-methods.ts';
import { announceCalls } from './zahlung/announce.ts';
import { deferralCalls } from './zahlung/deferral.ts';
import { feeLookupCalls, paymentCalls } from './zahlung/payments.ts';
import { planCalls } from './zahlung/plan.ts';
import { vaultCallList } from './zahlung/vault.ts';

export { paymentStatus } from './zahlung/payments.ts';

export const zahlungEndpoints: AnyEndpoint[] = [
  paymentCalls.CreateBetterPaymentRequest,
  announceCalls.announcePastPaymentToCoeo,
  announceCalls.announcePastPaymentToClient,
  paymentCalls.CreatePartialPayment,
  planCalls.ExistsRatenzahlung,
  deferralCalls.CreateZahlungsankuendigung,
  allowedMethodCalls.GetAllowedPaymentMethods,
  allowedMethodCalls.GetAllowedPaymentMethodsForRZV,
  allowedMethodCalls.GetAllowedPaymentMethodsForInstallments,
  allowedMethodCalls.GetAllowedPaymentMethodsForSpecialDeal,
  allowedMethodCalls.GetAllowedPaymentMethodsForPartialPayment,
  allowedMethodCalls.GetAllowedPaymentMethodsForExtension,
  planCalls.GetRatenzahlungParameters,
  planCalls.GetRatenzahlungOverview,
  paymentCalls.GetZahlungen,
  planCalls.IsIbanValid,
  paymentCalls.GetSofortHash,
  paymentCalls.GetBetterPaymentUrl,
  ...feeLookupCalls,
  planCalls.GetSepaDate,
  planCalls.GetRate,
  planCalls.GetRatenzahlungStatus,
  paymentCalls.GetBarzahlenToken,
  ...vaultCallList,
  deferralCalls.GetZahlungsankuendigungParameter,
  deferralCalls.SetPaymentDate,
  planCalls.getInstallmentPlan,
  planCalls.SkipInstallment,
  paymentCalls.GetQrCodeData,
] as unknown as AnyEndpoint[];
