import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { feedbackLinkToken, readFeedbackLinkToken } from '#server/feedback/feedback.ts';
import { action, loader } from '~/routes/$portal.feedback';
import { loader as serviceHub } from '~/routes/$portal.service._index';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

const feedbackOf = async (refno: string) =>
  database.db
    .select()
    .from(t.feedback)
    .where(eq(t.feedback.fileId, (await fileOf(refno)).id));

describe('feedback', () => {
  it('takes an anonymous rating from a visitor', async () => {
    const result = await run(
      action,
      formRequest('/serviceportal/feedback', { stars: '4', freeText: 'Klar und freundlich.' }),
      params,
    );
    expect(result.status).toBe(200);
    expect((result.data as { done: string }).done).toBe('thanks');
    const rows = await database.db
      .select()
      .from(t.feedback)
      .where(and(isNull(t.feedback.fileId), eq(t.feedback.freeText, 'Klar und freundlich.')));
    expect(rows).toMatchObject([{ stars: 4, source: 'portal', questionAnswered: null }]);
  });

  it('asks for the stars and keeps the text', async () => {
    const result = await run(action, formRequest('/serviceportal/feedback', { freeText: 'Ohne Sterne' }), params);
    expect(result.status).toBe(400);
    const reply = (result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } })
      .result;
    expect(reply.error.stars).toEqual(['errors.starsRequired']);
    expect(reply.initialValue.freeText).toBe('Ohne Sterne');
  });

  it('counts one feedback per file', async () => {
    const cookie = await cookieFor('100000004');
    const first = await run(action, formRequest('/serviceportal/feedback', { stars: '5' }, { Cookie: cookie }), params);
    expect(first.status).toBe(200);
    const second = await run(
      action,
      formRequest('/serviceportal/feedback', { stars: '1' }, { Cookie: cookie }),
      params,
    );
    expect(second.status).toBe(409);
    expect((second.data as { error: string }).error).toBe('alreadyExists');
    expect((await feedbackOf('100000004')).map((f) => f.stars)).toEqual([5]);
    const page = await run(loader, getRequest('/serviceportal/feedback', { Cookie: cookie }), params);
    expect((page.data as { state: { kind: string } }).state.kind).toBe('alreadyGiven');
  });

  it('records the telephone survey from the link sent after a call, and asks for a phone number for a callback', async () => {
    const file = await fileOf('100000011');
    const token = feedbackLinkToken(file.id);
    const page = await run(loader, getRequest(`/serviceportal/feedback?t=${token}`), params);
    expect(page.data).toMatchObject({ survey: true, hasFile: true, linkInvalid: false });

    const missingPhone = await run(
      action,
      formRequest('/serviceportal/feedback', {
        t: token,
        stars: '3',
        wantsCallback: 'yes',
        callbackReason: 'openQuestion',
      }),
      params,
    );
    expect(missingPhone.status).toBe(400);
    expect((missingPhone.data as { result: { error: Record<string, string[]> } }).result.error.callbackPhone).toEqual([
      'errors.phone',
    ]);

    const sent = await run(
      action,
      formRequest('/serviceportal/feedback', {
        t: token,
        stars: '3',
        questionAnswered: 'yes',
        friendliness: '5',
        satisfaction: '2',
        solutionShown: 'no',
        wantsCallback: 'yes',
        callbackPhone: '0351 4455667',
        callbackReason: 'paymentAgreement',
      }),
      params,
    );
    expect(sent.status).toBe(200);
    expect(await feedbackOf('100000011')).toMatchObject([
      {
        source: 'call',
        stars: 3,
        questionAnswered: true,
        friendliness: 5,
        satisfaction: 2,
        solutionShown: false,
        callbackPhone: '0351 4455667',
        callbackReason: 'paymentAgreement',
      },
    ]);
  });

  it('stops asking after the opt-out', async () => {
    const cookie = await cookieFor('100000012');
    const optOut = await run(
      action,
      formRequest('/serviceportal/feedback', { intent: 'optOut' }, { Cookie: cookie }),
      params,
    );
    expect((optOut.data as { done: string }).done).toBe('optedOut');
    await run(action, formRequest('/serviceportal/feedback', { intent: 'optOut' }, { Cookie: cookie }), params);
    expect(
      await database.db
        .select()
        .from(t.feedbackOptOuts)
        .where(eq(t.feedbackOptOuts.fileId, (await fileOf('100000012')).id)),
    ).toHaveLength(1);
    const refused = await run(
      action,
      formRequest('/serviceportal/feedback', { stars: '2' }, { Cookie: cookie }),
      params,
    );
    expect((refused.data as { error: string }).error).toBe('optedOut');
    expect(await feedbackOf('100000012')).toEqual([]);
  });

  it('refuses a forged or expired survey link, and an opt-out without a file', async () => {
    const file = await fileOf('100000001');
    const forged = feedbackLinkToken(file.id).replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    expect(readFeedbackLinkToken(forged)).toBeNull();
    expect(readFeedbackLinkToken(feedbackLinkToken(file.id, new Date('2020-01-01')))).toBeNull();
    const page = await run(loader, getRequest(`/serviceportal/feedback?t=${forged}`), params);
    expect(page.data).toMatchObject({ survey: false, linkInvalid: true, hasFile: false });
    const optOut = await run(action, formRequest('/serviceportal/feedback', { intent: 'optOut' }), params);
    expect(optOut.status).toBe(400);
  });

  it('stores nothing from a bot that fills the hidden field', async () => {
    const before = (await database.db.select().from(t.feedback)).length;
    const result = await run(
      action,
      formRequest('/serviceportal/feedback', { stars: '5', website: 'http://spam.example' }),
      params,
    );
    expect((result.data as { done: string }).done).toBe('thanks');
    expect((await database.db.select().from(t.feedback)).length).toBe(before);
  });
});

