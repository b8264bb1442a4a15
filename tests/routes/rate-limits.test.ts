/**
 * The limits on mail-sending and public posts, through the routes: past the limit the answer is
 * 429 with Retry-After and the wait in minutes (shown as a localized message in the error summary
 * and above the button), never a 500 and never a mail. Counts are shared by every instance
 * (tests/unit/rate-limits.test.ts shows two clients on one database and on Redis).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { policies } from '#server/limits/rate-limits.ts';
import { i18next } from '~/i18next.server';
import { loader as captcha } from '~/routes/$portal.captcha';
import { action as payDirect } from '~/routes/$portal.checkout.pay-direct';
import { action as paymentAction } from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId';
import { action as feedback } from '~/routes/$portal.feedback';
import { action as planAction } from '~/routes/$portal.installment-plan';
import { action as requestReset } from '~/routes/$portal.password.reset';
import { action as contact } from '~/routes/$portal.service.contact';
import { action as uploads } from '~/routes/$portal.uploads';
import {
  context,
  demoFiles,
  formRequest,
  getRequest,
  run,
  solvedCaptcha,
  useRouteDatabase,
} from '../helpers/routes.ts';

const de = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

/** Each test its own client address, so that per-client counts do not carry over. */
let clients = 0;
const client = () => context(`198.51.100.${++clients}`);

function expectLimited(answer: { status: number; headers: Headers; data: unknown }) {
  expect(answer.status).toBe(429);
  const wait = Number(answer.headers.get('Retry-After'));
  expect(wait).toBeGreaterThan(0);
  expect(answer.data).toMatchObject({ rateLimited: { minutes: Math.ceil(wait / 60) } });
}

const mailsOf = async (template: string, fileId?: number) =>
  (
    await database.db
      .select()
      .from(t.mailOutbox)
      .where(
        fileId === undefined
          ? eq(t.mailOutbox.template, template)
          : and(eq(t.mailOutbox.template, template), eq(t.mailOutbox.fileId, fileId)),
      )
  ).length;

describe('password reset', () => {
  it('allows three requests an hour per reference number, then 429 with Retry-After; no fourth mail', async () => {
    const ctx = client();
    const post = async () =>
      run(
        requestReset,
        formRequest('/serviceportal/password/reset', { reference: '100000001', altcha: await solvedCaptcha() }),
        de,
        ctx,
      );
    for (let i = 0; i < policies.resetReference.points; i++) expect((await post()).status).toBe(200);
    const before = await mailsOf('passwordReset');
    const limited = await post();
    expectLimited(limited);
    // What was typed stays in the form.
    expect(limited.data).toMatchObject({ sent: false, result: { initialValue: { reference: '100000001' } } });
    expect(await mailsOf('passwordReset')).toBe(before);
  });

  it('limits requests per client address, whatever the reference numbers', async () => {
    const ctx = client();
    for (let i = 0; i < policies.resetClient.points; i++) {
      const answer = await run(
        requestReset,
        formRequest('/serviceportal/password/reset', {
          reference: `9000000${String(i).padStart(2, '0')}`,
          altcha: await solvedCaptcha(),
        }),
        de,
        ctx,
      );
      expect(answer.status).toBe(200);
    }
    expectLimited(
      await run(
        requestReset,
        formRequest('/serviceportal/password/reset', { reference: '900000099', altcha: await solvedCaptcha() }),
        de,
        ctx,
      ),
    );
  });

  it('sends at most three mails an hour to one address, answering as always (nothing revealed)', async () => {
    // 100000010's three files share one debtor and one address.
    const ctx = client();
    const address = 'maria.garcia@example.org';
    const count = async () =>
      (await database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.toAddress, address))).length;
    const before = await count();
    for (const reference of ['100000010', '100000010-2', '100000010-3', '100000010']) {
      const answer = await run(
        requestReset,
        formRequest('/serviceportal/password/reset', { reference, altcha: await solvedCaptcha() }),
        de,
        ctx,
      );
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ sent: true });
    }
    expect((await count()) - before).toBe(policies.resetAddress.points);
  });
});

