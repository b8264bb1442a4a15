/**
 * The Portal calls (issue 17) against the demo files: valid and invalid payloads, answers checked
 * against their published schemas, feedback and messages stored as from the screens, mails through
 * the outbox, another file's ids not found, a reference-only token refused where the screen needs
 * the full sign-in, and honest refusals where the portal has no such function.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { resetEnvCache } from '#server/env.ts';
import { resetRuntime } from '#server/runtime.ts';
import { feedbackLinkToken } from '#server/feedback/feedback.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { exeBytes, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';
import { apiCaller, demoSessions, upload } from './claim-helpers.ts';
import { useDocumentFolder } from '../helpers/documents.ts';

const database = useRouteDatabase();
useDocumentFolder(database);
useUploadFolder();
const call = apiCaller();
const { fileOf, sessionFor } = demoSessions(database);

async function paidPayment(refno: string) {
  const file = await fileOf(refno);
  const id = randomUUID();
  await database.db.insert(t.payments).values({
    id,
    fileId: file.id,
    debtorId: file.debtorId,
    variant: file.variant,
    idempotencyKey: id,
    providerId: '1',
    purpose: 'openAmount',
    amountMinor: 1000,
    currency: 'EUR',
    status: 'paid',
    expiresAt: new Date(Date.now() + 3_600_000),
    paidAt: new Date(),
  });
  return id;
}

const outboxOf = async (fileId: number) =>
  database.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.fileId, fileId)).orderBy(desc(t.mailOutbox.id));

describe('Portal: feedback', () => {
  it('CreateFeedback stores the rating once per file; a second is 409, a bad rating 400', async () => {
    const session = await sessionFor('100000003', 'limited');
    const invalid = await call('Portal', 'CreateFeedback', { session, body: { zufriedenheit: 9 } });
    expect(invalid.status).toBe(400);
    expect(invalid.problem?.issues?.[0]?.path).toContain('zufriedenheit');

    const first = await call('Portal', 'CreateFeedback', {
      session,
      body: { zufriedenheit: 4, freitext: 'Schnell und klar.' },
    });
    expect(first).toMatchObject({ status: 201, body: { source: 'portal' } });
    const [row] = await database.db.select().from(t.feedback).where(eq(t.feedback.fileId, session.fileId));
    expect(row).toMatchObject({ source: 'portal', stars: 4, freeText: 'Schnell und klar.' });

    const again = await call('Portal', 'CreateFeedback', { session, body: { zufriedenheit: 5 } });
    expect(again).toMatchObject({ status: 409, problem: { code: 'alreadyExists' } });
  });

  it('CreateFeedback after a call: the survey link (eventId) names the file; a callback needs a phone', async () => {
    const file = await fileOf('100000004');
    const eventId = feedbackLinkToken(file.id);
    const noPhone = await call('Portal', 'CreateFeedback', {
      body: { eventId, zufriedenheit: 3, auchAngerufen: true, grundRueckruf: 'openQuestion' },
    });
    expect(noPhone.status).toBe(400);
    expect(noPhone.problem?.issues?.map((i) => i.path)).toContain('phone');

    const answer = await call('Portal', 'CreateFeedback', {
      body: {
        eventId,
        zufriedenheit: 3,
        freundlichkeit: 5,
        frageBeantwortet: true,
        weg: false,
        auchAngerufen: true,
        phone: '0151 2345678',
        grundRueckruf: 'openQuestion',
      },
    });
    expect(answer).toMatchObject({ status: 201, body: { source: 'call' } });
    const [row] = await database.db.select().from(t.feedback).where(eq(t.feedback.fileId, file.id));
    expect(row).toMatchObject({
      source: 'call',
      friendliness: 5,
      questionAnswered: true,
      solutionShown: false,
      callbackPhone: '0151 2345678',
    });
  });

  it('CreateSchuldnerFeedbackBlacklistItem opts the file out; without a file it is not found', async () => {
    const session = await sessionFor('100000005', 'limited');
    expect((await call('Portal', 'CreateSchuldnerFeedbackBlacklistItem', { session, body: {} })).body).toEqual({
      optedOut: true,
    });
    const landing = await call('Portal', 'GetLandingpageFeedback', { session });
    expect(landing.body).toMatchObject({ state: 'optedOut', hasFile: true, survey: false });
    expect((await call('Portal', 'CreateSchuldnerFeedbackBlacklistItem', { body: {} })).status).toBe(404);
    expect((await call('Portal', 'CreateSchuldnerFeedbackBlacklistItem', { body: { eventId: 42 } })).status).toBe(400);
  });

  it('GetLandingpageFeedback: a visitor may rate; a forged link is said to be invalid', async () => {
    expect((await call('Portal', 'GetLandingpageFeedback', {})).body).toEqual({
      survey: false,
      linkInvalid: false,
      hasFile: false,
      state: 'open',
    });
    expect((await call('Portal', 'GetLandingpageFeedback', { query: { eventId: 'forged' } })).body).toMatchObject({
      linkInvalid: true,
    });
  });

  it('createPaymentFeedback once per paid payment; CheckPaymentFeedback says so; another file’s payment is not found', async () => {
    const session = await sessionFor('100000006', 'limited');
    const visitId = await paidPayment('100000006');
    const before = await call('Portal', 'CheckPaymentFeedback', { session });
    expect(before.body).toEqual({ visitId, source: 'payment', given: false });

    expect((await call('Portal', 'createPaymentFeedback', { session, body: { visitId, rating: 0 } })).status).toBe(400);
    expect((await call('Portal', 'createPaymentFeedback', { session, body: { visitId } })).status).toBe(400);
    const saved = await call('Portal', 'createPaymentFeedback', {
      session,
      body: { visitId, rating: 5, comment: 'Gut.' },
    });
    expect(saved).toMatchObject({ status: 201, body: { saved: true } });
    expect((await call('Portal', 'createPaymentFeedback', { session, body: { visitId, rating: 4 } })).status).toBe(409);
    const [row] = await database.db
      .select()
      .from(t.feedback)
      .where(and(eq(t.feedback.fileId, session.fileId), eq(t.feedback.source, 'payment')));
    expect(row).toMatchObject({ stars: 5, freeText: 'Gut.', paymentMethod: 'openAmount', paymentProvider: '1' });

    const path = '/api/Portal/CheckPaymentFeedback/{visitId}/{source}';
    expect(
      (await call('Portal', 'CheckPaymentFeedback', { session, path, params: { visitId, source: 'payment' } })).body,
    ).toEqual({
      visitId,
      source: 'payment',
      given: true,
    });
    const other = await sessionFor('100000001', 'limited');
    expect(
      (await call('Portal', 'CheckPaymentFeedback', { session: other, path, params: { visitId, source: 'payment' } }))
        .status,
    ).toBe(404);
    expect(
      (await call('Portal', 'createPaymentFeedback', { session: other, body: { visitId, rating: 1 } })).status,
    ).toBe(404);
    expect(
      (await call('Portal', 'CheckPaymentFeedback', { session, path, params: { visitId, source: 'other' } })).status,
    ).toBe(400);
  });

  it('LeftWithoutPaymentFeedback stores why the debtor left', async () => {
    const session = await sessionFor('100000001', 'limited');
    expect((await call('Portal', 'LeftWithoutPaymentFeedback', { session, body: { rating: 2 } })).status).toBe(400);
    const saved = await call('Portal', 'LeftWithoutPaymentFeedback', {
      session,
      body: { rating: 2, comment: 'Keine Kreditkarte.', paymentMethod: 'openAmount', source: 'checkout' },
    });
    expect(saved).toMatchObject({ status: 201, body: { saved: true } });
    const rows = await database.db
      .select()
      .from(t.feedback)
      .where(and(eq(t.feedback.fileId, session.fileId), eq(t.feedback.source, 'leftWithoutPayment')));
    expect(rows.at(-1)).toMatchObject({ stars: 2, freeText: 'Keine Kreditkarte.', paymentMethod: 'openAmount' });
  });
});

describe('Portal: start data and lists', () => {
  it('GetInitDataV2 answers the spec’s fields for a reference-only token', async () => {
    const session = await sessionFor('100000012', 'limited');
    const answer = await call('Portal', 'GetInitDataV2', { session });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      showUploadCenter: true,
      hasRequestedDocuments: true,
      getForderungsstatusResponse: { reference: '100000012' },
    });
    // The special offer is a decision for the full sign-in; the flood-area notice is for everyone.
    const kinds = async (level: 'limited' | 'full') =>
      (
        (await call('Portal', 'GetInitDataV2', { session: await sessionFor('100000008', level) })).body as {
          modals: Array<{ kind: string }>;
        }
      ).modals.map((m) => m.kind);
    expect(await kinds('limited')).toEqual(['floodArea']);
    expect(await kinds('full')).toEqual(expect.arrayContaining(['floodArea', 'specialOffer']));
  });

  it('GetInitDataV2 names an announced maintenance window among the notices, as the dashboard does', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-claim-maintenance-'));
    const saved = process.env.MAINTENANCE_FILE;
    const from = new Date(Date.now() + 86_400_000).toISOString();
    const until = new Date(Date.now() + 90_000_000).toISOString();
    try {
      writeFileSync(
        path.join(dir, 'maintenance.json'),
        JSON.stringify({ maintenance: false, announcement: { from, until } }),
      );
      process.env.MAINTENANCE_FILE = path.join(dir, 'maintenance.json');
      resetEnvCache();
      resetRuntime();
      const answer = await call('Portal', 'GetInitDataV2', { session: await sessionFor('100000003', 'limited') });
      const modals = (answer.body as { modals: Array<{ kind: string; maintenance: unknown }> }).modals;
      expect(modals.find((m) => m.kind === 'maintenance')?.maintenance).toBeTruthy();
    } finally {
      if (saved === undefined) delete process.env.MAINTENANCE_FILE;
      else process.env.MAINTENANCE_FILE = saved;
      resetEnvCache();
      resetRuntime();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GetFullData needs the full sign-in and answers name, information and breakdown', async () => {
    expect((await call('Portal', 'GetFullData', { session: await sessionFor('100000001', 'limited') })).status).toBe(
      403,
    );
    const answer = await call('Portal', 'GetFullData', { session: await sessionFor('100000001') });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ getForderungsInformationResponse: { reference: '100000001' } });
    expect((answer.body as { schuldnerName: string }).schuldnerName.length).toBeGreaterThan(3);
  });

  it('IsProfileUpdateAllowed, IsVideoAllowed, GetVideoUrl', async () => {
    const full = await sessionFor('100000001');
    expect((await call('Portal', 'IsProfileUpdateAllowed', { session: full })).body).toMatchObject({ allowed: true });
    expect(
      (await call('Portal', 'IsProfileUpdateAllowed', { session: await sessionFor('100000001', 'limited') })).status,
    ).toBe(403);
    expect((await call('Portal', 'IsVideoAllowed', { session: full })).body).toEqual({ allowed: true });
    const video = await call('Portal', 'GetVideoUrl', { session: full, params: { id: 'explainer' } });
    expect(video.body).toMatchObject({ url: '/media/explainer.webm' });
    expect((await call('Portal', 'GetVideoUrl', { session: full, params: { id: 'other' } })).status).toBe(404);
    const noVideo = await sessionFor('100000002');
    expect((await call('Portal', 'IsVideoAllowed', { session: noVideo })).body).toEqual({ allowed: false });
    expect((await call('Portal', 'GetVideoUrl', { session: noVideo, params: { id: 'explainer' } })).status).toBe(404);
  });

  it('GetSupportSubjects in a language; an unknown language is 400', async () => {
    const answer = await call('Portal', 'GetSupportSubjects', { params: { language: 'en' } });
    const subjects = (answer.body as { subjects: Array<{ id: number; label: string }> }).subjects;
    expect(subjects.map((s) => s.id)).toContain(999);
    expect(subjects.find((s) => s.id === 2)?.label).not.toBe('subjects.2');
    expect(subjects.find((s) => s.id === 2)?.label).not.toBe(
      (
        (await call('Portal', 'GetSupportSubjects', { params: { language: 'de' } })).body as {
          subjects: Array<{ id: number; label: string }>;
        }
      ).subjects.find((s) => s.id === 2)?.label,
    );
    expect((await call('Portal', 'GetSupportSubjects', { params: { language: 'xx' } })).status).toBe(400);
  });

  it('GetChatbotParameter: the assistant’s opening state of the token’s own file', async () => {
    const answer = await call('Portal', 'GetChatbotParameter', {
      session: await sessionFor('100000002', 'limited'),
      params: { language: 'en' },
    });
    expect(answer.body).toMatchObject({
      language: 'en',
      greeting: { nextInstalment: { amount: { currency: 'EUR' } } },
    });
    expect((answer.body as { suggestions: string[] }).suggestions).toContain('instalment_plan');
    expect(
      (
        await call('Portal', 'GetChatbotParameter', {
          session: await sessionFor('100000002', 'limited'),
          params: { language: 'xx' },
        })
      ).status,
    ).toBe(400);
    expect((await call('Portal', 'GetChatbotParameter', { params: { language: 'de' } })).status).toBe(401);
  });

  it('GetBankingDetails: the variant’s account and the file’s remittance', async () => {
    const answer = await call('Portal', 'GetBankingDetails', { session: await sessionFor('300000001', 'limited') });
    expect(answer.body).toMatchObject({
      recipient: 'Clarus Inkasso AG',
      qrIban: expect.any(String),
      openAmount: { currency: 'CHF' },
    });
    expect((answer.body as { remittance: string }).remittance).toContain('300000001');
  });

  it('GetUploadFields and GetUploadTemplate: only the own file’s requested documents', async () => {
    const session = await sessionFor('100000012');
    const fields = await call('Portal', 'GetUploadFields', { session });
    expect((fields.body as { fields: Array<{ templateId: string }> }).fields.map((f) => f.templateId)).toEqual([
      'identityDocument',
      'proofOfIncome',
      'paymentReceipt',
    ]);
    const template = await call('Portal', 'GetUploadTemplate', {
      session,
      params: { templateId: 'proofOfIncome' },
      language: 'en',
    });
    expect(template.body).toMatchObject({ templateId: 'proofOfIncome', maxFileBytes: 10 * 1024 * 1024 });
    expect(
      (
        await call('Portal', 'GetUploadTemplate', {
          session: await sessionFor('100000001'),
          params: { templateId: 'proofOfIncome' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('Portal', 'GetUploadFields', { session: await sessionFor('100000012', 'limited') })).status,
    ).toBe(403);
  });

  it('GetEnvironment says demo; the calls without a function say notOffered after reading the payload', async () => {
    expect((await call('Portal', 'GetEnvironment', {})).body).toMatchObject({ environment: 'demo' });
    const session = await sessionFor('100000001', 'limited');
    expect((await call('Portal', 'CreatePortalAuftrag', { session, body: {} })).status).toBe(400);
    expect(
      await call('Portal', 'CreatePortalAuftrag', { session, body: { auftragArt: 'RZ', zielBetrag: 10 } }),
    ).toMatchObject({
      status: 403,
      problem: { code: 'notSupported' },
    });
    expect((await call('Portal', 'UpdatePortalAuftrag', { session, body: {} })).status).toBe(400);
    expect((await call('Portal', 'UpdatePortalAuftrag', { session, body: { infoString: 'x' } })).status).toBe(403);
    expect(
      (await call('Portal', 'CreatePaypalErrorLogItem', { session, body: { message: 'x'.repeat(2000) } })).status,
    ).toBe(400);
    expect(
      (await call('Portal', 'CreatePaypalErrorLogItem', { session, body: { code: 'INSTRUMENT_DECLINED' } })).body,
    ).toEqual({
      logged: true,
    });
  });
});

describe('Portal: mails and messages', () => {
  it('SendTilgungsplanMail: the stored address through the outbox; another address needs the full sign-in', async () => {
    const limited = await sessionFor('100000002', 'limited');
    expect(
      (await call('Portal', 'SendTilgungsplanMail', { session: limited, body: { email: 'not-an-address' } })).status,
    ).toBe(400);
    expect(
      (await call('Portal', 'SendTilgungsplanMail', { session: limited, body: { email: 'x@example.org' } })).status,
    ).toBe(403);
    const sent = await call('Portal', 'SendTilgungsplanMail', { session: limited, body: { tilgungsplanItems: [] } });
    expect(sent).toMatchObject({ status: 202, body: { toStoredAddress: true } });
    const [mail] = await outboxOf(limited.fileId);
    expect(mail?.id).toBe((sent.body as { mailId: number }).mailId);
    // A file without a plan has none to mail.
    expect(
      (await call('Portal', 'SendTilgungsplanMail', { session: await sessionFor('100000001', 'limited'), body: {} }))
        .status,
    ).toBe(403);
  });

  it('SendUeberweisungMail: the awaited transfer’s details through the outbox; none awaited is 404; another address needs the full sign-in', async () => {
    const limited = await sessionFor('100000001', 'limited');
    expect(await call('Portal', 'SendUeberweisungMail', { session: limited, body: {} })).toMatchObject({
      status: 404,
      problem: { code: 'noTransfer' },
    });
    const file = await fileOf('100000001');
    const id = randomUUID();
    await database.db.insert(t.payments).values({
      id,
      fileId: file.id,
      debtorId: file.debtorId,
      variant: file.variant,
      idempotencyKey: id,
      providerId: '6',
      purpose: 'openAmount',
      amountMinor: 12_345,
      currency: 'EUR',
      status: 'pending',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await call('Portal', 'SendUeberweisungMail', { session: limited, body: { email: 'nope' } })).status).toBe(
      400,
    );
    expect(
      (await call('Portal', 'SendUeberweisungMail', { session: limited, body: { email: 'other@example.org' } })).status,
    ).toBe(403);
    const sent = await call('Portal', 'SendUeberweisungMail', { session: limited, body: { amount: 1, qrCode: 'x' } });
    expect(sent).toMatchObject({ status: 202, body: { visitId: id, toStoredAddress: true } });
    const [mail] = await outboxOf(file.id);
    expect(mail).toMatchObject({ template: 'bankTransferDetails' });
    // The payment's own amount, never the client's.
    expect(JSON.stringify(mail!.data)).toContain('12345');
    // Another debtor has no transfer of this file to mail.
    expect(
      (await call('Portal', 'SendUeberweisungMail', { session: await sessionFor('100000002', 'limited'), body: {} }))
        .status,
    ).toBe(404);
  });

  it('answers carry the spec’s cache rules: private for a debtor’s data, public for everyone’s, none for the start data', async () => {
    const session = await sessionFor('100000001', 'limited');
    expect((await call('Portal', 'GetBankingDetails', { session })).headers.get('Cache-Control')).toMatch(/^private/);
    expect((await call('Portal', 'GetInitDataV2', { session })).headers.get('Cache-Control')).toBe('no-store');
    expect(
      (await call('Portal', 'GetSupportSubjects', { params: { language: 'de' } })).headers.get('Cache-Control'),
    ).toMatch(/^public/);
  });

  it('SendErledigungsmitteilungMail: a settled file once (409 after), others refused, reference-only refused', async () => {
    const settled = await sessionFor('100000006');
    expect(
      (await call('Portal', 'SendErledigungsmitteilungMail', { session: await sessionFor('100000006', 'limited') }))
        .status,
    ).toBe(403);
    const first = await call('Portal', 'SendErledigungsmitteilungMail', { session: settled });
    expect(first.status).toBe(202);
    expect((await outboxOf(settled.fileId)).length).toBeGreaterThan(0);
    expect((await call('Portal', 'SendErledigungsmitteilungMail', { session: settled })).status).toBe(409);
    expect(
      await call('Portal', 'SendErledigungsmitteilungMail', { session: await sessionFor('100000001') }),
    ).toMatchObject({
      status: 403,
      problem: { code: 'notAllowed' },
    });
  });

  it('SendNachricht stores the message with its attachments and mails the agency; bad files and another file’s reference are refused', async () => {
    const session = await sessionFor('100000001');
    const body = {
      SubjectId: '2',
      Subject: 'Inkassokosten',
      Message: 'Ich habe eine Frage zu den Inkassokosten meiner Akte.',
      Mail: 'debtor@example.org',
      Refno: '100000001',
      IsChatbotMessage: 'false',
    };
    expect(
      (await call('Portal', 'SendNachricht', { session, body: { ...body, Message: 'kurz' } })).problem?.issues?.[0]
        ?.path,
    ).toBe('Message');
    expect((await call('Portal', 'SendNachricht', { session, body: { ...body, Refno: '100000002' } })).status).toBe(
      404,
    );
    const wrong = await call('Portal', 'SendNachricht', {
      session,
      body,
      files: [upload('Attachments', 'a.pdf', exeBytes())],
    });
    expect(wrong).toMatchObject({ status: 400, problem: { code: 'uploadRefused' } });

    const sent = await call('Portal', 'SendNachricht', {
      session,
      body,
      files: [upload('Attachments', 'beleg.pdf', pdfBytes())],
    });
    expect(sent).toMatchObject({ status: 201, body: { attachments: 1 } });
    const id = (sent.body as { id: number }).id;
    const [message] = await database.db.select().from(t.messages).where(eq(t.messages.id, id));
    expect(message).toMatchObject({
      fileId: session.fileId,
      subjectId: 2,
      email: 'debtor@example.org',
      fromAssistant: false,
    });
    const chatbot = await call('Portal', 'SendNachricht', {
      session: await sessionFor('100000003'),
      body: { ...body, Refno: undefined, IsChatbotMessage: 'true' },
    });
    const [fromChatbot] = await database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, (chatbot.body as { id: number }).id));
    expect(fromChatbot).toMatchObject({ fromAssistant: true });
    const attached = await database.db
      .select()
      .from(t.uploads)
      .where(and(eq(t.uploads.fileId, session.fileId), eq(t.uploads.context, 'message'), eq(t.uploads.ownerId, id)));
    expect(attached.map((u) => u.originalName)).toEqual(['beleg.pdf']);
    expect((await outboxOf(session.fileId)).some((m) => m.template.toLowerCase().includes('message'))).toBe(true);

    expect(
      (await call('Portal', 'SendNachricht', { session: await sessionFor('100000001', 'limited'), body })).status,
    ).toBe(403);
  });
});