describe('service hub', () => {
  type Hub = { items: Array<{ key: string; to: string; locked: boolean }> };
  it('shows a visitor every way to help, the ones that need a file leading through the sign-in', async () => {
    const { items } = (await run(serviceHub, getRequest('/serviceportal/service'), params)).data as Hub;
    expect(items.map((i) => i.key)).toEqual([
      'contact',
      'callback',
      'hardship',
      'faq',
      'announce',
      'downloads',
      'claimInformation',
      'profile',
      'feedback',
    ]);
    expect(items.find((i) => i.key === 'faq')).toEqual({ key: 'faq', to: '/serviceportal/service/faq', locked: false });
    expect(items.find((i) => i.key === 'contact')).toEqual({
      key: 'contact',
      to: '/serviceportal/signin?action=AZonly&returnTo=%2Fserviceportal%2Fservice%2Fcontact',
      locked: true,
    });
    expect(items.find((i) => i.key === 'profile')?.to).toBe(
      '/serviceportal/signin?returnTo=%2Fserviceportal%2Fdebtor%2Fprofile',
    );
  });

  it('opens the items for a signed-in debtor, the upload center only where documents are requested', async () => {
    const full = (
      await run(serviceHub, getRequest('/serviceportal/service', { Cookie: await cookieFor('100000012') }), params)
    ).data as Hub;
    expect(full.items.every((i) => !i.locked)).toBe(true);
    expect(full.items.find((i) => i.key === 'uploads')?.to).toBe('/serviceportal/upload-center');
    const limited = (
      await run(
        serviceHub,
        getRequest('/serviceportal/service', { Cookie: await cookieFor('100000001', 'limited') }),
        params,
      )
    ).data as Hub;
    expect(limited.items.find((i) => i.key === 'uploads')).toBeUndefined();
    expect(limited.items.find((i) => i.key === 'contact')?.locked).toBe(false);
    expect(limited.items.find((i) => i.key === 'profile')?.locked).toBe(true);
  });
});
