/**
 * The Zahlung calls of spec section 7 (issue 17) against the demo files: every endpoint with a
 * valid and an invalid payload, each answer checked against its published `response` schema;
 * payments created through the provider adapter (the sandbox) with their records in the database,
 * one payment per idempotency key; another file's ids are unknown (404); a reference-only token is
 * refused where the full login is needed.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '#server/api/define.ts';
import { zahlungEndpoints } from '#server/api/endpoints/zahlung.ts';
import { majorAmount } from '#server/api/endpoints/payment-support.ts';
import * as t from '#server/db/schema.ts';
import { sandboxProvider } from '#server/payments/service/provider.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { pdfBytes, exeBytes, useUploadFolder } from '../helpers/uploads.ts';
import { callEndpoint, tokenFor } from './direct.ts';
import { apiCall, expectProblem } from './helpers.ts';
import { callApi, tokenOf, type Call } from './pay-client.ts';
import englishCommon from '../../locales/en/common.json';

const englishDecimals = englishCommon.form.amount.decimals;

const database = useRouteDatabase();
useUploadFolder();

const endpoint = (name: string): AnyEndpoint => {
  const found = zahlungEndpoints.find((e) => e.name === name);
  if (!found) throw new Error(`no endpoint ${name}`);
  return found;
};

async function call(name: string, refno: string | null, input: Call = {}, level: 'limited' | 'full' = 'full') {
  return callApi(endpoint(name), refno ? await tokenOf(refno, level) : null, input);
}

async function fileId(refno: string): Promise<number> {
  const [file] = await database.db
    .select({ id: t.files.id })
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return file!.id;
}
const key = () => `test-${crypto.randomUUID()}`;
type Body = Record<string, unknown>;

describe('the amount of a payment call (major units, read strictly)', () => {
  it.each([
    [12.5, 1250],
    [0.01, 1],
    [1000, 100000],
    ['12.5', 1250],
    ['7', 700],
  ])('%s is %i minor units', (value, minor) => {
    expect(majorAmount.parse(value)).toBe(minor);
  });

  it.each([12.345, -5, 0, 0.001, '12,50', '1e3', 'abc', '', Infinity, null, true])('%s is refused', (value) => {
    expect(majorAmount.safeParse(value).success).toBe(false);
  });
});

describe('every Zahlung endpoint, a valid and an invalid payload', () => {
  const planId = { value: 0 };
  const offerId = { value: 0 };
  beforeAll(async () => {
    const [plan] = await database.db
      .select({ id: t.instalmentPlans.id })
      .from(t.instalmentPlans)
      .where(and(eq(t.instalmentPlans.fileId, await fileId('100000002')), eq(t.instalmentPlans.status, 'active')));
    planId.value = plan!.id;
    const [offer] = await database.db
      .select({ id: t.specialOffers.id })
      .from(t.specialOffers)
      .where(eq(t.specialOffers.fileId, await fileId('100000008')));
    offerId.value = offer!.id;
  });

  interface Case {
    refno: string;
    input?: () => Call;
    check?: (body: Body) => void;
  }
  interface Refusal extends Case {
    status: number;
    code?: string;
    level?: 'limited' | 'full';
  }
  const table: Record<string, { valid: Case; invalid: Refusal }> = {
    GetAllowedPaymentMethods: {
      valid: {
        refno: '100000001',
        check: (b) => {
          expect(b.amount).toEqual({ minor: 58784, currency: 'EUR' });
          const keys = (b.methods as Array<{ paymentProvider: string }>).map((m) => m.paymentProvider);
          expect(keys).toContain('4');
          expect(keys).not.toContain('3');
        },
      },
      // A settled claim: nothing to pay.
      invalid: { refno: '100000006', status: 403, code: 'nothingToPay' },
    },
    GetAllowedPaymentMethodsForRZV: {
      valid: {
        refno: '100000001',
        check: (b) => {
          expect(b.purpose).toBe('instalmentPlan');
          expect((b.methods as Array<{ paymentProvider: string }>).map((m) => m.paymentProvider)).toEqual([
            '3',
            '6',
            '7',
            '8',
          ]);
        },
      },
      // A plan is running: no second one (instalment error code 2).
      invalid: { refno: '100000002', status: 403, code: 'code2' },
    },
    GetAllowedPaymentMethodsForInstallments: {
      valid: {
        refno: '100000002',
        input: () => ({ params: { id: String(planId.value) } }),
        check: (b) => expect(b.amount).toEqual({ minor: 15000, currency: 'EUR' }),
      },
      // Another debtor's plan id: unknown, not forbidden.
      invalid: { refno: '100000001', input: () => ({ params: { id: String(planId.value) } }), status: 404 },
    },
    GetAllowedPaymentMethodsForSpecialDeal: {
      valid: {
        refno: '100000008',
        input: () => ({ params: { id: String(offerId.value) } }),
        check: (b) => expect(b.purpose).toBe('specialDeal'),
      },
      invalid: { refno: '100000001', input: () => ({ params: { id: String(offerId.value) } }), status: 404 },
    },
    GetAllowedPaymentMethodsForPartialPayment: {
      valid: { refno: '100000001', check: (b) => expect(b.purpose).toBe('partialPayment') },
      invalid: { refno: '100000006', status: 403, code: 'nothingToPay' },
    },
    GetAllowedPaymentMethodsForExtension: {
      valid: {
        refno: '100000001',
        check: (b) =>
          expect((b.methods as Array<{ paymentProvider: string }>).map((m) => m.paymentProvider)).toContain('6'),
      },
      invalid: { refno: '100000004', status: 409, code: 'alreadyGranted' },
    },
    GetRatenzahlungParameters: {
      valid: {
        refno: '100000001',
        check: (b) => {
          expect(b.eligibility).toMatchObject({ kind: 'allowed' });
          expect(b.total).toEqual({ minor: 62389, currency: 'EUR' });
        },
      },
      invalid: { refno: '100000001', status: 401 },
    },
    GetRatenzahlungOverview: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { monatlicheRatenhoehe: 100, datumErsteRate: firstDate.value } }),
        check: (b) => {
          const rows = b.rows as Array<{ amount: { minor: number }; isFinal: boolean }>;
          expect(rows.reduce((s, r) => s + r.amount.minor, 0)).toBe(62389);
          expect(rows.at(-1)?.isFinal).toBe(true);
        },
      },
      invalid: {
        refno: '100000001',
        input: () => ({ body: { monatlicheRatenhoehe: 1, datumErsteRate: firstDate.value } }),
        status: 400,
        code: 'invalid',
      },
    },
    GetZahlungen: {
      valid: {
        refno: '100000002',
        check: (b) => expect((b.payments as unknown[]).length).toBeGreaterThan(0),
      },
      invalid: { refno: '100000002', level: 'limited', status: 403, code: 'stepUp' },
    },
    IsIbanValid: {
      valid: {
        refno: '100000001',
        input: () => ({ params: { iban: 'DE89370400440532013000' } }),
        check: (b) => expect(b).toEqual({ valid: true, reason: null, acceptedCountry: 'DE' }),
      },
      invalid: { refno: '100000001', input: () => ({ params: { iban: 'D'.repeat(65) } }), status: 400 },
    },
    GetSofortHash: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 12.5 } }),
        check: (b) => expect(b.url).toMatch(/^\/sandbox\/pay\//),
      },
      invalid: { refno: '100000001', input: () => ({ body: { amount: 12.345 } }), status: 400 },
    },
    GetBetterPaymentUrl: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 20, isApplePay: false } }),
        check: (b) => {
          expect(b.paymentProvider).toBe('4');
          expect(b.url).toMatch(/embed=1$/);
        },
      },
      invalid: { refno: '100000001', input: () => ({ body: { amount: -20 } }), status: 400 },
    },
    GetSofortGebuehr: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 12.5 } }),
        check: (b) => expect(b.fee).toEqual({ minor: 0, currency: 'EUR' }),
      },
      invalid: { refno: '100000001', input: () => ({ body: {} }), status: 400 },
    },
    GetBarzahlenGebuehr: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 12.5 } }),
        check: (b) => expect(b.total).toEqual({ minor: 1350, currency: 'EUR' }),
      },
      // The Swiss variant offers no cash payment.
      invalid: {
        refno: '300000001',
        input: () => ({ body: { amount: 12.5 } }),
        status: 403,
        code: 'providerNotAvailable',
      },
    },
    GetPaypalGebuehr: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 5 } }),
        check: (b) => expect(b.paymentProvider).toBe('1'),
      },
      invalid: {
        refno: '400000001',
        input: () => ({ body: { amount: 5 } }),
        status: 403,
        code: 'providerNotAvailable',
      },
    },
    GetSepaGebuehr: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 5 } }),
        check: (b) => expect(b.paymentProvider).toBe('3'),
      },
      invalid: { refno: '100000001', input: () => ({ body: { amount: 'five' } }), status: 400 },
    },
    GetKreditkarteGebuehr: {
      valid: {
        refno: '300000001',
        input: () => ({ body: { amount: 5 } }),
        check: (b) => expect(b.amount).toEqual({ minor: 500, currency: 'CHF' }),
      },
      invalid: { refno: '100000001', input: () => ({ body: { amount: 0 } }), status: 400 },
    },
    GetSepaDate: {
      valid: { refno: '100000001', check: (b) => expect((b.earliest as string) <= (b.latest as string)).toBe(true) },
      invalid: { refno: '300000001', status: 403, code: 'providerNotAvailable' },
    },
    GetRate: {
      valid: { refno: '100000002', check: (b) => expect(b.monthlyAmount).toEqual({ minor: 15000, currency: 'EUR' }) },
      invalid: { refno: '100000002', input: () => ({}), status: 401 },
    },
    GetRatenzahlungStatus: {
      valid: {
        refno: '100000005',
        check: (b) =>
          expect(b.newPlan).toEqual({ kind: 'depositFirst', errorCode: 5, amount: { minor: 15000, currency: 'EUR' } }),
      },
      invalid: { refno: '100000005', status: 401 },
    },
    GetBarzahlenToken: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 10 } }),
        check: (b) => expect(b.slipNumber).toMatch(/^\d{13}$/),
      },
      invalid: {
        refno: '300000001',
        input: () => ({ body: { amount: 10 } }),
        status: 403,
        code: 'providerNotAvailable',
      },
    },
    ExistsPaypalVaultToken: {
      valid: { refno: '100000001', check: (b) => expect(b).toEqual({ exists: false }) },
      invalid: { refno: '100000001', status: 401 },
    },
    GetPaypalVaultToken: {
      valid: { refno: '100000001', check: () => undefined },
      invalid: { refno: '100000001', status: 401 },
    },
    CreatePaypalVaultUrl: {
      valid: { refno: '100000001', check: () => undefined },
      invalid: { refno: '100000001', status: 401 },
    },
    ConfirmPaypalVaultToken: {
      valid: { refno: '100000001', input: () => ({ body: { token: 'abc' } }), check: () => undefined },
      invalid: { refno: '100000001', input: () => ({ body: {} }), status: 400 },
    },
    DeletePaypalVaultToken: {
      valid: { refno: '100000001', input: () => ({ body: { token: 'abc' } }), check: () => undefined },
      invalid: { refno: '100000001', input: () => ({ body: { token: '' } }), status: 400 },
    },
    GetZahlungsankuendigungParameter: {
      valid: {
        refno: '100000001',
        check: (b) => {
          expect(b.eligibility).toBe('allowed');
          expect(b.options).toEqual([expect.objectContaining({ days: 30, fee: { minor: 3605, currency: 'EUR' } })]);
        },
      },
      invalid: { refno: '100000001', status: 401 },
    },
    getInstallmentPlan: {
      valid: {
        refno: '100000002',
        check: (b) => expect((b.rows as Array<{ isFinal: boolean }>).at(-1)?.isFinal).toBe(true),
      },
      invalid: { refno: '100000001', status: 403 },
    },
    GetQrCodeData: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { amount: 12.5 } }),
        check: (b) => {
          expect(b.payload).toMatch(/^BCD\n002\n1\nSCT\n/);
          expect(b.payload).toContain('EUR12.50');
          expect(b.svgDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
        },
      },
      invalid: { refno: '100000001', input: () => ({ body: { amount: '12.5.0' } }), status: 400 },
    },
    // Each of the following changes the file: its own describe below covers it further.
    CreatePartialPayment: {
      valid: {
        refno: '100000012',
        input: () => ({ body: { paymentProvider: 6, amount: 10 } }),
        check: (b) => expect(b).toMatchObject({ purpose: 'partial', status: 'pending', amount: { minor: 1000 } }),
      },
      invalid: { refno: '100000001', input: () => ({ body: { paymentProvider: 'bitcoin', amount: 10 } }), status: 400 },
    },
    ExistsRatenzahlung: {
      valid: { refno: '100000002', check: (b) => expect(b).toEqual({ exists: true, status: 'active' }) },
      invalid: { refno: '100000002', status: 401 },
    },
    CreateZahlungsankuendigung: {
      valid: {
        refno: '200000001',
        input: () => ({ body: { LatestPaymentDate: '2099-12-31', paymentMethod: '6', feeAgreed: true } }),
        check: (b) => expect(b).toMatchObject({ paymentProvider: '6', mandateReference: null }),
      },
      invalid: {
        refno: '100000001',
        input: () => ({ body: { LatestPaymentDate: '31.12.2099', paymentMethod: '6' } }),
        status: 400,
      },
    },
    SetPaymentDate: {
      valid: {
        refno: '600000001',
        input: () => ({ body: { paymentProvider: 6, feeAgreed: true } }),
        check: (b) => expect(b.paymentProvider).toBe('6'),
      },
      invalid: {
        refno: '100000004',
        input: () => ({ body: { paymentProvider: 6, feeAgreed: true } }),
        status: 409,
        code: 'alreadyGranted',
      },
    },
    SkipInstallment: {
      valid: {
        refno: '100000002',
        check: (b) => expect(b.skipped).toMatchObject({ position: 3, amount: { minor: 15000 } }),
      },
      invalid: { refno: '100000001', status: 403 },
    },
    CreateBetterPaymentRequest: {
      valid: {
        refno: '100000001',
        input: () => ({ body: { transactionId: cardPayment.value, status: 'success', amount: 20 } }),
        check: (b) => expect(b).toMatchObject({ paymentId: cardPayment.value, paymentProvider: '4' }),
      },
      invalid: { refno: '100000001', input: () => ({ body: { transactionId: crypto.randomUUID() } }), status: 404 },
    },
    announcePastPaymentToCoeo: {
      valid: {
        refno: '100000001',
        input: () => ({ body: announcement, files: [receipt()] }),
        check: (b) => expect(b).toMatchObject({ attachments: 1 }),
      },
      invalid: {
        refno: '100000001',
        input: () => ({ body: announcement, files: [{ ...receipt(), bytes: exeBytes() }] }),
        status: 400,
      },
    },
    announcePastPaymentToClient: {
      valid: {
        refno: '100000002',
        input: () => ({ body: { ...announcement, paymentTo: 'Creditor Ltd' }, files: [receipt(), receipt()] }),
        check: (b) => expect(b).toMatchObject({ announcementId: expect.any(Number), attachments: 2 }),
      },
      invalid: {
        refno: '100000002',
        input: () => ({ body: announcement, files: [receipt()] }),
        level: 'limited',
        status: 403,
        code: 'stepUp',
      },
    },
  };

  const firstDate = { value: '' };
  const cardPayment = { value: '' };
  const announcement = {
    paymentDate: '2026-01-15',
    paymentAmount: '25.5',
    paymentFrom: 'Max Mustermann',
    ibanFrom: 'DE89370400440532013000',
    paymentReason: 'Az 100000001',
  };
  const receipt = () => ({
    field: 'attachments',
    filename: 'beleg.pdf',
    contentType: 'application/pdf',
    bytes: pdfBytes(),
  });

  beforeAll(async () => {
    const params = await call('GetRatenzahlungParameters', '100000001');
    firstDate.value = params.body.firstDateEarliest as string;
    const card = await call('GetBetterPaymentUrl', '100000001', { body: { amount: 20 } });
    cardPayment.value = card.body.paymentId as string;
  });

  it('has a case for every Zahlung endpoint (a missing one fails)', () => {
    expect(Object.keys(table).sort()).toEqual(zahlungEndpoints.map((e) => e.name).sort());
  });

  for (const [name, { valid, invalid }] of Object.entries(table)) {
    it(`${name}: valid`, async () => {
      const ep = endpoint(name);
      const result = await call(name, valid.refno, valid.input?.());
      const refusedHonestly = ep.name.includes('Vault') && ep.name !== 'ExistsPaypalVaultToken';
      if (refusedHonestly) {
        // No vault provider is connected: an honest refusal, never a made-up token.
        expect([403, 404]).toContain(result.status);
        return;
      }
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      valid.check?.(result.body);
    });
    it(`${name}: invalid`, async () => {
      const noToken = invalid.status === 401;
      const result = await call(name, noToken ? null : invalid.refno, invalid.input?.(), invalid.level ?? 'full');
      expect(result.status, JSON.stringify(result.body)).toBe(invalid.status);
      if (invalid.code) expect(result.body.code).toBe(invalid.code);
    });
  }
});

describe('field messages in the language asked for', () => {
  it('names the field and says what is wrong with it', async () => {
    const token = await tokenOf('100000001');
    const params = await call('GetRatenzahlungParameters', '100000001');
    const rate = await apiCall('POST', '/api/Zahlung/GetRatenzahlungOverview', {
      token,
      hl: 'en',
      json: { monatlicheRatenhoehe: 1, datumErsteRate: params.body.firstDateEarliest },
    });
    expectProblem(rate, 400, 'invalid');
    expect(rate.body.issues).toEqual([
      { path: 'monatlicheRatenhoehe', message: 'The monthly amount is too low for an instalment plan.' },
    ]);
    expect(rate.body.values).toEqual({ minimumRateMinor: 1300, maximumRateMinor: expect.any(Number) });
    const cents = await apiCall('POST', '/api/Zahlung/GetSofortGebuehr', { token, hl: 'en', json: { amount: 12.345 } });
    expectProblem(cents, 400, 'invalid');
    expect(cents.body.issues).toEqual([{ path: 'amount', message: englishDecimals }]);
  });
});

describe('caching', () => {
  it("a debtor's data is cached privately for 15 minutes, a change never", async () => {
    const read = await call('GetAllowedPaymentMethods', '100000001');
    expect(read.headers.get('Cache-Control')).toBe('private, max-age=900');
    const change = await call('CreatePartialPayment', '100000012', { body: { paymentProvider: 6, amount: 1 } });
    expect(change.status).toBe(200);
    expect(change.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('payments through the provider adapter', () => {
  it('creates the payment, its portal order and the sandbox session; the same Idempotency-Key answers the same payment', async () => {
    const headers = { 'Idempotency-Key': key() };
    const first = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '2', amount: 33.3 },
      headers,
    });
    const again = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '2', amount: 33.3 },
      headers,
    });
    expect(first.status).toBe(200);
    expect(again.body).toMatchObject({ paymentId: first.body.paymentId, replayed: true });

    const rows = await database.db
      .select()
      .from(t.payments)
      .where(
        and(
          eq(t.payments.fileId, await fileId('100000012')),
          eq(t.payments.idempotencyKey, headers['Idempotency-Key']),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 3330, providerId: '2', purpose: 'partial', status: 'pending' });
    const [session] = await database.db
      .select()
      .from(t.sandboxPaymentSessions)
      .where(eq(t.sandboxPaymentSessions.merchantReference, rows[0]!.id));
    expect(session?.amountMinor).toBe(3330);
    const orders = await database.db
      .select()
      .from(t.portalOrders)
      .where(eq(t.portalOrders.fileId, await fileId('100000012')));
    expect(orders.filter((o) => (o.info ?? '').includes(rows[0]!.id))).toHaveLength(1);
  });

  it('answers 422 to an Idempotency-Key reused with another amount or method, and starts nothing more', async () => {
    const headers = { 'Idempotency-Key': key() };
    const first = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '2', amount: 12 },
      headers,
    });
    expect(first.status).toBe(200);
    const otherAmount = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '2', amount: 1200 },
      headers,
    });
    expectProblem(otherAmount, 422, 'keyReused');
    expect(otherAmount.body.paymentId).toBeUndefined();
    const otherMethod = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '6', amount: 12 },
      headers,
    });
    expectProblem(otherMethod, 422, 'keyReused');
    // The same body under the same key still answers the first payment.
    const same = await call('CreatePartialPayment', '100000012', {
      body: { paymentProvider: '2', amount: 12 },
      headers,
    });
    expect(same.body).toMatchObject({ paymentId: first.body.paymentId, replayed: true });
    const rows = await database.db
      .select()
      .from(t.payments)
      .where(
        and(
          eq(t.payments.fileId, await fileId('100000012')),
          eq(t.payments.idempotencyKey, headers['Idempotency-Key']),
        ),
      );
    expect(rows.map((row) => row.amountMinor)).toEqual([1200]);
  });

  it("never books on the client's word: the status is asked at the provider, and a paid payment is booked once", async () => {
    const started = await call('GetBetterPaymentUrl', '100000010', { body: { amount: 15 } });
    const id = started.body.paymentId as string;
    // The client claims success before anything was paid: still pending.
    const claimed = await call('CreateBetterPaymentRequest', '100000010', {
      body: { transactionId: id, status: 'success', statusCode: 200, amount: 15 },
    });
    expect(claimed.body.status).toBe('pending');

    const [payment] = await database.db.select().from(t.payments).where(eq(t.payments.id, id));
    const decided = await sandboxProvider(database.db)!.decide(payment!.providerReference!, 'approve');
    expect(decided.ok).toBe(true);
    const paid = await call('CreateBetterPaymentRequest', '100000010', { body: { transactionId: id } });
    const twice = await call('CreateBetterPaymentRequest', '100000010', { body: { transactionId: id } });
    expect(paid.body.status).toBe('paid');
    expect(twice.body.status).toBe('paid');
    const booked = await database.db
      .select()
      .from(t.paymentsMade)
      .where(and(eq(t.paymentsMade.fileId, await fileId('100000010')), eq(t.paymentsMade.amountMinor, 1500)));
    expect(booked).toHaveLength(1);
  });

  it('does not pay more than is open once the payments under way are counted', async () => {
    const open = await call('GetAllowedPaymentMethodsForPartialPayment', '100000008');
    const all = (open.body.amount as { minor: number }).minor;
    // A payment at the provider's page (an awaited transfer would be replaced instead: decision 058).
    const first = await call('CreatePartialPayment', '100000008', { body: { paymentProvider: 2, amount: all / 100 } });
    expect(first.status).toBe(200);
    const second = await call('CreatePartialPayment', '100000008', { body: { paymentProvider: 6, amount: 1 } });
    expect(second.status).toBe(403);
    expect(second.body.code).toBe('inFlight');
  });

  it('a payment id of another file is unknown to the card status call', async () => {
    const other = await call('GetSofortHash', '100000003', { body: { amount: 5 } });
    const result = await call('CreateBetterPaymentRequest', '100000001', {
      body: { transactionId: other.body.paymentId },
    });
    expect(result.status).toBe(404);
    expect(JSON.stringify(result.body)).not.toContain('100000003');
  });
});

describe('agreements through the action layer', () => {
  it('pay later with a fee is refused until the fee is agreed; then granted once', async () => {
    const params = await call('GetZahlungsankuendigungParameter', '100000013');
    expect((params.body.options as Array<{ fee: { minor: number } }>)[0]!.fee.minor).toBeGreaterThan(0);
    const noFee = await call('SetPaymentDate', '100000013', { body: { paymentProvider: '6' } });
    expect(noFee.status).toBe(403);
    expect(noFee.body.code).toBe('feeNotAgreed');
    const granted = await call('SetPaymentDate', '100000013', { body: { paymentProvider: '6', feeAgreed: true } });
    expect(granted.status).toBe(200);
    const again = await call('SetPaymentDate', '100000013', { body: { paymentProvider: '6', feeAgreed: true } });
    expect(again.status).toBe(409);
    const rows = await database.db
      .select()
      .from(t.deferrals)
      .where(eq(t.deferrals.fileId, await fileId('100000013')));
    expect(rows).toHaveLength(1);
  });

  it('the announcement stores the payment and its receipt for the file', async () => {
    const rows = await database.db
      .select()
      .from(t.announcedPayments)
      .where(eq(t.announcedPayments.fileId, await fileId('100000001')));
    expect(rows.some((r) => r.amountMinor === 2550 && r.payee === 'agency')).toBe(true);
    const uploads = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.fileId, await fileId('100000001')), eq(t.uploads.context, 'announcedPayment')));
    expect(uploads.some((u) => u.ownerId !== null)).toBe(true);
  });

  it('the handler itself refuses a reference-only session where the full login is needed', async () => {
    const token = await tokenFor(database.db, '100000001', 'limited');
    // Past the runtime's gate (as if it were missing): the action layer still asks for the full login.
    const result = await callEndpoint(
      database.db,
      { ...endpoint('announcePastPaymentToCoeo'), auth: 'limited' },
      token,
      {
        body: { paymentDate: '2026-01-15', paymentAmount: 5, paymentFrom: 'Max Mustermann' },
        files: [{ field: 'attachments', filename: 'a.pdf', contentType: 'application/pdf', bytes: pdfBytes() }],
      },
    );
    expect(result.status).toBe(403);
    expect(result.body.code).toBe('stepUp');
  });
});

describe('the special deal’s methods: only for the offer the file has now', () => {
  const methodsFor = async (id: number) =>
    call('GetAllowedPaymentMethodsForSpecialDeal', '100000008', { params: { id: String(id) } });

  it('answers the latest offer; an earlier offer’s id and a withdrawn offer’s id are unknown (404)', async () => {
    const file = await fileId('100000008');
    const [earlier] = await database.db
      .select({
        id: t.specialOffers.id,
        amountMinor: t.specialOffers.amountMinor,
        validTill: t.specialOffers.validTill,
      })
      .from(t.specialOffers)
      .where(eq(t.specialOffers.fileId, file));
    expect((await methodsFor(earlier!.id)).status).toBe(200);

    // The agency makes a new offer: the earlier one is no longer what the file offers.
    const [latest] = await database.db
      .insert(t.specialOffers)
      .values({ fileId: file, amountMinor: earlier!.amountMinor, validTill: earlier!.validTill })
      .returning({ id: t.specialOffers.id });
    try {
      expect((await methodsFor(latest!.id)).status).toBe(200);
      const stale = await methodsFor(earlier!.id);
      expect(stale.status).toBe(404);
      expectProblem(stale, 404, 'offerNotFound');

      // The agency withdraws it (decision 106): no offer to pay, whatever the id.
      await database.db
        .update(t.specialOffers)
        .set({ withdrawnAt: new Date() })
        .where(eq(t.specialOffers.id, latest!.id));
      expect((await methodsFor(latest!.id)).status).toBe(404);
      expect((await methodsFor(earlier!.id)).status).toBe(404);
    } finally {
      await database.db.delete(t.specialOffers).where(eq(t.specialOffers.id, latest!.id));
    }
    expect((await methodsFor(earlier!.id)).status).toBe(200);
  });
});
