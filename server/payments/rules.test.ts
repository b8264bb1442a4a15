import { describe, expect, it } from 'vitest';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { allowedMethods, refusal, type AllowedPurpose } from './allowed-methods.ts';
import { bankAccounts, cashMaxMinor, providerFees, type FeeTable } from './config.ts';
import { epcPayload } from './epc-qr.ts';
import { feeFor, providerFee, surchargeForbidden } from './fees.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { methodKey, type MethodKey } from './methods.ts';
import { withCheckDigit } from './providers/sandbox.ts';
import { fileFacts } from '../claims/facts.fixture.ts';
import { sign, verifySignature } from './providers/signature.ts';
import { amountFor, purposeFromQuery, type PaymentPurpose } from './purpose.ts';
import type { FileFacts } from '../claims/facts.ts';
import { canTransition, isFinal, sourcesOf, type PaymentStatus } from './state.ts';

const de = variants.de.paymentProviders.map(methodKey);
const base = { variantMethods: de, currency: 'EUR', amountMinor: 58784 };

describe('allowed methods per purpose', () => {
  it.each<[AllowedPurpose, MethodKey[]]>([
    ['normal', ['1', '2', '4', '5', '6', '9', '11']],
    ['instalmentPlan', ['3', '6', '7', '8']],
    ['instalments', ['1', '2', '4', '5', '6', '9', '11']],
    ['specialDeal', ['1', '2', '4', '5', '6', '9', '11']],
    ['partialPayment', ['1', '2', '4', '5', '6', '9', '11']],
    ['extension', ['1', '2', '3', '4', '5', '6', '9', '11']],
  ])('German file, %s', (purpose, expected) => {
    expect(allowedMethods({ ...base, purpose })).toEqual(expected);
  });

  it.each<[keyof typeof variants, string, MethodKey[]]>([
    ['ch', 'CHF', ['4', '6', 'twint']],
    ['se', 'SEK', ['4', '6', 'swish', 'openBanking']],
    ['no', 'NOK', ['4', '6', 'noPaymentRequest']],
    ['at', 'EUR', ['1', '2', '4', '5', '6']],
  ])('%s variant pays in %s with its own methods', (id, currency, expected) => {
    expect(
      allowedMethods({
        variantMethods: variants[id].paymentProviders.map(methodKey),
        purpose: 'normal',
        currency,
        amountMinor: 10000,
      }),
    ).toEqual(expected);
  });

  it('refuses with a reason', () => {
    expect(refusal('twint', { ...base, purpose: 'normal' })).toBe('notInVariant');
    expect(refusal('3', { ...base, purpose: 'normal' })).toBe('notForPurpose');
    expect(refusal('1', { ...base, purpose: 'normal', currency: 'CHF' })).toBe('currency');
    expect(refusal('5', { ...base, purpose: 'normal', amountMinor: cashMaxMinor + 1 })).toBe('amount');
    expect(refusal('5', { ...base, purpose: 'normal', amountMinor: cashMaxMinor })).toBeNull();
    expect(refusal('4', { ...base, purpose: 'normal', amountMinor: 0 })).toBe('amount');
    expect(refusal('4', { ...base, purpose: 'normal', functionsBlocked: true })).toBe('blocked');
    expect(refusal('4', { ...base, purpose: 'normal', providerOnline: false })).toBe('offline');
    expect(refusal('6', { ...base, purpose: 'normal', providerOnline: false })).toBeNull();
  });

  it('narrows by the file’s own list, never widening the table (decision 103)', () => {
    expect(allowedMethods({ ...base, purpose: 'normal', only: ['6', '4', '3', 'twint'] })).toEqual(['4', '6']);
    expect(refusal('1', { ...base, purpose: 'normal', only: ['6'] })).toBe('notForFile');
    expect(refusal('3', { ...base, purpose: 'normal', only: ['3'] })).toBe('notForPurpose');
    expect(refusal('twint', { ...base, purpose: 'normal', only: ['twint'] })).toBe('notInVariant');
    expect(allowedMethods({ ...base, purpose: 'instalmentPlan', only: ['6'] })).toEqual(['6']);
  });
});

