/**
 * The assistant's doors that are pages: /chatbot without JavaScript (a posted message answered
 * on the server and shown after the redirect; ?topic=Gezahlt opens on the already-paid topic),
 * and the deep links of intents.md opening their screens prefilled.
 */
import { describe, expect, it } from 'vitest';
import { action as chatbotAction, loader as chatbotLoader } from '~/routes/$portal.chatbot';
import { loader as announceLoader } from '~/routes/$portal.announce-payment';
import { loader as contactLoader } from '~/routes/$portal.service.contact';
import { loader as instalmentsLoader } from '~/routes/$portal.checkout.pay-installments';
import { demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);
const params = { portal: 'serviceportal' };

describe('/chatbot without JavaScript', () => {
  it('answers a posted question on the server and shows it with the conversation', async () => {
    const cookie = await cookieFor('100000004');
    const posted = await run(
      chatbotAction,
      formRequest('/serviceportal/chatbot', { text: 'ich möchte später zahlen' }, { Cookie: cookie }),
      params,
    );
    expect(posted.status).toBe(302);
    const chat = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    const page = await run(
      chatbotLoader,
      getRequest('/serviceportal/chatbot', { Cookie: `${cookie}; ${chat}` }),
      params,
    );
    const data = page.data as {
      messages: Array<{ role: string; parts: Array<{ type: string; output?: { kind: string; reason?: string } }> }>;
    };
    expect(data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const tool = data.messages[1]!.parts.find((p) => p.type === 'tool-pay_later');
    expect(tool?.output).toMatchObject({ kind: 'refused', reason: 'deferralAlreadyGranted' });
  });

  it('refuses an empty message with 400', async () => {
    const result = await run(
      chatbotAction,
      formRequest('/serviceportal/chatbot', { text: '  ' }, { Cookie: await cookieFor('100000001') }),
      params,
    );
    expect(result.status).toBe(400);
  });

  it.each(['Gezahlt', 'Pagada'])('opens ?topic=%s on the already-paid topic', async (topic) => {
    const page = await run(
      chatbotLoader,
      getRequest(`/serviceportal/chatbot?topic=${topic}`, { Cookie: await cookieFor('100000001') }),
      params,
    );
    expect((page.data as { topicResult: unknown }).topicResult).toMatchObject({
      kind: 'link',
      intent: 'already_paid',
      href: '/announce-payment',
    });
  });
});

describe('deep links open their screens prefilled', () => {
  it('pay-installments?rate=50&firstDate=… fills the amount step with 50', async () => {
    const page = await run(
      instalmentsLoader,
      getRequest('/serviceportal/checkout/pay-installments?rate=50', { Cookie: await cookieFor('100000001') }),
      params,
    );
    expect(page.data).toMatchObject({ view: 'flow', step: 'amount', carried: { monthly: 5000 } });
  });

  it('announce-payment?date=…&amount=… fills the payment data', async () => {
    const page = await run(
      announceLoader,
      getRequest('/serviceportal/announce-payment?date=2026-03-14&amount=230', {
        Cookie: await cookieFor('100000001'),
      }),
      params,
    );
    expect((page.data as { defaults: Record<string, string> }).defaults).toMatchObject({
      paidOn: '2026-03-14',
      amount: '230,00',
    });
  });

  it('service/contact?action=callback&day=monday&time=morning preselects the day and time of day', async () => {
    const page = await run(
      contactLoader,
      getRequest('/serviceportal/service/contact?action=callback&day=monday&time=morning', {
        Cookie: await cookieFor('100000001'),
      }),
      params,
    );
    expect(page.data).toMatchObject({ tab: 'callback', prefill: { weekday: 1, timeOfDay: 'morning' } });
  });
});
