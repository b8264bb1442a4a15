/**
 * The e-mail reminder service can be switched off from a link in every reminder mail. The link
 * carries a signed token (debtor and mail event); the page asks for confirmation and only the
 * POST switches reminders off (no state change on GET).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { readToken, signToken } from '../security/signed-token.ts';
import { recordSystemEvent } from '../agency/events.ts';

const purpose = 'reminder-opt-out';

export function reminderOptOutToken(debtorId: number, eventId: string): string {
  return signToken(purpose, { d: debtorId, ev: eventId });
}

const payload = z.object({ d: z.number().int().positive(), ev: z.string().min(1).max(64) });

export function readReminderOptOutToken(
  token: string | null | undefined,
): { debtorId: number; eventId: string } | null {
  const parsed = readToken(purpose, token, payload);
  return parsed ? { debtorId: parsed.d, eventId: parsed.ev } : null;
}

export type DisableRemindersResult = { ok: true; alreadyDisabled: boolean } | { ok: false; reason: 'invalidLink' };

export async function disableReminders(
  db: Database,
  token: string | null | undefined,
  now = new Date(),
  door: 'mail' | 'api' = 'mail',
): Promise<DisableRemindersResult> {
  const parsed = readReminderOptOutToken(token);
  if (!parsed) return { ok: false, reason: 'invalidLink' };
  return db.transaction(async (tx) => {
    const [debtor] = await tx
      .select({ id: t.debtors.id, disabledAt: t.debtors.remindersDisabledAt })
      .from(t.debtors)
      .where(eq(t.debtors.id, parsed.debtorId));
    if (!debtor) return { ok: false, reason: 'invalidLink' } as const;
    if (debtor.disabledAt) return { ok: true, alreadyDisabled: true } as const;
    await tx.update(t.debtors).set({ remindersDisabledAt: now, updatedAt: now }).where(eq(t.debtors.id, debtor.id));
    await tx.insert(t.reminderOptOuts).values({ debtorId: debtor.id, eventId: parsed.eventId, createdAt: now });
    await tx.insert(t.auditLog).values({
      at: now,
      actor: 'debtor',
      debtorId: debtor.id,
      action: 'reminders.disabled',
      detail: { eventId: parsed.eventId },
    });
    // The agency's dunning must know (issue 29): one event on each of the debtor's files.
    const files = await tx.select({ id: t.files.id }).from(t.files).where(eq(t.files.debtorId, debtor.id));
    for (const file of files)
      await recordSystemEvent(tx as unknown as Database, {
        type: 'reminders.disabled',
        step: 'disableReminders',
        door,
        fileId: file.id,
        at: now,
        result: { mailEventId: parsed.eventId },
      });
    return { ok: true, alreadyDisabled: false } as const;
  });
}

/** disableReminders as a page calls it: it opens the database itself (decision 077). */
export const disableRemindersForPage = withDatabase(disableReminders);
