/**
 * Notice of completion (spec 2.4 "A request for a notice of completion", 4.3 "on success the
 * file is closed", 7 SendErledigungsmitteilungMail): for a settled file the debtor asks for a
 * written confirmation that nothing is owed any more. The request is a portal order, the notice
 * goes out by e-mail through the outbox (by post when no e-mail address is on file), and the
 * file is closed. A second request is answered with the date of the first.
 */
import { formatReference } from '../auth/reference.ts';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { debtorName } from '../mail/addressee.ts';
import { languages } from '../i18n/languages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { truncateClientAddress } from '../security/client-address.ts';
import { loadFileFacts, todayIso, type FileFacts } from './facts.ts';
import { actionFlags } from './rules.ts';

export const noticeOfCompletionInput = z.object({
  fileId: z.number().int().positive(),
  debtorId: z.number().int().positive(),
  language: z.enum(languages),
  clientAddress: z.string().max(100).optional(),
});

export type NoticeDelivery = 'email' | 'post';

export type NoticeOfCompletionResult =
  | { ok: true; requestedAt: string; delivery: NoticeDelivery }
  | { ok: false; error: 'alreadyRequested'; requestedAt: string }
  | { ok: false; error: 'notAllowed' }
  | { ok: false; error: 'failed' };

/** What the dashboard shows: whether the request is offered, and an earlier request. */
export interface NoticeOfCompletionState {
  available: boolean;
  requestedAt: string | null;
  /** How the notice reaches the debtor. */
  delivery: NoticeDelivery;
}

async function lastRequest(db: Database, fileId: number): Promise<Date | null> {
  const [row] = await db
    .select({ orderedAt: t.portalOrders.orderedAt })
    .from(t.portalOrders)
    .where(and(eq(t.portalOrders.fileId, fileId), eq(t.portalOrders.orderType, 'noticeOfCompletion')))
    .orderBy(desc(t.portalOrders.orderedAt))
    .limit(1);
  return row?.orderedAt ?? null;
}

export async function noticeOfCompletionState(
  db: Database,
  fileId: number,
  today: string = todayIso(),
  /** The file's facts for the same day, when the caller has just read them (the dashboard). */
  known?: FileFacts,
): Promise<NoticeOfCompletionState | null> {
  const facts = known ?? (await loadFileFacts(db, fileId, { today }));
  if (!facts) return null;
  const [owner] = await db
    .select({ email: t.debtors.email })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, fileId));
  return noticeState(facts, today, owner?.email ?? null);
}

/** The state from the facts and the debtor's e-mail address (pure): the dashboard reads both with its page. */
export function noticeState(facts: FileFacts, today: string, email: string | null): NoticeOfCompletionState {
  return {
    available: actionFlags(facts, today).showNoticeOfCompletion,
    requestedAt: facts.noticeOfCompletionRequestedAt,
    delivery: email ? 'email' : 'post',
  };
}

/**
 * Requests the notice of completion for the session's file. Allowed only while the file's
 * `showNoticeOfCompletion` flag is set (a settled file, not yet closed, no earlier request).
 */
export async function requestNoticeOfCompletion(
  db: Database,
  raw: z.input<typeof noticeOfCompletionInput>,
  options: { now?: Date } = {},
): Promise<NoticeOfCompletionResult> {
  const input = noticeOfCompletionInput.parse(raw);
  const now = options.now ?? new Date();
  const today = todayIso(now);
  const auditBase = {
    actor: 'debtor' as const,
    debtorId: input.debtorId,
    fileId: input.fileId,
    clientAddress: input.clientAddress,
    at: now,
  };

  let result: NoticeOfCompletionResult;
  try {
    result = await db.transaction(async (tx): Promise<NoticeOfCompletionResult> => {
      const tdb = tx as unknown as Database;
      // Serialises two requests for the same file (a double click, two tabs).
      const [file] = await tx
        .select({
          id: t.files.id,
          debtorId: t.files.debtorId,
          refno: t.files.refno,
          subcase: t.files.subcase,
          variant: t.files.variant,
          statusDate: t.files.statusDate,
          creditorId: t.files.creditorId,
        })
        .from(t.files)
        .where(eq(t.files.id, input.fileId))
        .for('update');
      if (!file || file.debtorId !== input.debtorId) return { ok: false, error: 'notAllowed' };
      const earlier = await lastRequest(tdb, file.id);
      if (earlier) return { ok: false, error: 'alreadyRequested', requestedAt: earlier.toISOString() };
      const facts = await loadFileFacts(tdb, file.id, { today });
      if (!facts || !actionFlags(facts, today).showNoticeOfCompletion) return { ok: false, error: 'notAllowed' };

      const [debtor] = await tx.select().from(t.debtors).where(eq(t.debtors.id, file.debtorId));
      const [creditor] = await tx
        .select({ name: t.creditors.name })
        .from(t.creditors)
        .where(eq(t.creditors.id, file.creditorId));
      const delivery: NoticeDelivery = debtor?.email ? 'email' : 'post';
      const reference = formatReference(file.refno, file.subcase);

      await tx.insert(t.portalOrders).values({
        fileId: file.id,
        ip: truncateClientAddress(input.clientAddress),
        orderType: 'noticeOfCompletion',
        orderedAt: now,
        info: delivery,
      });
      if (debtor?.email) {
        const name = debtorName(debtor);
        await enqueueMail(tdb, {
          to: debtor.email,
          template: 'noticeOfCompletion',
          language: input.language,
          variant: file.variant,
          fileId: file.id,
          data: {
            name,
            salutation: debtor.salutation,
            reference,
            creditor: creditor?.name ?? '',
            settledOn: file.statusDate,
          },
        });
      }
      await tx.update(t.files).set({ closedAt: now }).where(eq(t.files.id, file.id));
      return { ok: true, requestedAt: now.toISOString(), delivery };
    });
  } catch {
    await audit(db, { ...auditBase, action: 'noticeOfCompletion.failed' });
    return { ok: false, error: 'failed' };
  }
  const action = result.ok ? 'noticeOfCompletion.requested' : `noticeOfCompletion.${result.error}`;
  await audit(db, { ...auditBase, action, detail: result.ok ? { delivery: result.delivery } : undefined });
  return result;
}