describe('provider fees follow the law per variant (decision 024)', () => {
  it.each<[VariantId, MethodKey, number, number]>([
    // The issue: a German consumer was charged 9.07 EUR for a card payment of 587.84 EUR.
    ['de', '4', 58784, 0],
    ['de', '2', 58784, 0], // instant transfer
    ['de', '1', 58784, 0],
    ['de', '6', 58784, 0],
    ['paycare', '4', 58784, 0],
    ['at', '4', 58784, 0],
    ['at', '2', 58784, 0],
    ['se', '4', 58784, 0],
    ['se', 'swish', 58784, 0],
    ['no', '4', 58784, 0],
    ['de', '5', 58784, 588], // cash at a shop: 1 %, allowed
    ['de', '5', 5000, 100], // cash minimum 1.00
    ['ch', '4', 58784, 907], // outside the EU/EEA: 1.5 % + 0.25
    ['ch', '4', 1000, 50], // card minimum 0.50
    ['ch', 'twint', 58784, 0],
  ])('%s: method %s on %i costs %i', (variant, method, amount, fee) => {
    expect(providerFee(variant, method, amount)).toBe(fee);
  });
  it('never charges a forbidden surcharge, whatever the configuration says', () => {
    const card = { percentBp: 150, fixedMinor: 25, minMinor: 50 };
    expect(providerFee('de', '4', 58784, { '4': card })).toBe(0);
    expect(providerFee('ch', '4', 58784, { '4': card })).toBe(907);
  });
  it('has no configured fee that the law forbids', () => {
    for (const [id, table] of Object.entries(providerFees) as Array<[VariantId, FeeTable]>) {
      for (const method of Object.keys(table) as MethodKey[])
        expect(surchargeForbidden(variants[id].country, method), `${id} ${method}`).toBe(false);
    }
  });
  it('is zero for nothing to pay', () => {
    expect(feeFor({ percentBp: 150, fixedMinor: 25, minMinor: 50 }, 0)).toBe(0);
  });
});

describe('EPC QR payload (GiroCode)', () => {
  it('holds the exact amount, the account and the reference in the EPC069-12 order', () => {
    const payload = epcPayload({
      recipient: 'Clarus Inkasso GmbH',
      iban: 'DE02 2005 0550 1015 8713 93',
      bic: 'HASPDEHHXXX',
      amountMinor: 58784,
      currency: 'EUR',
      remittance: 'Az 100000001',
    });
    expect(payload?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'HASPDEHHXXX',
      'Clarus Inkasso GmbH',
      'DE02200505501015871393',
      'EUR587.84',
      '',
      '',
      'Az 100000001',
    ]);
  });
  it.each([
    [5, 'EUR0.05'],
    [100, 'EUR1.00'],
    [123456789, 'EUR1234567.89'],
  ])('formats %i as %s', (minor, text) => {
    expect(
      epcPayload({
        recipient: 'A',
        iban: 'DE02200505501015871393',
        amountMinor: minor,
        currency: 'EUR',
        remittance: 'x',
      })?.split('\n')[7],
    ).toBe(text);
  });
  it('refuses what a GiroCode cannot carry', () => {
    const ok = { recipient: 'A', iban: 'DE02200505501015871393', amountMinor: 100, currency: 'EUR', remittance: 'x' };
    expect(epcPayload({ ...ok, currency: 'CHF' })).toBeNull();
    expect(epcPayload({ ...ok, iban: 'DE00200505501015871393' })).toBeNull();
    expect(epcPayload({ ...ok, amountMinor: 0 })).toBeNull();
    expect(epcPayload({ ...ok, bic: 'NOPE' })).toBeNull();
  });
  it('keeps recipient and remittance on one line each, within the limits', () => {
    const payload = epcPayload({
      recipient: 'A\nB',
      iban: 'DE02200505501015871393',
      amountMinor: 100,
      currency: 'EUR',
      remittance: 'r'.repeat(200),
    })!;
    expect(payload.split('\n')).toHaveLength(11);
    expect(payload.split('\n')[10]).toHaveLength(140);
  });
});

describe('payment state machine', () => {
  const all: PaymentStatus[] = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired'];
  it('goes created → pending → paid | failed | cancelled | expired and never back', () => {
    expect(canTransition('created', 'pending')).toBe(true);
    for (const end of ['paid', 'failed', 'cancelled', 'expired'] as const) {
      expect(canTransition('pending', end)).toBe(true);
      expect(isFinal(end)).toBe(true);
      for (const to of all) expect(canTransition(end, to)).toBe(false);
    }
    expect(canTransition('pending', 'created')).toBe(false);
    expect(sourcesOf('paid')).toEqual(['created', 'pending']);
  });
});

