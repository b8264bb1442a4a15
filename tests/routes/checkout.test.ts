/**
 * The checkout routes with real requests against a seeded database: creating a payment by the
 * form (one payment per idempotency key), the provider's return, the signed webhook route and the
 * TWINT postback (bad signatures refused with 401, broken bodies with 400, never a 500), the
 * authorization of every payment page (another debtor's payment is unknown), and the feedback.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { sign, signatureHeader } from '#server/payments/providers/signature.ts';
import { sandboxProvider } from '#server/payments/service/provider.ts';
import { paymentConfig } from '#server/payments/config.ts';
import { action as payDirect, loader as payDirectPage } from '~/routes/$portal.checkout.pay-direct';
import { action as cardContact } from '~/routes/$portal.checkout.pay-direct_.card';
import {
  action as paymentAction,
  loader as paymentPage,
} from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId';
import { loader as returnLoader } from '~/routes/$portal.checkout.pay-direct_.return';
import {
  action as confirmationAction,
  loader as confirmation,
} from '~/routes/$portal.checkout.pay-direct_.confirmation.$paymentId';
import { loader as twintSuccess } from '~/routes/$portal.checkout.pay-direct-success';
import { action as twintPostback } from '~/routes/$portal.twintPostback';
import { action as webhook } from '~/routes/payments.webhook.$provider';
import { formRequest, getRequest, origin, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

async function paymentsOf(refno: string) {
  return database.db
    .select()
    .from(t.payments)
    .where(eq(t.payments.fileId, (await fileOf(refno)).id));
}
function webhookRequest(path: string, body: string, headers: Record<string, string>) {
  return new Request(`${origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

describe('choosing a method', () => {
  it('shows the open amount and the allowed methods with their fees', async () => {
    const result = await run(
      payDirectPage,
      getRequest('/serviceportal/checkout/pay-direct', { Cookie: await cookieFor('100000004') }),
      de,
    );
    const d = result.data as { amountMinor: number; methods: Array<{ key: string; feeMinor: number }> };
    expect(d.amountMinor).toBe(42150);
    expect(d.methods.map((m) => m.key)).toEqual(['1', '2', '4', '5', '6', '9', '11']);
    // No surcharge on a card in the EU (PSD2 art. 62(4), § 270a BGB; decision 024): it was 6.57 EUR.
    expect(d.methods.find((m) => m.key === '4')?.feeMinor).toBe(0);
  });

  it('refuses a missing method and a bad partial amount with 400, keeping what was typed', async () => {
    const cookie = await cookieFor('100000004');
    const noMethod = await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    expect(noMethod.status).toBe(400);
    const tooMuch = await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct?partial=true',
        { intent: 'pay', method: '6', amount: '9999,00', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.data)).toContain('errors.amount.tooHigh');
    expect(JSON.stringify(tooMuch.data)).toContain('9999,00');
    const notAllowed = await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: 'twint', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    expect(notAllowed.status).toBe(400);
    expect(JSON.stringify(notAllowed.data)).toContain('errors.notAvailable');
    expect(await paymentsOf('100000004')).toHaveLength(0);
  });

  it('makes one payment for a form sent twice, and sends the debtor to the provider both times', async () => {
    const cookie = await cookieFor('100000004');
    const fields = { intent: 'pay', method: '2', idempotencyKey: crypto.randomUUID() };
    const first = await run(
      payDirect,
      formRequest('/serviceportal/checkout/pay-direct?partial=true', { ...fields, amount: '50' }, { Cookie: cookie }),
      de,
    );
    const second = await run(
      payDirect,
      formRequest('/serviceportal/checkout/pay-direct?partial=true', { ...fields, amount: '50' }, { Cookie: cookie }),
      de,
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('Location')).toMatch(/^\/sandbox\/pay\/[0-9a-f-]{36}\?variant=de&hl=de$/);
    expect(second.headers.get('Location')).toBe(first.headers.get('Location'));
    const rows = await paymentsOf('100000004');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountMinor: 5000, feeMinor: 0, purpose: 'partial', status: 'pending' });
    const orders = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.fileId, rows[0]!.fileId));
    expect(orders.filter((o) => o.orderType === 'partialPayment')).toHaveLength(1);
  });

  it('does not pass a form sent again with another amount off as the first payment: a fresh form says so', async () => {
    const cookie = await cookieFor('100000001');
    const fields = { intent: 'pay', method: '2', idempotencyKey: crypto.randomUUID() };
    const path = '/serviceportal/checkout/pay-direct?partial=true';
    const first = await run(payDirect, formRequest(path, { ...fields, amount: '20' }, { Cookie: cookie }), de);
    expect(first.headers.get('Location')).toMatch(/^\/sandbox\/pay\//);
    // The page restored from the history, another amount typed, the same hidden key.
    const changed = await run(payDirect, formRequest(path, { ...fields, amount: '70' }, { Cookie: cookie }), de);
    expect(changed.status).toBe(302);
    expect(changed.headers.get('Location')).toBe('/serviceportal/checkout/pay-direct?partial=true&error=keyReused');
    const rows = await paymentsOf('100000001');
    expect(rows.map((row) => row.amountMinor)).toEqual([2000]);
    const page = await run(
      payDirectPage,
      getRequest('/serviceportal/checkout/pay-direct?partial=true&error=keyReused', { Cookie: cookie }),
      de,
    );
    const d = page.data as { error: string; underWay: { id: string } | null; idempotencyKey: string };
    expect(d.error).toBe('keyReused');
    expect(d.underWay?.id).toBe(rows[0]!.id);
    expect(d.idempotencyKey).not.toBe(fields.idempotencyKey);
  });

  it('asks card payers for contact data first, and refuses the form without the two confirmations', async () => {
    const cookie = await cookieFor('100000012');
    const key = crypto.randomUUID();
    const chosen = await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: '4', idempotencyKey: key },
        { Cookie: cookie },
      ),
      de,
    );
    expect(chosen.headers.get('Location')).toBe(`/serviceportal/checkout/pay-direct/card?key=${key}`);
    const contact = {
      key,
      firstName: 'Jana',
      lastName: 'Krüger',
      street: 'Lindenweg 4',
      zip: '20095',
      city: 'Hamburg',
    };
    const missing = await run(
      cardContact,
      formRequest('/serviceportal/checkout/pay-direct/card', contact, { Cookie: cookie }),
      de,
    );
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain('errors.contact.cardTerms');
    // Each name's message names its field: the error summary never says the same sentence twice.
    const digits = await run(
      cardContact,
      formRequest(
        '/serviceportal/checkout/pay-direct/card',
        { ...contact, firstName: 'Jana1', lastName: 'Krüger2', cardTerms: 'on', acknowledgeDebt: 'on' },
        { Cookie: cookie },
      ),
      de,
    );
    expect(digits.status).toBe(400);
    expect((digits.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      firstName: ['errors.contact.firstNameLetters'],
      lastName: ['errors.contact.lastNameLetters'],
    });
    const ok = await run(
      cardContact,
      formRequest(
        '/serviceportal/checkout/pay-direct/card',
        { ...contact, cardTerms: 'on', acknowledgeDebt: 'on' },
        { Cookie: cookie },
      ),
      de,
    );
    expect(ok.headers.get('Location')).toMatch(/^\/serviceportal\/checkout\/pay-direct\/payment\/[0-9a-f-]{36}$/);
    const page = await run(paymentPage, getRequest(ok.headers.get('Location')!, { Cookie: cookie }), {
      ...de,
      paymentId: ok.headers.get('Location')!.split('/').pop()!,
    });
    expect((page.data as { providerUrl: string }).providerUrl).toMatch(
      /^\/sandbox\/pay\/[0-9a-f-]{36}\?embed=1&variant=de&hl=de$/,
    );
  });
});

describe('an awaited bank transfer (issue 31, finding 6; decision 058)', () => {
  const at = { portal: 'serviceportal-at' };
  const path = '/serviceportal-at/checkout/pay-direct';

  it('does not block a newer payment: the page names it, the newer payment replaces it; a payment at a provider still blocks', async () => {
    // A reference-only session (anyone holding the letter) starts a 14-day transfer of the whole claim.
    const limited = await cookieFor('200000001', 'limited');
    const transfer = await run(
      payDirect,
      formRequest(path, { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() }, { Cookie: limited }),
      at,
    );
    expect(transfer.headers.get('Location')).toMatch(/^\/serviceportal-at\/checkout\/pay-direct\/payment\//);
    const [awaited] = await paymentsOf('200000001');
    expect(awaited).toMatchObject({ providerId: '6', status: 'pending' });

    // The debtor, signed in later, is told about it before choosing ...
    const cookie = await cookieFor('200000001');
    const page = await run(payDirectPage, getRequest(path, { Cookie: cookie }), at);
    const d = page.data as { awaited: { id: string } | null; methods: Array<{ key: string; flow: string }> };
    expect(d.awaited?.id).toBe(awaited!.id);
    const online = d.methods.find((m) => m.flow === 'redirect')!.key;

    // ... and pays at once online: the transfer no longer counts and is marked as replaced.
    const paid = await run(
      payDirect,
      formRequest(path, { intent: 'pay', method: online, idempotencyKey: crypto.randomUUID() }, { Cookie: cookie }),
      at,
    );
    expect(paid.headers.get('Location')).toMatch(/^\/sandbox\/pay\//);
    const rows = await paymentsOf('200000001');
    expect(rows.find((row) => row.id === awaited!.id)).toMatchObject({
      status: 'cancelled',
      failureReason: 'superseded',
    });
    expect(rows.find((row) => row.providerId === online)).toMatchObject({ status: 'pending' });

    // A payment at a provider's page (minutes) is still never doubled.
    const again = await run(
      payDirect,
      formRequest(path, { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() }, { Cookie: cookie }),
      at,
    );
    expect(again.headers.get('Location')).toBe(`${path}?error=inFlight`);
    expect(await paymentsOf('200000001')).toHaveLength(2);
  });
});

describe('returning from the provider and the webhook', () => {
  it('books once whether the webhook or the return comes first, and however often either comes', async () => {
    const cookie = await cookieFor('600000001');
    const paycare = { portal: 'paycare' };
    const created = await run(
      payDirect,
      formRequest(
        '/paycare/checkout/pay-direct',
        { intent: 'pay', method: '1', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      paycare,
    );
    const [payment] = await paymentsOf('600000001');
    const provider = sandboxProvider(database.db)!;
    const decided = await provider.decide(payment!.providerReference!, 'approve');
    if (!decided.ok) throw new Error('not decided');
    // Back to the configured public address (demo mode: http://localhost:PORT), not the request's host.
    expect(decided.redirectTo).toBe(`http://localhost:3000/paycare/checkout/pay-direct/return?payment=${payment!.id}`);
    expect(created.status).toBe(302);

    const hook = provider.webhookFor(decided.session);
    for (let i = 0; i < 3; i++) {
      const answer = await run(
        webhook,
        webhookRequest('/payments/webhook/sandbox', hook.rawBody, Object.fromEntries(hook.headers)),
        { provider: 'sandbox' },
      );
      expect(answer.status).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const back = await run(
        returnLoader,
        getRequest(`/paycare/checkout/pay-direct/return?payment=${payment!.id}`, { Cookie: cookie }),
        paycare,
      );
      expect(back.headers.get('Location')).toBe(`/paycare/checkout/pay-direct/confirmation/${payment!.id}`);
    }
    const booked = await database.db.select().from(t.paymentsMade).where(eq(t.paymentsMade.reference, payment!.id));
    expect(booked).toHaveLength(1);
    expect((await fileOf('600000001')).statusCode).toBe('3');

    const page = await run(
      confirmation,
      getRequest(`/paycare/checkout/pay-direct/confirmation/${payment!.id}`, { Cookie: cookie }),
      { ...paycare, paymentId: payment!.id },
    );
    expect((page.data as { status: { labelKey: string }; openMinor: number }).status.labelKey).toBe('status.settled');
    await run(
      confirmationAction,
      formRequest(
        `/paycare/checkout/pay-direct/confirmation/${payment!.id}`,
        { stars: '4', comment: 'Schnell erledigt' },
        { Cookie: cookie },
      ),
      { ...paycare, paymentId: payment!.id },
    );
    await run(
      confirmationAction,
      formRequest(`/paycare/checkout/pay-direct/confirmation/${payment!.id}`, { stars: '5' }, { Cookie: cookie }),
      { ...paycare, paymentId: payment!.id },
    );
    const feedback = await database.db
      .select()
      .from(t.feedback)
      .where(and(eq(t.feedback.fileId, payment!.fileId), eq(t.feedback.source, 'payment')));
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({
      stars: 4,
      freeText: 'Schnell erledigt',
      paymentProvider: '1',
      paymentMethod: 'openAmount',
    });
  });

  it('answers a forged, unsigned or broken webhook with 401 or 400, never 500, and books nothing', async () => {
    const body = JSON.stringify({
      eventId: crypto.randomUUID(),
      providerReference: crypto.randomUUID(),
      merchantReference: crypto.randomUUID(),
      outcome: 'paid',
      amountMinor: 100,
      currency: 'EUR',
    });
    const forged = sign('x'.repeat(40), body);
    const cases: Array<[string, Record<string, string>, number]> = [
      [body, {}, 401],
      [body, { [signatureHeader]: forged }, 401],
      [body, { [signatureHeader]: 'nonsense' }, 401],
      ['{"not":"an event"}', { [signatureHeader]: sign(paymentConfig().webhookSecret, '{"not":"an event"}') }, 400],
      ['not json', { [signatureHeader]: sign(paymentConfig().webhookSecret, 'not json') }, 400],
      [body, { [signatureHeader]: sign(paymentConfig().webhookSecret, body) }, 404],
    ];
    for (const [raw, headers, status] of cases) {
      const answer = await run(webhook, webhookRequest('/payments/webhook/sandbox', raw, headers), {
        provider: 'sandbox',
      });
      expect(answer.status, raw).toBe(status);
      const twint = await run(twintPostback, webhookRequest('/serviceportal-ch/twintPostback', raw, headers), {
        portal: 'serviceportal-ch',
      });
      expect(twint.status, raw).toBe(status);
    }
    expect(
      (await run(webhook, webhookRequest('/payments/webhook/other', body, {}), { provider: 'other' })).status,
    ).toBe(404);
    expect((await run(twintPostback, webhookRequest('/serviceportal/twintPostback', body, {}), de)).status).toBe(404);
  });
});

describe('authorization', () => {
  it('treats another debtor’s payment as unknown on every payment page', async () => {
    const owner = await cookieFor('100000013');
    await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() },
        { Cookie: owner },
      ),
      de,
    );
    const [payment] = await paymentsOf('100000013');
    expect(payment).toBeDefined();
    const stranger = await cookieFor('100000002');
    const id = payment!.id;
    const params = { ...de, paymentId: id };
    expect(
      (
        await run(
          paymentPage,
          getRequest(`/serviceportal/checkout/pay-direct/payment/${id}`, { Cookie: stranger }),
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(
          paymentAction,
          formRequest(`/serviceportal/checkout/pay-direct/payment/${id}`, { intent: 'cancel' }, { Cookie: stranger }),
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(
          paymentAction,
          formRequest(
            `/serviceportal/checkout/pay-direct/payment/${id}`,
            { intent: 'mail', email: 'x@example.org' },
            { Cookie: stranger },
          ),
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(
          returnLoader,
          getRequest(`/serviceportal/checkout/pay-direct/return?payment=${id}`, { Cookie: stranger }),
          de,
        )
      ).status,
    ).toBe(404);
    // …as the portal's own page in the debtor's language (a page with the way on), never a bare "Not Found".
    for (const query of [`payment=${id}`, 'payment=00000000-0000-0000-0000-000000000000', 'payment=', '']) {
      const unknown = await run(
        returnLoader,
        getRequest(`/serviceportal/checkout/pay-direct/return?hl=tr&${query}`, { Cookie: stranger }),
        de,
      );
      expect(unknown.status, query).toBe(404);
      expect(unknown.data, query).toMatchObject({ title: expect.stringContaining('Bu ödemeyi tanımıyoruz') });
    }
    expect(
      (
        await run(
          confirmation,
          getRequest(`/serviceportal/checkout/pay-direct/confirmation/${id}`, { Cookie: stranger }),
          params,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await run(
          payDirectPage,
          getRequest(`/serviceportal/checkout/pay-direct?aborted=${id}`, { Cookie: stranger }),
          de,
        )
      ).data,
    ).toMatchObject({ aborted: null });
    expect((await paymentsOf('100000013'))[0]!.status).toBe('pending');

    // The owner sees the transfer details and can have them mailed.
    const own = await run(
      paymentPage,
      getRequest(`/serviceportal/checkout/pay-direct/payment/${id}`, { Cookie: owner }),
      params,
    );
    expect((own.data as { instructions: { iban: string }; qr: string }).instructions.iban).toBe(
      'DE02200505501015871393',
    );
    expect((own.data as { qr: string }).qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const badMail = await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${id}`,
        { intent: 'mail', email: 'kein-mail' },
        { Cookie: owner },
      ),
      params,
    );
    expect(badMail.status).toBe(400);
    await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${id}`,
        { intent: 'mail', email: 'neu@example.org' },
        { Cookie: owner },
      ),
      params,
    );
    const [mail] = await database.db
      .select()
      .from(t.mailOutbox)
      .where(and(eq(t.mailOutbox.fileId, payment!.fileId), eq(t.mailOutbox.template, 'bankTransferDetails')));
    expect(mail).toMatchObject({ toAddress: 'neu@example.org' });
    expect((mail!.data as { iban: string; amount: { amountMinor: number } }).amount.amountMinor).toBe(
      payment!.amountMinor,
    );
  });

  it('shows the TWINT pages only in the Swiss variant', async () => {
    const cookie = await cookieFor('100000002');
    expect(
      (
        await run(
          twintSuccess,
          getRequest('/serviceportal/checkout/pay-direct-success?payment=x', { Cookie: cookie }),
          de,
        )
      ).status,
    ).toBe(404);
  });

  it('records a "left without paying" feedback after an aborted payment', async () => {
    const cookie = await cookieFor('100000002');
    await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct?installment=true',
        { intent: 'pay', method: '9', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    const [payment] = await paymentsOf('100000002');
    expect(payment).toMatchObject({ purpose: 'instalment', amountMinor: 15000 });
    const cancelled = await run(
      paymentAction,
      formRequest(
        `/serviceportal/checkout/pay-direct/payment/${payment!.id}`,
        { intent: 'cancel' },
        { Cookie: cookie },
      ),
      { ...de, paymentId: payment!.id },
    );
    expect(cancelled.headers.get('Location')).toBe(
      `/serviceportal/checkout/pay-direct?installment=true&aborted=${payment!.id}`,
    );
    const page = await run(payDirectPage, getRequest(cancelled.headers.get('Location')!, { Cookie: cookie }), de);
    expect((page.data as { aborted: { status: string } }).aborted.status).toBe('cancelled');
    // The agency hears of it (issue 29): one payment.cancelled event from the page.
    const events = await database.db
      .select({ payload: t.agencyEvents.payload })
      .from(t.agencyEvents)
      .where(eq(t.agencyEvents.type, 'payment.cancelled'));
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        file: { reference: '100000002', subcase: 1 },
        data: expect.objectContaining({
          action: 'cancelPayment',
          door: 'page',
          result: expect.objectContaining({ cancelled: true, payment: expect.objectContaining({ id: payment!.id }) }),
        }),
      }),
    ]);
    const sent = await run(
      payDirect,
      formRequest(
        `/serviceportal/checkout/pay-direct?installment=true&aborted=${payment!.id}`,
        { intent: 'leftFeedback', paymentId: payment!.id, stars: '2', comment: 'Später' },
        { Cookie: cookie },
      ),
      de,
    );
    expect(sent.headers.get('Location')).toContain('feedback=sent');
    const rows = await database.db
      .select()
      .from(t.feedback)
      .where(and(eq(t.feedback.fileId, payment!.fileId), eq(t.feedback.source, 'leftWithoutPayment')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ stars: 2, paymentProvider: '9', paymentMethod: 'instalment' });
  });

  it('sends an agreed-instalment payment of a file without a plan back to the dashboard (payment-status guard)', async () => {
    const result = await run(
      payDirectPage,
      getRequest('/serviceportal/checkout/pay-direct?installment=true', { Cookie: await cookieFor('100000012') }),
      de,
    );
    expect(result.headers.get('Location')).toBe('/serviceportal/dashboard');
  });
});
