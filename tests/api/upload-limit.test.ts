/**
 * Issue 30, item 2: files sent through the API count against the same upload limit as the pages'
 * upload field (server/api/uploads.ts `receiveApiAttachments`). Every call that takes files (a
 * message, a requested document, a profile change's proofs) answers 429 once the file's hour is
 * used up, and stores nothing; the profile change took files without any limit before.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { policies } from '#server/limits/rate-limits.ts';
import { consumeUploadLimit } from '#server/uploads/receive.ts';
import { useRouteDatabase } from '../helpers/routes.ts';
import { pdfBytes, useUploadFolder } from '../helpers/uploads.ts';
import { apiCaller, demoSessions, upload } from './claim-helpers.ts';

const database = useRouteDatabase();
useUploadFolder();
const call = apiCaller();
const { sessionFor } = demoSessions(database);

describe('the upload limit in the API', () => {
  it('a message, a requested document and a profile change with files are refused alike once the file’s limit is used up', async () => {
    const session = await sessionFor('100000012');
    const [request] = await database.db
      .select()
      .from(t.documentRequests)
      .where(eq(t.documentRequests.fileId, session.fileId))
      .orderBy(t.documentRequests.categoryPosition);
    // The file's hour used up from other addresses (the pages' upload field counts the same way).
    for (let i = 0; i < policies.uploadFile.points; i++) {
      const used = await consumeUploadLimit(database.db, { fileId: session.fileId, clientAddress: `203.0.113.${i}` });
      expect(used.ok).toBe(true);
    }
    const uploadsBefore = await database.db.select().from(t.uploads).where(eq(t.uploads.fileId, session.fileId));

    const message = await call('Portal', 'SendNachricht', {
      session,
      body: { SubjectId: '2', Message: 'Anbei der Beleg.' },
      files: [upload('Attachments', 'beleg.pdf', pdfBytes())],
    });
    const document = await call('Document', 'UploadDocuments', {
      session,
      body: { fieldId: String(request!.id) },
      files: [upload('attachments', 'ausweis.pdf', pdfBytes())],
    });
    const profile = await call('Account', 'UpdateProfile', {
      session,
      body: { reason: 'addressError', streetName: 'Neue Straße' },
      files: [upload('files', 'meldebescheinigung.pdf', pdfBytes())],
    });
    for (const answer of [message, document, profile]) {
      expect(answer).toMatchObject({ status: 429, problem: { code: 'rateLimited' } });
      expect((answer.body as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    }
    const uploadsAfter = await database.db.select().from(t.uploads).where(eq(t.uploads.fileId, session.fileId));
    expect(uploadsAfter).toHaveLength(uploadsBefore.length);
  });
});
