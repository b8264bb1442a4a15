/**
 * Skipping an instalment: whether it is offered now, and skipping the next open rate.
 */
import { and, eq } from 'drizzle-orm';
import type { ActiveSession } from '../auth/session.ts';
import { actionFlags } from '../claims/rules.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { inAgreement } from './agreement.ts';
import type { ActionContext, FileContext } from './context.ts';
import { skipRow } from './plan.ts';
import { loadPlan } from './plan-view.ts';

export type SkipResult =
  | { ok: true; skippedPosition: number; skippedDueOn: string; next: { dueOn: string; amountMinor: number } | null }
  | { ok: false; error: 'notOffered' | 'alreadySkipped' };

/** Whether skipping is offered now (the claim rules' `showSkipInstallment`: rarely, once, not when overdue). */
export function skipOffered(ctx: FileContext): boolean {
  return actionFlags(ctx.facts, ctx.today).showSkipInstallment;
}

export async function skipInstalment(
  db: Database,
  session: Pick<ActiveSession, 'fileId' | 'debtorId'>,
  actx: ActionContext,
): Promise<SkipResult> {
  return inAgreement(
    db,
    session,
    actx,
    { ok: false, error: 'notOffered' } as const,
    async ({ tx, ctx, order, audit }) => {
      if (ctx.facts.plan?.status === 'active' && ctx.facts.plan.skipsUsed > 0)
        return { ok: false, error: 'alreadySkipped' } as const;
      if (!skipOffered(ctx)) return { ok: false, error: 'notOffered' } as const;
      const plan = await loadPlan(tx, session.fileId);
      const open = plan?.rows.filter((r) => !r.paid && !r.skipped) ?? [];
      const skipped = open[0];
      if (!plan || !skipped) return { ok: false, error: 'notOffered' } as const;
      const next = open[1] ?? null;
      // The skipped rate moves behind the last row; every row from the skipped one on is recalculated.
      const moved = skipRow(plan.rows, skipped.position);
      for (const row of moved.rows.filter((r) => r.position >= skipped.position)) {
        await tx
          .update(t.instalmentRows)
          .set({
            skipped: row.skipped,
            claimMinor: row.claimMinor,
            remainingMinor: row.remainingMinor,
            isFinal: row.isFinal,
          })
          .where(and(eq(t.instalmentRows.planId, plan.id), eq(t.instalmentRows.position, row.position)));
      }
      await tx.insert(t.instalmentRows).values({ planId: plan.id, ...moved.added });
      await tx
        .update(t.instalmentPlans)
        .set({ skipsUsed: plan.skipsUsed + 1, instalmentCount: moved.rows.filter((r) => !r.skipped).length + 1 })
        .where(eq(t.instalmentPlans.id, plan.id));
      await order({
        orderType: 'skipInstalment',
        targetAmountMinor: skipped.amountMinor,
        targetDate: next?.dueOn ?? null,
        feesMinor: 0,
        info: { planId: plan.id, position: skipped.position },
      });
      await audit('instalments.skipped', { planId: plan.id, position: skipped.position });
      return {
        ok: true,
        skippedPosition: skipped.position,
        skippedDueOn: skipped.dueOn,
        next: next ? { dueOn: next.dueOn, amountMinor: next.amountMinor } : null,
      } as const;
    },
  );
}
