/**
 * The assistant's doors that are pages: /chatbot without JavaScript (a posted message answered
 * on the server and shown after the redirect; ?topic=Gezahlt opens on the already-paid topic),
 * and the deep links of intents.md opening their screens prefilled.
 */
import { describe, expect, it } from 'vitest';
import { action as chatbotAction, loader as chatbotLoader } from '~/routes/$portal.chatbot';
import { action as announceAction, loader as announceLoader } from '~/routes/$portal.announce-payment';
import { action as feedbackAction } from '~/routes/$portal.feedback';
import { createTools, type ToolResult } from '../../server/assistant/tools/index.ts';
import { todayForVariant } from '#server/dates.ts';
import { variants } from '#server/variants/config.ts';
import { loader as contactLoader } from '~/routes/$portal.service.contact';
import { loader as downloadFormLoader } from '~/routes/$portal.download-center_.$customForm';
import { loader as instalmentsLoader } from '~/routes/$portal.checkout.pay-installments/route';
import { loader as payDirectLoader } from '~/routes/$portal.checkout.pay-direct';
import { demoFiles, formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor, fileOf } = demoFiles(database);
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
    expect(tool?.output).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
  });

  it('answers a message in another language in that language (its metadata), the page staying German', async () => {
    const cookie = await cookieFor('100000001');
    const posted = await run(
      chatbotAction,
      formRequest('/serviceportal/chatbot', { text: 'ya pagué la factura la semana pasada' }, { Cookie: cookie }),
      params,
    );
    const chat = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    const page = await run(
      chatbotLoader,
      getRequest('/serviceportal/chatbot', { Cookie: `${cookie}; ${chat}` }),
      params,
    );
    const data = page.data as { messages: Array<{ role: string; metadata?: { replyLang?: string } }> };
    expect(data.messages[1]).toMatchObject({ role: 'assistant', metadata: { replyLang: 'es' } });
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
      kind: 'form',
      form: 'announce',
      intent: 'already_paid',
      action: '/announce-payment',
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

  it('download-center/goods-return?dateGoodsReturn=… fills the return date; other forms and bad dates are ignored', async () => {
    const cookie = await cookieFor('100000001');
    const open = (path: string, form: string) =>
      run(downloadFormLoader, getRequest(`/serviceportal${path}`, { Cookie: cookie }), {
        ...params,
        customForm: form,
      });
    const page = await open('/download-center/goods-return?dateGoodsReturn=2026-11-02', 'goods-return');
    expect((page.data as { prefill: Record<string, string> }).prefill).toMatchObject({
      dateGoodsReturn: '2026-11-02',
      lastName: expect.any(String),
    });
    const bad = await open('/download-center/goods-return?dateGoodsReturn=02.11.2026', 'goods-return');
    expect((bad.data as { prefill: Record<string, string> }).prefill.dateGoodsReturn).toBeUndefined();
    const other = await open('/download-center/mandate?dateGoodsReturn=2026-11-02', 'mandate');
    expect((other.data as { prefill: Record<string, string> }).prefill.dateGoodsReturn).toBeUndefined();
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

describe('pay-direct reads the deep links of pay_now and pay_partial', () => {
  it('method=card preselects the card; a named method the file is not offered preselects nothing', async () => {
    const cookie = await cookieFor('100000001');
    const card = await run(
      payDirectLoader,
      getRequest('/serviceportal/checkout/pay-direct?method=card', { Cookie: cookie }),
      params,
    );
    expect(card.data).toMatchObject({ purpose: 'openAmount', prefill: { method: '4', amount: null } });
    const transfer = await run(
      payDirectLoader,
      getRequest('/serviceportal/checkout/pay-direct?method=transfer', { Cookie: cookie }),
      params,
    );
    expect(transfer.data).toMatchObject({ prefill: { method: '6' } });
    const unknown = await run(
      payDirectLoader,
      getRequest('/serviceportal/checkout/pay-direct?method=bitcoin', { Cookie: cookie }),
      params,
    );
    expect(unknown.data).toMatchObject({ prefill: { method: null } });
  });

  it('downpayment=true&amount=200 on a file without a down payment is a partial payment of 200,00', async () => {
    const page = await run(
      payDirectLoader,
      getRequest('/serviceportal/checkout/pay-direct?downpayment=true&amount=200', {
        Cookie: await cookieFor('100000001'),
      }),
      params,
    );
    expect(page.data).toMatchObject({ purpose: 'partial', prefill: { amount: '200,00' } });
  });

  it('the file with a down payment due (100000003) still pays that down payment, whatever amount the link names', async () => {
    const page = await run(
      payDirectLoader,
      getRequest('/serviceportal/checkout/pay-direct?downpayment=true&amount=50', {
        Cookie: await cookieFor('100000003'),
      }),
      params,
    );
    expect(page.data).toMatchObject({ purpose: 'downPayment', amountMinor: 200_00, prefill: { amount: null } });
  });
});

describe('the inline forms post to the screens’ own actions', () => {
  it('already_paid offers the announce form prefilled; its fields pass the screen’s step 20 or get its field errors', async () => {
    const cookie = await cookieFor('100000001');
    const file = await fileOf('100000001');
    const tools = createTools({
      db: database.db,
      session: { fileId: file.id, debtorId: file.debtorId, level: 'full' },
      variant: variants.de,
      language: 'de',
      today: todayForVariant('de'),
    }) as unknown as Record<string, { execute: (input: object, options: object) => Promise<ToolResult> }>;
    const offered = await tools.already_paid!.execute(
      { date: '2026-03-14', amount: 230 },
      { toolCallId: 't', messages: [] },
    );
    expect(offered).toMatchObject({
      kind: 'form',
      form: 'announce',
      action: '/announce-payment',
      prefill: { paidOn: '2026-03-14', amount: '230,00', payerName: expect.any(String) },
      href: '/announce-payment?date=2026-03-14&amount=230',
    });
    if (offered.kind !== 'form') throw new Error('no form');
    const post = (fields: Record<string, string>) =>
      run(
        announceAction,
        formRequest(
          '/serviceportal/announce-payment',
          { intent: '20', payee: 'agency', ...fields },
          { Cookie: cookie },
        ),
        params,
      );
    const good = await post(offered.prefill);
    expect(good.status).toBe(200);
    expect(good.data).toMatchObject({ step: 30 });
    const bad = await post({ ...offered.prefill, amount: 'zweihundert' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ step: 20, result: { error: { amount: ['errors.amount'] } } });
  });

  it('feedback offers the stars with the rating said, posting to the feedback page', async () => {
    const cookie = await cookieFor('100000002');
    const file = await fileOf('100000002');
    const tools = createTools({
      db: database.db,
      session: { fileId: file.id, debtorId: file.debtorId, level: 'full' },
      variant: variants.de,
      language: 'de',
      today: todayForVariant('de'),
    }) as unknown as Record<string, { execute: (input: object, options: object) => Promise<ToolResult> }>;
    const offered = await tools.feedback!.execute({ rating: 4 }, { toolCallId: 't', messages: [] });
    expect(offered).toMatchObject({ kind: 'form', form: 'feedback', action: '/feedback', prefill: { stars: '4' } });
    const missing = await run(
      feedbackAction,
      formRequest('/serviceportal/feedback', { website: '', freeText: 'gut' }, { Cookie: cookie }),
      params,
    );
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ result: { error: { stars: ['errors.starsRequired'] } } });
    const sent = await run(
      feedbackAction,
      formRequest('/serviceportal/feedback', { website: '', stars: '4', freeText: 'gut' }, { Cookie: cookie }),
      params,
    );
    expect(sent.data).toMatchObject({ done: 'thanks' });
  });
});
