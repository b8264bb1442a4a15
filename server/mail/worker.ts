/**
 * The mail worker: delivers pending rows of the outbox. Each attempt first claims the row
 * (attempts + 1 where attempts is still what it read, and a claim until `claimLeaseMs` from now)
 * so that no other worker, on this instance or another, takes the row while it is being sent:
 * without the claim a second worker would find a slow send of an old mail due for its next
 * attempt and send it again (tests/db/instances.test.ts). The claim ends with the attempt; a
 * worker that dies mid-send leaves it, and the row is tried again after the lease. A failed
 * attempt is retried with growing pauses measured from the row's creation; after the last one
 * the row is marked failed and left for staff to look at.
 */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { env } from '../env.ts';
import { variants, type VariantId, defaultVariantId } from '../variants/config.ts';
import type { MailData, MailTemplate } from './outbox.ts';
import { renderMail } from './templates.ts';
import type { MailSender } from './transport.ts';
import { startIntervalJob } from '../jobs/interval.ts';

/** When attempt n (0-based) may start, in minutes after the mail was queued. */
export const retrySchedule = [0, 1, 5, 30, 120, 480] as const;
export const maxAttempts = retrySchedule.length;

/** How long a claimed row is left to its worker: longer than any send may take (SMTP timeouts are minutes). */
export const claimLeaseMs = 15 * 60_000;

export function nextAttemptAt(createdAt: Date, attempts: number): Date | null {
  const offset = retrySchedule[attempts];
  return offset === undefined ? null : new Date(createdAt.getTime() + offset * 60_000);
}

export function senderAddress(variantId: string, mailFrom = env().MAIL_FROM): string {
  if (mailFrom) return mailFrom;
  const variant = variants[variantId as VariantId] ?? variants[defaultVariantId];
  return `"${variant.brand.name}" <${variant.support.email}>`;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

export async function deliverDueMail(
  db: Database,
  sender: MailSender,
  options: { now?: Date; limit?: number } = {},
): Promise<DeliveryReport> {
  const now = options.now ?? new Date();
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  // Not claimed, or left by a worker that stopped before its attempt ended.
  const unclaimed = or(isNull(t.mailOutbox.claimedUntil), lt(t.mailOutbox.claimedUntil, now));
  const rows = await db
    .select()
    .from(t.mailOutbox)
    .where(and(eq(t.mailOutbox.status, 'pending'), unclaimed))
    .orderBy(asc(t.mailOutbox.createdAt), asc(t.mailOutbox.id))
    .limit(options.limit ?? 50);
  for (const row of rows) {
    const due = nextAttemptAt(row.createdAt, row.attempts);
    if (due === null) {
      await db
        .update(t.mailOutbox)
        .set({ status: 'failed', claimedUntil: null })
        .where(and(eq(t.mailOutbox.id, row.id), eq(t.mailOutbox.status, 'pending'), unclaimed));
      report.failed += 1;
      continue;
    }
    if (due > now) continue;
    const [claimed] = await db
      .update(t.mailOutbox)
      .set({ attempts: row.attempts + 1, claimedUntil: new Date(now.getTime() + claimLeaseMs) })
      .where(
        and(
          eq(t.mailOutbox.id, row.id),
          eq(t.mailOutbox.status, 'pending'),
          eq(t.mailOutbox.attempts, row.attempts),
          unclaimed,
        ),
      )
      .returning({ id: t.mailOutbox.id });
    if (!claimed) continue;
    try {
      const rendered = renderMail(row.template as MailTemplate, row.data as unknown as MailData[MailTemplate], {
        language: row.language,
        variant: row.variant,
      });
      await sender.send({ ...rendered, from: senderAddress(row.variant), to: row.toAddress, outboxId: row.id });
      await db
        .update(t.mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, claimedUntil: null })
        .where(eq(t.mailOutbox.id, row.id));
      report.sent += 1;
    } catch (error) {
      const last = row.attempts + 1 >= maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(t.mailOutbox)
        .set({ status: last ? 'failed' : 'pending', lastError: message.slice(0, 500), claimedUntil: null })
        .where(eq(t.mailOutbox.id, row.id));
      if (last) report.failed += 1;
      else report.retried += 1;
    }
  }
  return report;
}

/**
 * Runs the worker every `intervalMs` (never two runs at once); returns a stop function that ends
 * the timer and resolves once a run in progress has finished, then closes the sender.
 */
export function startMailWorker(
  db: Database,
  sender: MailSender,
  options: { intervalMs: number; onError?: (error: unknown) => void; onReport?: (report: DeliveryReport) => void },
): () => Promise<void> {
  const stop = startIntervalJob(() => deliverDueMail(db, sender), {
    ...options,
    didWork: (report) => report.sent + report.retried + report.failed > 0,
  });
  return async () => {
    await stop();
    sender.close?.();
  };
}