describe('configuration and signatures', () => {
  it('has valid bank accounts for every variant', () => {
    for (const account of Object.values(bankAccounts)) {
      expect(isValidIBAN(account.iban)).toBe(true);
      expect(isValidBIC(account.bic)).toBe(true);
    }
  });
  it('gives cash slips an EAN-13 check digit', () => {
    expect(withCheckDigit('400638133393')).toBe('4006381333931');
  });
  it('verifies HMAC signatures and refuses tampering and replays', () => {
    const at = new Date('2026-01-01T10:00:00Z');
    const header = sign('s'.repeat(32), '{"a":1}', at);
    expect(verifySignature('s'.repeat(32), '{"a":1}', header, at)).toBe('ok');
    expect(verifySignature('s'.repeat(32), '{"a":2}', header, at)).toBe('signature');
    expect(verifySignature('t'.repeat(32), '{"a":1}', header, at)).toBe('signature');
    expect(verifySignature('s'.repeat(32), '{"a":1}', 'garbage', at)).toBe('signature');
    expect(verifySignature('s'.repeat(32), '{"a":1}', null, at)).toBe('signature');
    expect(verifySignature('s'.repeat(32), '{"a":1}', header, new Date(at.getTime() + 600_000))).toBe('stale');
  });
  it.each([
    [-300, 'ok'],
    [-301, 'stale'],
    [30, 'ok'],
    [31, 'stale'],
    [300, 'stale'],
  ] as const)('a signature made %i s away from now (minus: in the past) is %s', (offsetSeconds, expected) => {
    const now = new Date('2026-01-01T10:00:00Z');
    const header = sign('s'.repeat(32), '{"a":1}', new Date(now.getTime() + offsetSeconds * 1000));
    expect(verifySignature('s'.repeat(32), '{"a":1}', header, now)).toBe(expected);
  });
});

describe('what pay-direct pays (section 9)', () => {
  const base = fileFacts({ statusDate: '2026-01-01', mainClaimMinor: 50000, interestMinor: 1000, costsMinor: 7784 });
  const today = '2026-02-01';
  const plan = {
    status: 'active' as const,
    isSepa: false,
    sepaFailed: false,
    skipsUsed: 0,
    monthlyMinor: 15000,
    instalmentCount: 4,
    next: { position: 2, dueOn: '2026-02-15', amountMinor: 15000 },
    remainingMinor: 45000,
    overdue: false,
  };

  it.each<[string, string, Partial<FileFacts>, PaymentPurpose, number | null]>([
    ['plain', '', {}, 'openAmount', 58784],
    ['plain with an active plan', '', { plan }, 'remainder', 58784],
    [
      'down payment',
      'downpayment=true',
      { downPayment: { amountMinor: 20000, dueOn: null, status: 'pending' } },
      'downPayment',
      20000,
    ],
    [
      'down payment already paid',
      'downpayment=true',
      { downPayment: { amountMinor: 20000, dueOn: null, status: 'paid' } },
      'downPayment',
      null,
    ],
    ['a down payment on a file without one: a partial payment', 'downpayment=true', {}, 'partial', 58784],
    ['instalment', 'installment=true', { plan }, 'instalment', 15000],
    ['instalment without a plan', 'installment=true', {}, 'instalment', null],
    ['deposit required', 'deposit=true', { depositRequiredMinor: 15000 }, 'deposit', 15000],
    [
      'deposit paid',
      'deposit=true',
      { depositRequiredMinor: 15000, deposit: { amountMinor: 15000, status: 'paid' } },
      'deposit',
      null,
    ],
    [
      'valid offer',
      'offer=true',
      {
        specialOffer: { amountMinor: 54000, validTill: '2026-02-10', acceptedAt: null, declinedAt: null, paidAt: null },
      },
      'specialOffer',
      54000,
    ],
    [
      'expired offer',
      'offer=true',
      {
        specialOffer: { amountMinor: 54000, validTill: '2026-01-10', acceptedAt: null, declinedAt: null, paidAt: null },
      },
      'specialOffer',
      null,
    ],
    ['partial: the upper limit', 'partial=true', {}, 'partial', 58784],
    ['settled file', '', { statusCode: '3', totalMinor: 0 }, 'openAmount', null],
  ])('%s', (_name, query, overrides, purpose, amount) => {
    const facts = { ...base, ...overrides };
    expect(purposeFromQuery(new URLSearchParams(query), facts)).toBe(purpose);
    expect(amountFor(facts, purpose, today)).toBe(amount);
  });
});
