/**
 * Asking for a breathing space (issue 26, decision 068): collection pauses for 30 days, reminders
 * stop as while a dispute is reviewed, and the agency reviews the request. Recorded on the file
 * (its row, an event the debtor's history shows), told to the agency through the outbox (with the
 * debtor's words and figures, which are kept nowhere else) and confirmed to the debtor by mail
 * when an address is on file. Once per file in 12 months; a second submit changes nothing.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { auditDebtor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { formatReference } from '../auth/reference.ts';
import { debtorName, mailReceipt } from '../mail/addressee.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { addDays, addMonths } from '../instalments/dates.ts';
import { breathingSpaceRepeatMonths, breathingSpaceState, pausedUntilFor, type HardshipReason } from './rules.ts';
import { breathingSpaceRecord } from './view.ts';

export interface BreathingSpaceRequest {
  fileId: number;
  debtorId: number;
  reason: HardshipReason;
  statement?: string | undefined;
  incomeMinor?: number | undefined;
  expensesMinor?: number | undefined;
  language: string;
  clientAddress: string;
  fromAssistant: boolean;
  now: Date;
  /** The agency's calendar day of `now`. */
  today: string;
}

export type BreathingSpaceResult =
  | { ok: true; requestedOn: string; pausedUntil: string; eventId: number }
  | { ok: false; reason: 'alreadyPaused'; pausedUntil: string }
  | { ok: false; reason: 'usedThisYear'; nextPossibleOn: string }
  | { ok: false; reason: 'noFile' };

export async function requestBreathingSpace(db: Database, input: BreathingSpaceRequest): Promise<BreathingSpaceResult> {
  return db.transaction(async (tx): Promise<BreathingSpaceResult> => {
    const [row] = await tx
      .select({ file: t.files, debtor: t.debtors })
      .from(t.files)
      .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
      .where(and(eq(t.files.id, input.fileId), eq(t.files.debtorId, input.debtorId)));
    if (!row) return { ok: false, reason: 'noFile' };

    const pausedUntil = pausedUntilFor(input.today);
    // Marked only when the file has had no request within the last 12 months and no pause runs:
    // the condition makes a second submit (or a double click racing the first) change nothing.
    const since = new Date(`${addDays(addMonths(input.today, -breathingSpaceRepeatMonths), 1)}T00:00:00Z`);
    const [marked] = await tx
      .update(t.files)
      .set({ breathingSpaceAt: input.now, collectionPausedUntil: pausedUntil })
      .where(
        and(
          eq(t.files.id, input.fileId),
          or(isNull(t.files.breathingSpaceAt), lt(t.files.breathingSpaceAt, since)),
          or(isNull(t.files.collectionPausedUntil), lt(t.files.collectionPausedUntil, input.today)),
        ),
      )
      .returning({ id: t.files.id });
    if (!marked) {
      const state = breathingSpaceState(
        await breathingSpaceRecord(tx as unknown as Database, input.fileId),
        input.today,
      );
      if (state.state === 'running') return { ok: false, reason: 'alreadyPaused', pausedUntil: state.pausedUntil };
      if (state.state === 'usedRecently')
        return { ok: false, reason: 'usedThisYear', nextPossibleOn: state.nextPossibleOn };
      // The rows disagree with the rules only across a day boundary in the agency's time zone.
      return { ok: false, reason: 'usedThisYear', nextPossibleOn: input.today };
    }

    const withFigures = input.incomeMinor !== undefined || input.expensesMinor !== undefined;
    const [event] = await tx
      .insert(t.events)
      .values({
        fileId: input.fileId,
        occurredAt: input.now,
        kind: 'breathingSpaceRequested',
        detail: { reason: input.reason, pausedUntil, remindersPaused: true, withFigures, review: true },
      })
      .returning({ id: t.events.id });

    const variant = variants[row.file.variant as VariantId] ?? variants.de;
    const reference = formatReference(row.file.refno, row.file.subcase);
    const name = debtorName(row.debtor);
    const money = (minor: number | undefined) =>
      minor === undefined ? null : { amountMinor: minor, currency: row.file.currency };
    await enqueueMail(tx, {
      to: variant.support.email,
      template: 'agencyHardship',
      language: variant.defaultLanguage,
      variant: variant.id,
      fileId: input.fileId,
      data: {
        reference,
        reason: input.reason,
        statement: input.statement ?? null,
        income: money(input.incomeMinor),
        expenses: money(input.expensesMinor),
        pausedUntil,
        debtorName: name,
        replyEmail: row.debtor.email,
        requestedAt: input.now.toISOString(),
        fromAssistant: input.fromAssistant,
      },
    });
    await mailReceipt(tx, row.debtor.email, {
      language: input.language,
      variant: variant.id,
      fileId: input.fileId,
      data: { name, salutation: row.debtor.salutation, reference, kind: 'hardship', pausedUntil },
    });
    await auditDebtor(tx, input, 'hardship.breathingSpaceRequested', {
      detail: { reason: input.reason, pausedUntil, withFigures },
      at: input.now,
    });
    return { ok: true, requestedOn: input.today, pausedUntil, eventId: event!.id };
  });
}

/** For the staff desk and tests: the breathing spaces asked for on a file, newest first. */
export async function breathingSpaceEvents(db: Database, fileId: number) {
  return db
    .select({ id: t.events.id, occurredAt: t.events.occurredAt, detail: t.events.detail })
    .from(t.events)
    .where(and(eq(t.events.fileId, fileId), eq(t.events.kind, 'breathingSpaceRequested')))
    .orderBy(sql`${t.events.occurredAt} desc`);
}
