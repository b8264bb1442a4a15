/**
 * Outside the demo mode the sandbox does not exist: a webhook signed with the published
 * development secret books nothing, and the sandbox's approve page is not there. Chosen
 * explicitly (a staging system), the sandbox checks signatures with the deployment's own secret.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { developmentSecret, resetEnvCache } from '#server/env.ts';
import { resetPaymentConfig } from '#server/payments/config.ts';
import { sign, signatureHeader } from '#server/payments/providers/signature.ts';
import { keyedHash } from '#server/security/crypto.ts';
import { action as payDirect } from '~/routes/$portal.checkout.pay-direct';
import { action as twintPostback } from '~/routes/$portal.twintPostback';
import { action as webhook } from '~/routes/payments.webhook.$provider';
import { loader as sandboxPage } from '~/routes/sandbox.pay.$sessionId';
import { demoFiles, formRequest, getRequest, origin, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);
const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
  resetPaymentConfig();
});

function production(vars: Record<string, string | undefined>) {
  delete process.env.DEMO;
  delete process.env.PAYMENT_PROVIDER;
  process.env.NODE_ENV = 'production';
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  resetPaymentConfig();
}

/** A payment of Paycare's demo file, started in the demo mode, and a "paid" event for it signed as a forger would. */
async function openPaymentAndForgery() {
  const paycare = { portal: 'paycare' };
  const started = await run(
    payDirect,
    formRequest(
      '/paycare/checkout/pay-direct',
      { intent: 'pay', method: '1', idempotencyKey: crypto.randomUUID() },
      { Cookie: await cookieFor('600000001') },
    ),
    paycare,
  );
  expect(started.status).toBe(302);
  const [payment] = await database.db
    .select()
    .from(t.payments)
    .where(eq(t.payments.fileId, (await fileOf('600000001')).id));
  const body = JSON.stringify({
    eventId: crypto.randomUUID(),
    providerReference: payment!.providerReference,
    merchantReference: payment!.id,
    outcome: 'paid',
    amountMinor: payment!.amountMinor + payment!.feeMinor,
    currency: payment!.currency,
  });
  // The webhook key a server on the published development secret would use.
  const forgedKey = keyedHash('payment-webhook', 'sandbox', developmentSecret);
  const request = (path: string) =>
    new Request(`${origin}${path}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', [signatureHeader]: sign(forgedKey, body) },
    });
  return { payment: payment!, request, sessionId: payment!.providerReference! };
}

const bookedFor = (paymentId: string) =>
  database.db.select().from(t.paymentsMade).where(eq(t.paymentsMade.reference, paymentId));

describe('the sandbox outside the demo mode', () => {
  it('refuses a forged webhook and hides the approve page in a production start without a secret', async () => {
    const { payment, request, sessionId } = await openPaymentAndForgery();
    production({ SESSION_SECRET: undefined, PUBLIC_BASE_URL: 'http://portal.internal' });
    expect((await run(webhook, request('/payments/webhook/sandbox'), { provider: 'sandbox' })).status).toBe(404);
    expect(
      (await run(twintPostback, request('/serviceportal-ch/twintPostback'), { portal: 'serviceportal-ch' })).status,
    ).toBe(404);
    expect((await run(sandboxPage, getRequest(`/sandbox/pay/${sessionId}`), { sessionId })).status).toBe(404);
    expect(await bookedFor(payment.id)).toHaveLength(0);
  });

  it('checks the signature with the deployment’s own secret when the sandbox is chosen explicitly', async () => {
    const { payment, request } = await openPaymentAndForgery();
    production({ PUBLIC_BASE_URL: 'https://staging.portal.example', PAYMENT_PROVIDER: 'sandbox' });
    expect((await run(webhook, request('/payments/webhook/sandbox'), { provider: 'sandbox' })).status).toBe(401);
    expect(await bookedFor(payment.id)).toHaveLength(0);
  });
});
