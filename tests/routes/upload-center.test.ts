import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSession } from '#server/auth/sessions.ts';
import * as t from '#server/db/schema.ts';
import { action, loader } from '~/routes/$portal.upload-center';
import { formRequest, getRequest, run, useRouteDatabase } from '../helpers/routes.ts';
import { exeBytes, file, multipartRequest, pdfBytes, useUploadFolder } from '../helpers/uploads.ts';

const params = { portal: 'serviceportal' };
const path = '/serviceportal/upload-center';
const database = useRouteDatabase();
useUploadFolder();

async function fileOf(refno: string) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, 1)));
  return row!;
}
async function cookieFor(refno: string) {
  const f = await fileOf(refno);
  const { cookie } = await createSession(database.db, {
    debtorId: f.debtorId,
    fileId: f.id,
    loginType: 'password',
    level: 'full',
  });
  return cookie.split(';')[0]!;
}
type View = {
  view: {
    documents: Array<{ id: number; templateId: string; status: string; uploads: Array<{ name: string }> }>;
    hasRequestedDocuments: boolean;
    outstanding: number;
  };
};

describe('upload center (demo 100000012)', () => {
  it('lists the requested documents by category position', async () => {
    const result = await run(loader, getRequest(path, { Cookie: await cookieFor('100000012') }), params);
    const { view } = result.data as View;
    expect(view.documents.map((d) => d.templateId)).toEqual(['identityDocument', 'proofOfIncome', 'paymentReceipt']);
    expect(view).toMatchObject({ hasRequestedDocuments: true, outstanding: 3 });
  });

  it('uploads one document, postpones another, refreshing the flag after each', async () => {
    const cookie = await cookieFor('100000012');
    const { view } = (await run(loader, getRequest(path, { Cookie: cookie }), params)).data as View;
    const [identity, income, receipt] = view.documents;

    const refused = await run(
      action,
      multipartRequest(
        path,
        [
          ['requestId', String(identity!.id)],
          ['intent', 'upload'],
          ['files', file('ausweis.pdf', exeBytes())],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(refused.status).toBe(400);
    expect((refused.data as { refused: Array<{ problem: string }> }).refused).toEqual([
      { name: 'ausweis.pdf', problem: 'wrongType' },
    ]);

    const empty = await run(
      action,
      multipartRequest(
        path,
        [
          ['requestId', String(identity!.id)],
          ['intent', 'upload'],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect((empty.data as { problem: string }).problem).toBe('noFiles');

    const uploaded = await run(
      action,
      multipartRequest(
        path,
        [
          ['requestId', String(identity!.id)],
          ['intent', 'upload'],
          ['files', file('ausweis.pdf', pdfBytes())],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(uploaded.headers.get('Location')).toBe(`${path}?done=${identity!.id}`);
    let after = (
      (await run(loader, getRequest(`${path}?done=${identity!.id}`, { Cookie: cookie }), params)).data as View
    ).view;
    expect(after.documents[0]).toMatchObject({ status: 'Uploaded', uploads: [{ name: 'ausweis.pdf' }] });
    expect(after).toMatchObject({ hasRequestedDocuments: true, outstanding: 2 });

    await run(
      action,
      formRequest(path, { requestId: String(income!.id), intent: 'later' }, { Cookie: cookie }),
      params,
    );
    await run(
      action,
      formRequest(path, { requestId: String(receipt!.id), intent: 'later' }, { Cookie: cookie }),
      params,
    );
    after = ((await run(loader, getRequest(path, { Cookie: cookie }), params)).data as View).view;
    expect(after.documents.map((d) => d.status)).toEqual(['Uploaded', 'UploadLater', 'UploadLater']);
    expect(after).toMatchObject({ hasRequestedDocuments: false, outstanding: 2 });

    // An uploaded document cannot be answered again.
    const again = await run(
      action,
      formRequest(path, { requestId: String(identity!.id), intent: 'later' }, { Cookie: cookie }),
      params,
    );
    expect((again.data as { problem: string }).problem).toBe('alreadyUploaded');
    const f = await fileOf('100000012');
    const audits = await database.db.select().from(t.auditLog).where(eq(t.auditLog.fileId, f.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['documents.uploaded', 'documents.postponed']));
  });

  it('never answers another file’s request', async () => {
    const owner = ((await run(loader, getRequest(path, { Cookie: await cookieFor('100000012') }), params)).data as View)
      .view;
    const intruder = await cookieFor('100000001');
    const result = await run(
      action,
      formRequest(path, { requestId: String(owner.documents[1]!.id), intent: 'later' }, { Cookie: intruder }),
      params,
    );
    expect(result.status).toBe(400);
    expect((result.data as { problem: string }).problem).toBe('unknownDocument');
  });
});
