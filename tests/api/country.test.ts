/**
 * The country payment providers of spec section 7 (issue 17): TWINT, the open-banking payment
 * (FinAPI, Finshark), Swish and the Norwegian payment request, with the spec's paths. Each starts
 * a payment through the sandbox adapter for a file of its variant and refuses every other file
 * (403 providerNotAvailable); the status calls never reach another file's payment (404).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pathOf, type AnyEndpoint } from '#server/api/define.ts';
import { countryEndpoints } from '#server/api/endpoints/country.ts';
import * as t from '#server/db/schema.ts';
import { sandboxProvider } from '#server/payments/service/provider.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { apiCall, expectProblem } from './helpers.ts';
import { callApi, tokenOf, type Call } from './pay-client.ts';

const database = useRouteDatabase();

const byPath = (path: string): AnyEndpoint => {
  const found = countryEndpoints.find((e) => pathOf(e) === path);
  if (!found) throw new Error(`no endpoint ${path}`);
  return found;
};

async function call(path: string, refno: string | null, input: Call = {}, level: 'limited' | 'full' = 'full') {
  return callApi(byPath(path), refno ? await tokenOf(refno, level) : null, input);
}

type Body = Record<string, unknown>;

it('serves the country calls at the paths the spec spells', () => {
  expect(countryEndpoints.map((e) => `${e.method} ${pathOf(e)}`).sort()).toEqual(
    [
      'POST /api/Zahlung/GetTwintUrl',
      'GET /api/Zahlung/GetTwintStatus',
      'POST /api/Zahlung/GetFinApiUrl',
      'GET /api/Finshark/GetPayment',
      'GET /api/Finshark/ValidatePayment/{id}',
      'POST /api/Swish/CreatePaymentRequest',
      'GET /api/Swish/GetPaymentRequest/{id}',
      'POST /api/NelloPay/CreatePaymentRequest',
    ].sort(),
  );
});

/** Starting calls: the file of the variant, a file of another variant, a bad amount. */
const starts: Array<{
  path: string;
  refno: string;
  method: string;
  currency: string;
  input: (amount: unknown) => Call;
}> = [
  {
    path: '/api/Zahlung/GetTwintUrl',
    refno: '300000001',
    method: 'twint',
    currency: 'CHF',
    input: (amount) => ({ body: { amount } }),
  },
  {
    path: '/api/Zahlung/GetFinApiUrl',
    refno: '400000001',
    method: 'openBanking',
    currency: 'SEK',
    input: (amount) => ({ body: { amount } }),
  },
  {
    path: '/api/Finshark/GetPayment',
    refno: '400000001',
    method: 'openBanking',
    currency: 'SEK',
    input: (amount) => ({ query: { amount: String(amount) } }),
  },
  {
    path: '/api/Swish/CreatePaymentRequest',
    refno: '400000001',
    method: 'swish',
    currency: 'SEK',
    input: (amount) => ({ query: { amount: String(amount) } }),
  },
  {
    path: '/api/NelloPay/CreatePaymentRequest',
    refno: '500000001',
    method: 'noPaymentRequest',
    currency: 'NOK',
    input: (amount) => ({ query: { amount: String(amount), language: 'no', paymentType: 'vipps' } }),
  },
];

describe.each(starts)('$path', ({ path, refno, method, currency, input }) => {
  it('valid: starts the payment at the sandbox with its records', async () => {
    const result = await call(path, refno, input(12.5));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body).toMatchObject({
      paymentProvider: method,
      status: 'pending',
      amount: { minor: 1250, currency },
    });
    expect(result.body.url).toMatch(/^\/sandbox\/pay\//);
    const [payment] = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.id, result.body.paymentId as string));
    expect(payment).toMatchObject({ providerId: method, amountMinor: 1250, currency });
    const [session] = await database.db
      .select()
      .from(t.sandboxPaymentSessions)
      .where(eq(t.sandboxPaymentSessions.merchantReference, payment!.id));
    expect(session?.method).toBe(method);
  });

  it('invalid: an amount with three decimals is 400, a file of another variant is 403 providerNotAvailable', async () => {
    expect((await call(path, refno, input(1.005))).status).toBe(400);
    expect((await call(path, refno, input(-1))).status).toBe(400);
    const other = await call(path, '100000001', input(12.5));
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('providerNotAvailable');
  });

  it('a call without a token is 401', async () => {
    expect((await call(path, null, input(12.5))).status).toBe(401);
  });
});

