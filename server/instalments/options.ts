/**
 * The choices of the instalment forms, safe for the browser bundle (no database, no Node
 * modules): the route schemas use them on both sides.
 */
export const incomeProofTypes = ['payslip', 'pension', 'benefits', 'selfEmployed', 'other'] as const;
export type IncomeProofType = (typeof incomeProofTypes)[number];
/** How the instalments are paid: 3 SEPA direct debit, 6 bank transfer, or online through /checkout/pay-direct. */
export const planMethods = ['3', '6', 'online'] as const;
export type PlanMethod = (typeof planMethods)[number];
/** How a deferred claim is paid: 6 bank transfer or 3 SEPA direct debit. */
export const deferralMethods = ['6', '3'] as const;
export type DeferralMethod = (typeof deferralMethods)[number];
