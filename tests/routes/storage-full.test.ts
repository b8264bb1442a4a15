/**
 * Issue 18, "the disk is full when storing an upload": the storage answers ENOSPC. The debtor is
 * told so in their language (all seven), nothing is stored, the form keeps what was typed, and
 * once there is room again the same form goes through.
 */
import { eq } from 'drizzle-orm';
import i18next from 'i18next';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { FolderStorage } from '#server/storage/folder.ts';
import { setObjectStore } from '#server/uploads/storage.ts';
import { action as contactAction } from '~/routes/$portal.service.contact';
import { action as centerAction, loader as centerLoader } from '~/routes/$portal.upload-center';
import { getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';
import { file, multipartRequest, pdfBytes } from '../helpers/uploads.ts';

const params = { portal: 'serviceportal' };
const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

let root: string;
/** True while the disk is full: every write fails the way the kernel says so. */
let diskFull = true;
beforeAll(() => {
  root = mkdtempSync(nodePath.join(tmpdir(), 'portal-full-'));
  setObjectStore(
    new FolderStorage(root, {
      beforeRename: () => {
        if (diskFull) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    }),
  );
});
afterAll(() => {
  setObjectStore(undefined);
  rmSync(root, { recursive: true, force: true });
});

const storedFiles = () => readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const body = 'Anbei der Kontoauszug zu meiner Zahlung vom März, bitte prüfen Sie ihn.';

type ContactReply = {
  result: { status?: string; initialValue?: Record<string, unknown> };
  kept: unknown[];
  refused: Array<{ name: string; problem: string }>;
};

describe('a full disk while storing an upload', () => {
  it('the contact form refuses the file as storageFull, keeps every typed value, stores nothing; later it goes through', async () => {
    const cookie = await cookieFor('100000001');
    const f = await fileOf('100000001');
    const fields: Array<[string, string | File]> = [
      ['intent', 'message'],
      ['subjectId', '2'],
      ['subSubject', 'Zahlung'],
      ['body', body],
      ['email', 'max@example.org'],
      ['phone', '+49 30 1234567'],
      ['files', file('kontoauszug.pdf', pdfBytes(50_000))],
    ];
    const full = await run(
      contactAction,
      multipartRequest('/serviceportal/service/contact', fields, { Cookie: cookie }),
      params,
    );
    expect(full.status).toBe(400);
    const reply = full.data as ContactReply;
    expect(reply.refused).toEqual([{ name: 'kontoauszug.pdf', problem: 'storageFull' }]);
    expect(reply.kept).toEqual([]);
    // What was typed comes back into the form.
    expect(reply.result.initialValue).toMatchObject({
      subjectId: '2',
      subSubject: 'Zahlung',
      body,
      email: 'max@example.org',
      phone: '+49 30 1234567',
    });
    expect(storedFiles()).toEqual([]);
    expect(await database.db.select().from(t.uploads).where(eq(t.uploads.fileId, f.id))).toHaveLength(0);
    expect(await database.db.select().from(t.messages).where(eq(t.messages.fileId, f.id))).toHaveLength(0);

    // Room again: the same form is sent once more and arrives with its file.
    diskFull = false;
    try {
      const again = await run(
        contactAction,
        multipartRequest('/serviceportal/service/contact', fields, { Cookie: cookie }),
        params,
      );
      expect(again.headers.get('Location')).toBe('/serviceportal/service/contact?sent=message');
    } finally {
      diskFull = true;
    }
    const [message] = await database.db.select().from(t.messages).where(eq(t.messages.fileId, f.id));
    expect(message).toMatchObject({ subSubject: 'Zahlung', email: 'max@example.org' });
    expect(storedFiles()).toHaveLength(1);
  });

  it('the upload center says the storage is full at the top and beside the file', async () => {
    const cookie = await cookieFor('100000012');
    const view = (await run(centerLoader, getRequest('/serviceportal/upload-center', { Cookie: cookie }), params))
      .data as { view: { documents: Array<{ id: number; status: string }> } };
    const requested = view.view.documents.find((d) => d.status !== 'Uploaded')!;
    const answer = await run(
      centerAction,
      multipartRequest(
        '/serviceportal/upload-center',
        [
          ['requestId', String(requested.id)],
          ['intent', 'upload'],
          ['files', file('ausweis.pdf', pdfBytes(20_000))],
        ],
        { Cookie: cookie },
      ),
      params,
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ problem: 'storageFull', refused: [{ problem: 'storageFull' }], kept: [] });
  });

  it('the message exists in all seven languages, each in its own words', async () => {
    const languages = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'] as const;
    const resources = Object.fromEntries(
      languages.map((language) => [
        language,
        { uploads: JSON.parse(readFileSync(`locales/${language}/uploads.json`, 'utf8')) as object },
      ]),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ resources, fallbackLng: false, ns: ['uploads'], defaultNS: 'uploads' });
    for (const key of ['problems.storageFull', 'center.errors.storageFull']) {
      const texts = languages.map((lng) => i18n.t(key, { lng }));
      // Resolved (not the key), and no language falls back to another's text.
      for (const text of texts) expect(text).not.toBe(key);
      expect(new Set(texts).size).toBe(languages.length);
    }
  });
});