describe('one payment per Idempotency-Key', () => {
  it('a repeated Swish request with the same key answers the same payment', async () => {
    const headers = { 'Idempotency-Key': `swish-${crypto.randomUUID()}` };
    const first = await call('/api/Swish/CreatePaymentRequest', '400000001', { query: { amount: '3' }, headers });
    const again = await call('/api/Swish/CreatePaymentRequest', '400000001', { query: { amount: '3' }, headers });
    expect(again.body).toMatchObject({ paymentId: first.body.paymentId, replayed: true });
    const rows = await database.db
      .select()
      .from(t.payments)
      .where(eq(t.payments.idempotencyKey, headers['Idempotency-Key']));
    expect(rows).toHaveLength(1);
  });
});

/** Status calls: the own payment (asked at the provider), another file's payment, a payment of another method. */
const statuses: Array<{ path: string; refno: string; start: string; startInput: Call; read: (id: string) => Call }> = [
  {
    path: '/api/Zahlung/GetTwintStatus',
    refno: '300000001',
    start: '/api/Zahlung/GetTwintUrl',
    startInput: { body: { amount: 2 } },
    read: (id) => ({ query: { TransactionId: id } }),
  },
  {
    path: '/api/Finshark/ValidatePayment/{id}',
    refno: '400000001',
    start: '/api/Finshark/GetPayment',
    startInput: { query: { amount: '2' } },
    read: (id) => ({ params: { id } }),
  },
  {
    path: '/api/Swish/GetPaymentRequest/{id}',
    refno: '400000001',
    start: '/api/Swish/CreatePaymentRequest',
    startInput: { query: { amount: '2' } },
    read: (id) => ({ params: { id } }),
  },
];

describe.each(statuses)('$path', ({ path, refno, start, startInput, read }) => {
  it('valid: the own payment, pending until the provider says paid', async () => {
    const started = await call(start, refno, startInput);
    const id = started.body.paymentId as string;
    const open = await call(path, refno, read(id));
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ paymentId: id, status: 'pending' });
    const [payment] = await database.db.select().from(t.payments).where(eq(t.payments.id, id));
    expect((await sandboxProvider(database.db)!.decide(payment!.providerReference!, 'approve')).ok).toBe(true);
    const paid = await call(path, refno, read(id));
    expect((paid.body as Body).status).toBe('paid');
  });

  it("invalid: another file's payment and a made-up id are 404, never its data", async () => {
    const mine = await call(start, refno, startInput);
    const id = mine.body.paymentId as string;
    const stranger = await call(path, '100000001', read(id));
    expect(stranger.status).toBe(404);
    // Nothing of the payment: no amount, no method, no status, not the other file's reference.
    expect(stranger.body).not.toHaveProperty('amount');
    expect(stranger.body).not.toHaveProperty('status', 'pending');
    expect(JSON.stringify(stranger.body)).not.toMatch(/[345]00000001|pending|SEK|CHF/);
    expect((await call(path, refno, read(crypto.randomUUID()))).status).toBe(404);
    expect((await call(path, refno, read('not-an-id'))).status).toBe(404);
  });
});

it("a payment of another method is not found through a provider's status call", async () => {
  const swish = await call('/api/Swish/CreatePaymentRequest', '400000001', { query: { amount: '4' } });
  const asFinshark = await call('/api/Finshark/ValidatePayment/{id}', '400000001', {
    params: { id: swish.body.paymentId as string },
  });
  expect(asFinshark.status).toBe(404);
});

describe('language and caching', () => {
  it('the refusal speaks the language asked for (hl) and is never cached', async () => {
    const token = await tokenOf('100000001');
    const en = await apiCall('POST', '/api/Swish/CreatePaymentRequest?amount=5', { token, hl: 'en', json: {} });
    expectProblem(en, 403, 'providerNotAvailable');
    expect(en.body.title).toBe('This provider is not available for your file.');
    const sv = await apiCall('POST', '/api/Swish/CreatePaymentRequest?amount=5', { token, hl: 'sv', json: {} });
    expect(sv.body.title).toBe('Den här leverantören är inte tillgänglig för ditt ärende.');
  });

  it('a started payment is not cacheable', async () => {
    const answer = await call('/api/Zahlung/GetTwintUrl', '300000001', { body: { amount: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
  });
});
