import type { FileFacts } from './facts.ts';

/**
 * A file's facts for rule tests: the open claim of 100000001 (587.84 EUR: main claim, interest,
 * costs) with no plan, offer, deferral or measure. A test overrides only what it examines.
 */
export function fileFacts(overrides: Partial<FileFacts> = {}): FileFacts {
  return {
    fileId: 1,
    refno: '100000001',
    subcase: 1,
    statusCode: '1',
    subState: null,
    statusDate: '2026-11-08',
    currency: 'EUR',
    totalMinor: 587_84,
    mainClaimMinor: 429_90,
    interestMinor: 12_37,
    costsMinor: 145_57,
    paymentsMinor: 0,
    functionsBlocked: false,
    disputedAt: null,
    closedAt: null,
    instalmentErrorCode: null,
    depositRequiredMinor: null,
    hasVideo: false,
    hasInvoices: false,
    showEventHistory: true,
    plan: null,
    downPayment: null,
    deposit: null,
    deferral: null,
    specialOffer: null,
    noticeOfCompletionRequestedAt: null,
    terms: { paymentMethods: null, instalmentTerms: null },
    ...overrides,
  };
}
