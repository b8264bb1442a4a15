/**
 * What a debtor agreed on a file, for the agency (issue 29 item 1, decision 101), read-only:
 * `GET /agency/v1/files/{reference}/plans` answers the file's instalment plans as agreed (costs,
 * schedule, status, which door they were agreed through) and `GET …/mandates` its SEPA direct
 * debit mandates as signed, with the full IBAN (the agency collects with it). Both read one file
 * only, found by its reference: nothing of another file, not even of the same debtor.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { agencyFile } from './file-status.ts';
import { parseReference } from './reference.ts';

const doors = ['page', 'assistant', 'api'] as const;

export const agencyPlanSchema = z
  .object({
    id: z.number().int().describe('The portal’s id of the plan (mandates name it as `agreement.id`).'),
    status: z
      .enum(['pending', 'active', 'cancelled', 'completed'])
      .describe('`pending`: waits for its down payment; `active`: running; `cancelled`; `completed`: paid.'),
    agreedAt: z.string().describe('When the debtor agreed it (ISO 8601, UTC).'),
    channel: z
      .enum(doors)
      .nullable()
      .describe(
        'Where the debtor agreed it: `page` (the portal’s pages), `assistant` (the chat), `api` (the debtor API); null for a plan from before events were written.',
      ),
    method: z
      .string()
      .nullable()
      .describe('The payment method chosen (spec section 3 provider ids: `3` SEPA direct debit, `6` bank transfer …).'),
    directDebit: z.object({
      active: z.boolean().describe('The plan is collected by SEPA direct debit.'),
      failed: z.boolean().describe('A direct debit of the plan failed.'),
      mandateReference: z.string().nullable().describe('The mandate it is collected under (the latest signed).'),
    }),
    currency: z.string(),
    residualClaimMinor: z.number().int().describe('The claim the plan pays off.'),
    feeMinor: z.number().int().describe('The instalment fee charged for the plan (decision 026).'),
    expensesMinor: z.number().int(),
    vatMinor: z.number().int(),
    totalMinor: z.number().int().describe('What the plan pays in all, fee included.'),
    monthlyMinor: z.number().int(),
    instalmentCount: z.number().int().describe('The number of instalments as agreed.'),
    firstDueOn: z.string(),
    skipsUsed: z.number().int().describe('Instalments the debtor skipped.'),
    rows: z
      .array(
        z.object({
          position: z.number().int(),
          dueOn: z.string(),
          amountMinor: z.number().int(),
          claimMinor: z.number().int().describe('The claim, fee included, before this instalment.'),
          remainingMinor: z.number().int().describe('What remains after it.'),
          isFinal: z.boolean(),
          paidAt: z.string().nullable(),
          skipped: z.boolean().describe('Skipped: moved behind the last instalment.'),
        }),
      )
      .describe('The schedule, in order.'),
  })
  .meta({ id: 'AgencyPlan', description: 'An instalment plan as the debtor agreed it.' });

export type AgencyPlan = z.infer<typeof agencyPlanSchema>;

export const agencyMandateSchema = z
  .object({
    reference: z.string().describe('The mandate reference.'),
    creditorId: z.string().describe('The SEPA creditor identifier it was given to.'),
    accountHolder: z.string(),
    iban: z.string().describe('The full IBAN, as signed.'),
    bic: z.string().nullable(),
    signedAt: z.string().describe('When the debtor signed it (ISO 8601, UTC).'),
    targetDate: z.string().describe('The first debit date.'),
    agreement: z
      .object({ kind: z.enum(['plan', 'deferral']), id: z.number().int() })
      .describe('What it pays: a plan (`listPlans` id) or a deferral.'),
    status: z
      .enum(['active', 'failed', 'replaced', 'ended'])
      .describe(
        '`active`: its agreement runs and is collected by it; `failed`: a debit under it failed; `replaced`: a later mandate for the same agreement; `ended`: the agreement ended (paid, cancelled, past its date).',
      ),
  })
  .meta({ id: 'AgencyMandate', description: 'A SEPA direct debit mandate as the debtor signed it.' });

export type AgencyMandate = z.infer<typeof agencyMandateSchema>;

/** GET /files/{reference}/plans: every plan of the file, newest first. Null: no such file. */
export async function listAgencyPlans(db: Database, reference: string): Promise<AgencyPlan[] | null> {
  const ref = parseReference(reference);
  const file = ref ? await agencyFile(db, ref, false) : null;
  if (!file) return null;
  const plans = await db
    .select()
    .from(t.instalmentPlans)
    .where(eq(t.instalmentPlans.fileId, file.id))
    .orderBy(desc(t.instalmentPlans.createdAt), desc(t.instalmentPlans.id));
  if (plans.length === 0) return [];
  const ids = plans.map((plan) => plan.id);
  const rows = await db
    .select()
    .from(t.instalmentRows)
    .where(inArray(t.instalmentRows.planId, ids))
    .orderBy(asc(t.instalmentRows.planId), asc(t.instalmentRows.position));
  const mandates = await db
    .select({ reference: t.sepaMandates.mandateReference, planId: t.sepaMandates.agreementId })
    .from(t.sepaMandates)
    .where(and(eq(t.sepaMandates.fileId, file.id), eq(t.sepaMandates.purpose, 'plan')))
    .orderBy(asc(t.sepaMandates.signedAt), asc(t.sepaMandates.id));
  // The door of the first `agreement.planAgreed` event that made each plan (its result names it).
  const agreed = await db
    .select({
      planId: sql<string | null>`${t.agencyEvents.payload} -> 'data' -> 'result' ->> 'planId'`,
      door: sql<string | null>`${t.agencyEvents.payload} -> 'data' ->> 'door'`,
    })
    .from(t.agencyEvents)
    .where(and(eq(t.agencyEvents.fileId, file.id), eq(t.agencyEvents.type, 'agreement.planAgreed')))
    .orderBy(asc(t.agencyEvents.seq));
  const channels = new Map<number, (typeof doors)[number]>();
  for (const event of agreed) {
    const id = Number(event.planId);
    if (!channels.has(id) && (doors as readonly (string | null)[]).includes(event.door))
      channels.set(id, event.door as (typeof doors)[number]);
  }
  const latestMandate = new Map(mandates.map((m) => [m.planId, m.reference]));
  return plans.map((plan) => ({
    id: plan.id,
    status: plan.status,
    agreedAt: plan.createdAt.toISOString(),
    channel: channels.get(plan.id) ?? null,
    method: plan.providerId,
    directDebit: {
      active: plan.isSepa,
      failed: plan.sepaFailed,
      mandateReference: latestMandate.get(plan.id) ?? null,
    },
    currency: file.currency,
    residualClaimMinor: plan.residualClaimMinor,
    feeMinor: plan.feeMinor,
    expensesMinor: plan.expensesMinor,
    vatMinor: plan.vatMinor,
    totalMinor: plan.totalMinor,
    monthlyMinor: plan.monthlyMinor,
    instalmentCount: plan.instalmentCount,
    firstDueOn: plan.firstDueOn,
    skipsUsed: plan.skipsUsed,
    rows: rows
      .filter((row) => row.planId === plan.id)
      .map((row) => ({
        position: row.position,
        dueOn: row.dueOn,
        amountMinor: row.amountMinor,
        claimMinor: row.claimMinor,
        remainingMinor: row.remainingMinor,
        isFinal: row.isFinal,
        paidAt: row.paidAt?.toISOString() ?? null,
        skipped: row.skipped,
      })),
  }));
}

