/**
 * The Document calls (issue 17): the printable forms with the form pages' schemas (a real PDF,
 * recorded as a portal order), the list of forms, and the upload centre's answers with files
 * judged by the same upload service as the screen; another file's fieldId is not found.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { serverTranslator } from '#server/i18n/translate.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { exeBytes, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';
import { apiCaller, demoSessions, upload } from './claim-helpers.ts';
import { useDocumentFolder } from '../helpers/documents.ts';

const database = useRouteDatabase();
useDocumentFolder(database);
useUploadFolder();
const call = apiCaller();
const { sessionFor } = demoSessions(database);

const person = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  born: '1984-05-17',
  street: 'Lindenallee',
  streetNumber: '14',
  zip: '50968',
  city: 'Köln',
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const forms = [
  [
    'CreateBevollmaechtigung',
    'mandate',
    {
      ...person,
      attorneyFullName: 'Max Mustermann',
      attorneyStreet: 'Hauptstraße',
      attorneyStreetNumber: '1',
      attorneyZip: '10115',
      attorneyCity: 'Berlin',
    },
  ],
  ['CreateWareNichtErhalten', 'goods-not-recieved', person],
  ['CreateIdentitaetsdiebstahl', 'identity-theft', person],
  ['CreateWareRetouniert', 'goods-return', { ...person, dateGoodsReturn: daysAgo(3) }],
] as const;

describe('Document: printable forms', () => {
  it.each(forms)('%s makes the form %s as a PDF and records the order', async (name, form, values) => {
    const session = await sessionFor('100000001');
    const answer = await call('Document', name, { session, body: values });
    expect(answer.status).toBe(201);
    const body = answer.body as { form: string; orderId: number; document: { base64: string } };
    expect(body.form).toBe(form);
    expect(Buffer.from(body.document.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const [order] = await database.db.select().from(t.portalOrders).where(eq(t.portalOrders.id, body.orderId));
    expect(order).toMatchObject({ fileId: session.fileId, orderType: 'downloadForm', info: form });
  });

  it.each(forms)('%s refuses what the form page refuses, with the field', async (name) => {
    const session = await sessionFor('100000001');
    const answer = await call('Document', name, { session, body: { ...person, zip: 'abc', streetNumber: 'vierzehn' } });
    expect(answer.status).toBe(400);
    expect(answer.problem?.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['zip', 'streetNumber']));
    expect(
      (await call('Document', name, { session: await sessionFor('100000001', 'limited'), body: person })).status,
    ).toBe(403);
  });

  it('a return date in the future is refused (the form page’s rule)', async () => {
    const answer = await call('Document', 'CreateWareRetouniert', {
      session: await sessionFor('100000001'),
      body: { ...person, dateGoodsReturn: daysAgo(-3) },
    });
    expect(answer.problem?.issues?.[0]).toMatchObject({
      path: 'dateGoodsReturn',
      message: serverTranslator('de', 'documents')('errors.dateGoodsReturn.future'),
    });
  });

  it('GetStaticDocuments lists the four forms with their calls, in the language asked', async () => {
    const answer = await call('Document', 'GetStaticDocuments', { language: 'en' });
    const list = answer.body as { returnWithinDays: number; forms: Array<{ call: string; title: string }> };
    expect(list.returnWithinDays).toBe(7);
    expect(list.forms.map((f) => f.call).sort()).toEqual(forms.map(([name]) => `/api/Document/${name}`).sort());
    expect(list.forms.every((f) => f.title && !f.title.startsWith('forms.'))).toBe(true);
  });
});

describe('Document: the upload centre', () => {
  async function fieldsOf(refno: string) {
    const file = await sessionFor(refno);
    return database.db
      .select()
      .from(t.documentRequests)
      .where(eq(t.documentRequests.fileId, file.fileId))
      .orderBy(t.documentRequests.categoryPosition);
  }

  it('UploadDocuments stores the files for the field as the screen does; a wrong type, no files, another file’s field are refused', async () => {
    const session = await sessionFor('100000012');
    const [identity] = await fieldsOf('100000012');
    const fieldId = String(identity!.id);

    expect((await call('Document', 'UploadDocuments', { session, body: { fieldId: 'x' } })).status).toBe(400);
    const none = await call('Document', 'UploadDocuments', { session, body: { fieldId } });
    expect(none).toMatchObject({ status: 400 });
    const wrong = await call('Document', 'UploadDocuments', {
      session,
      body: { fieldId },
      files: [upload('attachments', 'a.exe', exeBytes())],
    });
    expect(wrong).toMatchObject({
      status: 400,
      problem: { code: 'uploadRefused', issues: [{ path: 'attachments.0' }] },
    });
    expect(wrong.problem?.issues?.[0]?.message).toContain('JPG');
    const tooLarge = await call('Document', 'UploadDocuments', {
      session,
      body: { fieldId },
      files: [upload('attachments', 'big.pdf', pdfBytes(10 * 1024 * 1024 + 1))],
    });
    // More than 10 MB of files never reaches the handler: the runtime's bounded reader refuses the body.
    expect(tooLarge).toMatchObject({ status: 413, problem: { code: 'tooLarge' } });

    const other = await sessionFor('100000001');
    const foreign = await call('Document', 'UploadDocuments', {
      session: other,
      body: { fieldId },
      files: [upload('attachments', 'a.pdf', pdfBytes())],
    });
    expect(foreign.status).toBe(404);

    const sent = await call('Document', 'UploadDocuments', {
      session,
      body: { fieldId },
      files: [
        upload('attachments', 'ausweis-vorn.pdf', pdfBytes()),
        upload('attachments', 'ausweis-hinten.pdf', pdfBytes()),
      ],
    });
    expect(sent).toMatchObject({ status: 201, body: { fieldId: identity!.id, status: 'Uploaded', outstanding: 2 } });
    const stored = await database.db
      .select()
      .from(t.uploads)
      .where(
        and(
          eq(t.uploads.fileId, session.fileId),
          eq(t.uploads.ownerId, identity!.id),
          eq(t.uploads.context, 'documentRequest'),
        ),
      );
    expect(stored.map((u) => u.originalName).sort()).toEqual(['ausweis-hinten.pdf', 'ausweis-vorn.pdf']);
    const again = await call('Document', 'UploadDocuments', {
      session,
      body: { fieldId },
      files: [upload('attachments', 'a.pdf', pdfBytes())],
    });
    expect(again.status).toBe(409);
    expect(
      (
        await call('Document', 'UploadDocuments', {
          session: await sessionFor('100000012', 'limited'),
          body: { fieldId },
        })
      ).status,
    ).toBe(403);
  });

  it('UploadDocumentLater postpones the field; another file’s field is not found', async () => {
    const session = await sessionFor('100000012');
    const [, income] = await fieldsOf('100000012');
    expect((await call('Document', 'UploadDocumentLater', { session, body: {} })).status).toBe(400);
    expect(
      (
        await call('Document', 'UploadDocumentLater', {
          session: await sessionFor('100000001'),
          body: { fieldId: income!.id },
        })
      ).status,
    ).toBe(404);
    const answer = await call('Document', 'UploadDocumentLater', { session, body: { fieldId: income!.id } });
    expect(answer).toMatchObject({ status: 200, body: { fieldId: income!.id, status: 'UploadLater' } });
  });
});
