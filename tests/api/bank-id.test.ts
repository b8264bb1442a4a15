/**
 * The bank-identity calls of the API (BankId group) and the chatbot call (ebbot): the same
 * sign-in functions and verification as the web pages, the flow cookie replaced by the signed
 * X-BankId-Flow header.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { saveConversation } from '#server/assistant/conversations.ts';
import { action as sandboxAction } from '~/routes/sandbox.bankid.$orderRef';
import { formRequest, run } from '../helpers/routes.ts';
import { apiCall, apiSignIn, endpointOf, expectProblem, expectSchema, useApiDatabase } from './helpers.ts';

const database = useApiDatabase();

const sandboxAnswer = (orderRef: string, fields: Record<string, string>) =>
  run(sandboxAction, formRequest(`/sandbox/bankid/${orderRef}`, fields), { orderRef });

describe('Sweden: Auth, Collect, Cancel', () => {
  it('signs 400000001 in with a full token once the order is approved; the order is bound to the flow header', async () => {
    const started = await apiCall('POST', '/api/BankId/Auth?variant=se');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expectSchema(endpointOf('BankId', 'Auth').response, started.body);
    const { orderRef, flow } = started.body;
    const headers = { 'X-BankId-Flow': flow };

    const pending = await apiCall('POST', '/api/BankId/Collect?variant=se', {
      json: { orderRef, type: 'auth' },
      headers,
    });
    expect(pending.body.status).toBe('pending');
    // Without the binding, or with a forged one, the order is not collected.
    expectProblem(await apiCall('POST', '/api/BankId/Collect?variant=se', { json: { orderRef } }), 403, 'bankIdFailed');
    expectProblem(
      await apiCall('POST', '/api/BankId/Collect?variant=se', {
        json: { orderRef },
        headers: { 'X-BankId-Flow': `${flow}x` },
      }),
      403,
      'bankIdFailed',
    );

    await sandboxAnswer(orderRef, { intent: 'approve', country: 'SE', personalNumber: '198505172386' });
    const done = await apiCall('POST', '/api/BankId/Collect?variant=se', { json: { orderRef }, headers });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectSchema(endpointOf('BankId', 'Collect').response, done.body);
    expect(done.body).toMatchObject({ status: 'complete', level: 'full' });
    const name = await apiCall('GET', '/api/Account/GetSchuldnerName', { token: done.body.token });
    expect(name.status).toBe(200);
    const cases = await apiCall('GET', '/api/Account/GetCasesforPersonalNumber', { token: done.body.token });
    expect(cases.status).toBe(200);
    expectSchema(endpointOf('Account', 'GetCasesforPersonalNumber').response, cases.body);
  });

  it('cancels only the order of this flow', async () => {
    const started = await apiCall('POST', '/api/BankId/Auth');
    const other = await apiCall('POST', '/api/BankId/Auth');
    const wrong = await apiCall('POST', '/api/BankId/Cancel', {
      json: { orderRef: started.body.orderRef },
      headers: { 'X-BankId-Flow': other.body.flow },
    });
    expectProblem(wrong, 403, 'bankIdFailed');
    const cancelled = await apiCall('POST', '/api/BankId/Cancel', {
      json: { orderRef: started.body.orderRef },
      headers: { 'X-BankId-Flow': started.body.flow },
    });
    expect(cancelled.body).toEqual({ cancelled: true });
    expectProblem(await apiCall('POST', '/api/BankId/Cancel', { json: {} }), 400, 'invalid');
  });

  it('is not offered in a variant without bank identity', async () => {
    expectProblem(await apiCall('POST', '/api/BankId/Auth?variant=de'), 404, 'bankIdNotOffered');
  });
});

describe('Norway: GetAuthUrl, AuthenticateNo', () => {
  it('signs 500000001 in with code and state; a state not given to this client is refused before the code', async () => {
    const started = await apiCall('GET', '/api/BankId/GetAuthUrl?variant=no');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expectSchema(endpointOf('BankId', 'GetAuthUrl').response, started.body);
    const orderRef = new URL(started.body.url, 'http://x').pathname.split('/').pop()!;
    const approved = await sandboxAnswer(orderRef, { intent: 'approve', country: 'NO', personalNumber: '17058512345' });
    const back = new URL(approved.headers.get('Location')!, 'http://portal.test');
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;

    const otherFlow = (await apiCall('GET', '/api/BankId/GetAuthUrl?variant=no')).body.flow;
    expectProblem(
      await apiCall('POST', '/api/BankId/AuthenticateNo?variant=no', {
        json: { code, state },
        headers: { 'X-BankId-Flow': otherFlow },
      }),
      403,
      'bankIdFailed',
    );
    const done = await apiCall('POST', '/api/BankId/AuthenticateNo?variant=no', {
      json: { code, state },
      headers: { 'X-BankId-Flow': started.body.flow },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expectSchema(endpointOf('BankId', 'AuthenticateNo').response, done.body);
  });
});

describe('ebbot/SetEbbotUserInformation', () => {
  it("binds a visitor's conversation to the token's session, never another session's", async () => {
    const chatId = randomBytes(16).toString('hex');
    await saveConversation(database.db, { id: chatId }, { sessionKey: null, variant: 'de' }, []);
    const token = await apiSignIn('100000001', { level: 'limited' });
    const bound = await apiCall('POST', `/api/ebbot/SetEbbotUserInformation?chatId=${chatId}`, { token });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expectSchema(endpointOf('ebbot', 'SetEbbotUserInformation').response, bound.body);
    expect(bound.body.reference).toBe('100000001');

    const intruder = await apiSignIn('100000002', { level: 'limited' });
    expectProblem(
      await apiCall('POST', `/api/ebbot/SetEbbotUserInformation?chatId=${chatId}`, { token: intruder }),
      404,
      'chatNotFound',
    );
    expectProblem(await apiCall('POST', '/api/ebbot/SetEbbotUserInformation?chatId=nope', { token }), 400, 'invalid');
  });
});
