/**
 * The journey benchmark's generator (tests/bench/journeys/generate.ts, issue 28): a few hundred
 * files on PGlite beside the demo data, in every archetype and variant, readable by the portal's
 * own page statements, and the same rows again for the same seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClaimInformation } from '#server/claims/information.ts';
import { loadDashboard } from '#server/claims/dashboard.ts';
import { archetypes, firstRefno, generateFiles, plannedFile, type Query } from '../bench/journeys/generate.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const count = 540;
const today = new Date('2026-11-28T00:00:00Z');
let database: TestDatabase;
let client: Query;

beforeAll(async () => {
  database = await createTestDatabase({ today });
  client = (database.db as unknown as { $client: Query }).$client;
  // Batches of 25: a debtor's three files (positions 24 to 26 of 27) straddle two batches.
  await generateFiles(client, { count, seed: 3, today, passwordHash: 'not-a-real-hash', batch: 25 });
}, 180_000);
afterAll(async () => database.dispose());

const rows = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;

describe('generated journey files', () => {
  it('writes every file with its debtor, costs adding up, in every archetype and variant', async () => {
    const files = await rows(
      `select f.refno, f.subcase, f.variant, f.currency, f.status_code, f.costs_minor,
              (select sum(amount_minor)::int from collection_costs c where c.file_id = f.id) as cost_rows,
              (select count(*)::int from events e where e.file_id = f.id) as events,
              (select count(*)::int from invoices i where i.file_id = f.id) as invoices,
              d.id is not null as has_debtor
         from files f left join debtors d on d.id = f.debtor_id
        where f.refno >= $1 order by f.refno, f.subcase`,
      [String(firstRefno)],
    );
    expect(files).toHaveLength(count);
    for (const file of files) {
      expect(file.has_debtor).toBe(true);
      expect(file.cost_rows).toBe(file.costs_minor);
      expect(file.events).toBe(4);
      expect(file.invoices).toBeGreaterThan(0);
    }
    expect(new Set(files.map((f) => f.variant))).toEqual(new Set(['de', 'at', 'ch', 'se', 'no', 'paycare']));
    const statuses = new Set(files.map((f) => f.status_code));
    for (const code of ['1', '2', '2a', '3', '3a', '20', '22', '23', '24', '40', '41', '42'])
      expect(statuses).toContain(code);
    const currencyOf = { de: 'EUR', at: 'EUR', paycare: 'EUR', ch: 'CHF', se: 'SEK', no: 'NOK' } as Record<
      string,
      string
    >;
    for (const file of files) expect(file.currency).toBe(currencyOf[file.variant as string]);
    // Debtors with three files under one number (the claims list).
    const multi = await rows(`select debtor_id from files where refno >= $1 group by debtor_id having count(*) = 3`, [
      String(firstRefno),
    ]);
    expect(multi.length).toBe(count / 27);
  });

  it('gives plans their rows summing to the plan, and SEPA plans their mandate', async () => {
    const plans = await rows(
      `select p.total_minor, p.is_sepa, (select sum(amount_minor)::int from instalment_rows r where r.plan_id = p.id) as sum,
              (select count(*)::int from sepa_mandates m where m.agreement_id = p.id and m.file_id = p.file_id) as mandates
         from instalment_plans p join files f on f.id = p.file_id where f.refno >= $1`,
      [String(firstRefno)],
    );
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.sum).toBe(plan.total_minor);
      expect(plan.mandates).toBe(plan.is_sepa ? 1 : 0);
    }
  });

  it('writes files the dashboard and the claim information read', async () => {
    const sample = await rows(`select id from files where refno >= $1 order by id limit 60`, [String(firstRefno)]);
    for (const { id } of sample) {
      expect(await loadDashboard(database.db, Number(id), '2026-11-28')).not.toBeNull();
      expect(await loadClaimInformation(database.db, Number(id), '2026-11-28')).not.toBeNull();
    }
  });

  it('plans the same files for the same seed, with every archetype among many', () => {
    expect(plannedFile(12_345, 3)).toEqual(plannedFile(12_345, 3));
    const seen = new Set(Array.from({ length: 5000 }, (_, i) => plannedFile(i, 3).archetype));
    expect(seen.size).toBe(archetypes.length);
  });
});