/**
 * GET /files/{reference}/mandates: every mandate of the file, newest first, with its status as
 * its agreement makes it (a mandate row has none of its own). Null: no such file.
 */
export async function listAgencyMandates(db: Database, reference: string, now: Date): Promise<AgencyMandate[] | null> {
  const ref = parseReference(reference);
  const file = ref ? await agencyFile(db, ref, false) : null;
  if (!file) return null;
  const mandates = await db
    .select()
    .from(t.sepaMandates)
    .where(eq(t.sepaMandates.fileId, file.id))
    .orderBy(desc(t.sepaMandates.signedAt), desc(t.sepaMandates.id));
  if (mandates.length === 0) return [];
  const plans = await db
    .select({
      id: t.instalmentPlans.id,
      status: t.instalmentPlans.status,
      isSepa: t.instalmentPlans.isSepa,
      sepaFailed: t.instalmentPlans.sepaFailed,
    })
    .from(t.instalmentPlans)
    .where(eq(t.instalmentPlans.fileId, file.id));
  const deferrals = await db
    .select({ id: t.deferrals.id, payBy: t.deferrals.payBy })
    .from(t.deferrals)
    .where(eq(t.deferrals.fileId, file.id));
  const today = now.toISOString().slice(0, 10);
  const settled = file.statusCode === '3' || file.statusCode === '2a' || file.statusCode === '3a';
  // The newest mandate of each agreement is the one in force; the rows are newest first.
  const newest = new Set<number>();
  const seen = new Set<string>();
  for (const m of mandates) {
    const agreement = `${m.purpose}:${m.agreementId}`;
    if (!seen.has(agreement)) newest.add(m.id);
    seen.add(agreement);
  }
  const statusOf = (m: (typeof mandates)[number]): AgencyMandate['status'] => {
    if (!newest.has(m.id)) return 'replaced';
    if (settled) return 'ended';
    if (m.purpose === 'plan') {
      const plan = plans.find((p) => p.id === m.agreementId);
      if (!plan || !plan.isSepa) return 'ended';
      if (plan.sepaFailed) return 'failed';
      return plan.status === 'active' || plan.status === 'pending' ? 'active' : 'ended';
    }
    const deferral = deferrals.find((d) => d.id === m.agreementId);
    return deferral && deferral.payBy >= today ? 'active' : 'ended';
  };
  return mandates.map((m) => ({
    reference: m.mandateReference,
    creditorId: m.creditorId,
    accountHolder: m.accountHolder,
    iban: m.iban,
    bic: m.bic,
    signedAt: m.signedAt.toISOString(),
    targetDate: m.targetDate,
    agreement: { kind: m.purpose, id: m.agreementId },
    status: statusOf(m),
  }));
}
