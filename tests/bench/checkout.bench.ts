/**
 * Timings of the checkout and claim reads against the embedded database (`npm run bench`);
 * measured, never asserted. One seeded in-memory PGlite database for the whole file.
 */
import { and, eq } from 'drizzle-orm';
import { bench, describe } from 'vitest';
import { loadDashboard } from '#server/claims/dashboard.ts';
import { loadClaimInformation } from '#server/claims/information.ts';
import * as t from '#server/db/schema.ts';
import { loadFileFacts, todayIso } from '#server/claims/facts.ts';
import { checkoutOptionsFor } from '#server/payments/service/options.ts';
import { createPayment, type CreatePaymentRequest } from '#server/payments/service/start.ts';
import { variants } from '#server/variants/config.ts';
import { createTestDatabase } from '../helpers/db.ts';

const database = await createTestDatabase();
const [file] = await database.db
  .select()
  .from(t.files)
  .where(and(eq(t.files.refno, '100000001'), eq(t.files.subcase, 1)));
const request = (idempotencyKey: string): CreatePaymentRequest => ({
  debtorId: file!.debtorId,
  fileId: file!.id,
  variant: variants.de,
  method: '6',
  purpose: 'openAmount',
  idempotencyKey,
  language: 'de',
  clientAddress: '203.0.113.7',
});
const replayKey = crypto.randomUUID();
await createPayment(database.db, request(replayKey));

describe('checkout actions', () => {
  bench('checkout options: the file’s facts, amount, allowed methods, fees', async () => {
    const facts = await loadFileFacts(database.db, file!.id);
    checkoutOptionsFor(facts!, variants.de, 'openAmount', todayIso());
  });
  bench('create a bank-transfer payment (new idempotency key)', async () => {
    await createPayment(database.db, request(crypto.randomUUID()));
  });
  bench('the same submit again (idempotent replay)', async () => {
    await createPayment(database.db, request(replayKey));
  });
});

describe('claim reads', () => {
  bench('dashboard view', async () => {
    await loadDashboard(database.db, file!.id);
  });
  bench('claim information', async () => {
    await loadClaimInformation(database.db, file!.id);
  });
});