describe('mails from a signed-in file', () => {
  it('sends the plan three times an hour, then 429 and no mail', async () => {
    const cookie = await cookieFor('100000011');
    const file = await fileOf('100000011');
    const post = () =>
      run(
        planAction,
        formRequest('/serviceportal/installment-plan', { email: 'andreas.wolf@example.org' }, { Cookie: cookie }),
        de,
        client(),
      );
    for (let i = 0; i < policies.planMail.points; i++) expect((await post()).status).toBe(302);
    const before = await mailsOf('instalmentPlan', file.id);
    const limited = await post();
    expectLimited(limited);
    expect(limited.data).toMatchObject({ result: { initialValue: { email: 'andreas.wolf@example.org' } } });
    expect(await mailsOf('instalmentPlan', file.id)).toBe(before);
  });

  it('sends the bank-transfer details three times an hour, then 429 and no mail', async () => {
    const cookie = await cookieFor('100000004');
    const file = await fileOf('100000004');
    await run(
      payDirect,
      formRequest(
        '/serviceportal/checkout/pay-direct',
        { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() },
        { Cookie: cookie },
      ),
      de,
    );
    const [payment] = await database.db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.fileId, file.id), eq(t.payments.providerId, '6')));
    const path = `/serviceportal/checkout/pay-direct/payment/${payment!.id}`;
    const post = () =>
      run(paymentAction, formRequest(path, { intent: 'mail', email: 'neu@example.org' }, { Cookie: cookie }), {
        ...de,
        paymentId: payment!.id,
      });
    for (let i = 0; i < policies.transferMail.points; i++) expect((await post()).data).toMatchObject({ mailed: true });
    expectLimited(await post());
    expect(await mailsOf('bankTransferDetails', file.id)).toBe(policies.transferMail.points);
  });

  it('takes five messages an hour per file, then 429 keeping the message', async () => {
    const cookie = await cookieFor('100000006');
    const body = 'Bitte schicken Sie mir die Erledigungsmitteilung noch einmal per Post.';
    const post = () =>
      run(
        contact,
        formRequest(
          '/serviceportal/service/contact',
          { intent: 'message', subjectId: '2', body, email: 'a@example.org' },
          { Cookie: cookie },
        ),
        de,
        client(),
      );
    for (let i = 0; i < policies.contactFile.points; i++) expect((await post()).status).toBe(302);
    const limited = await post();
    expectLimited(limited);
    expect(limited.data).toMatchObject({ form: 'message', result: { initialValue: { body } } });
  });

  it('takes a limited number of upload requests per file', async () => {
    const cookie = await cookieFor('100000012');
    const post = () =>
      run(uploads, formRequest('/serviceportal/uploads?context=documentRequest', {}, { Cookie: cookie }), de, client());
    for (let i = 0; i < policies.uploadFile.points; i++) expect((await post()).status).not.toBe(429);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(Number(limited.response!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await limited.response!.json()).toMatchObject({ error: 'rateLimited' });
  });
});

describe('open to everyone', () => {
  it('takes ten feedbacks an hour from one client address, then 429', async () => {
    const ctx = client();
    const post = () => run(feedback, formRequest('/serviceportal/feedback', { stars: '5', freeText: 'Gut' }), de, ctx);
    for (let i = 0; i < policies.feedbackClient.points; i++) expect((await post()).status).toBe(200);
    const limited = await post();
    expectLimited(limited);
    expect(limited.data).toMatchObject({ result: { initialValue: { freeText: 'Gut' } } });
  });

  it('hands out a limited number of captcha challenges a minute, then 429 with a localized message', async () => {
    const ctx = client();
    for (let i = 0; i < policies.captchaClient.points; i++)
      expect((await run(captcha, getRequest('/serviceportal/captcha'), de, ctx)).status).toBe(200);
    const limited = await run(captcha, getRequest('/serviceportal/captcha?hl=en'), de, ctx);
    expect(limited.status).toBe(429);
    expect(Number(limited.response!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await limited.response!.json()).error).toMatch(
      /^That was too often in a short time\. .* try again in 1 minute\.$/,
    );
  });
});

describe('the message', () => {
  it.each(['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'])(
    'exists in %s for one and for several minutes',
    async (language) => {
      const tr = await i18next.getFixedT(language, 'common');
      const one = tr('form.rateLimited', { count: 1 });
      const many = tr('form.rateLimited', { count: 42 });
      expect(one).toContain('1');
      expect(many).toContain('42');
      expect(one).not.toContain('form.rateLimited');
      if (language !== 'de')
        expect(many).not.toBe((await i18next.getFixedT('de', 'common'))('form.rateLimited', { count: 42 }));
    },
  );
});
