/**
 * The demo data comes in as the agency's letter batch, through the bulk import (decision 104),
 * and a debtor's personal identity number comes in with the line, so that a debtor the agency
 * names signs in with their bank identity.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPersonalNumber } from '#server/auth/bank-id/personal-number.ts';
import { SandboxBankIdProvider } from '#server/auth/bank-id/sandbox.ts';
import { signInWithIdentity } from '#server/auth/bank-id/sign-in.ts';
import { readLine } from '#server/agency/import/line.ts';
import { asNdjson } from '#server/agency/import/read.ts';
import { importBatch } from '#server/agency/import/run.ts';
import * as t from '#server/db/schema.ts';
import { demoBatch, demoDebtorKey, demoLetters } from '#server/demo/batch.ts';
import { demoFiles } from '#server/demo/catalogue.ts';
import { demoImportSource, isSeeded, seedDemoData } from '#server/demo/seed.ts';
import { todayIso } from '#server/dates.ts';
import { variants } from '#server/variants/config.ts';
import { agencyClient } from '../helpers/agency-client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { importLineAt } from '../helpers/import-batch.ts';

let database: TestDatabase;
const { call, tokenFor } = agencyClient(() => database.db, 'demo batch test');
const today = new Date(`${todayIso(new Date())}T00:00:00Z`);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe('the demo batch', () => {
  it('is one valid import line per demo file of the catalogue, each debtor under one key', () => {
    const lines = demoBatch(today);
    expect(lines.map((line) => line.reference)).toEqual(
      demoFiles.flatMap((demo) =>
        demo.refno === '100000010' ? ['100000010', '100000010-2', '100000010-3', '100000010-4'] : [demo.refno],
      ),
    );
    for (const line of lines) {
      const read = readLine(JSON.stringify(line));
      expect(read.ok ? [] : read.issues, line.reference).toEqual([]);
    }
    const keys = new Set(lines.map((line) => line.debtor.key));
    expect(keys.size).toBe(demoLetters.length);
    // What only the portal holds of a debtor is not in the agency's line.
    expect(JSON.stringify(lines)).not.toMatch(/emailSetOnce|mustChangePassword|inFloodedArea|iban|passwordHash/);
  });

  it('is what the demo database was loaded from: one finished import job, every line accepted', async () => {
    const jobs = await database.db.select().from(t.agencyImports).where(eq(t.agencyImports.source, demoImportSource));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: 'done',
      accepted: demoBatch(today).length,
      rejected: 0,
      filesCreated: demoBatch(today).length,
      debtorsCreated: demoLetters.length,
    });
    const keyless = await database.db.select({ id: t.debtors.id }).from(t.debtors).where(isNull(t.debtors.agencyKey));
    expect(keyless).toEqual([]);
  });

  it('changes nothing when imported again', async () => {
    const again = await importBatch(database.db, asNdjson(demoBatch(today)), { source: 'test: the demo batch again' });
    expect(again).toMatchObject({
      status: 'done',
      rejected: 0,
      filesCreated: 0,
      filesUpdated: 0,
      debtorsCreated: 0,
      debtorsUpdated: 0,
      creditorsCreated: 0,
      statusChanges: 0,
    });
  });

  it('makes every demo file readable by the agency as its line, with the debtor’s key', async () => {
    const reader = await tokenFor(['files:read']);
    const response = await call('/files/100000010-2', { token: reader });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { debtor: { key: string; personalNumber: unknown } };
    expect(body.debtor.key).toBe(demoDebtorKey(demoLetters.findIndex((l) => l.files[0]!.refno === '100000010')));
    const swedish = await call('/files/400000001', { token: reader });
    expect(swedish.status).toBe(200);
    // The personal number went in with the line; it is never read back.
    expect(((await swedish.json()) as typeof body).debtor.personalNumber).toBeNull();
  });
});

describe('a start stopped between the import and the rest of the demo', () => {
  it('is not taken as seeded, and the next start completes the letters without a second copy of any file', async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      expect(await isSeeded(fresh.db)).toBe(false);
      // The batch alone, as a start that stopped after the import's commit leaves it.
      await importBatch(fresh.db, asNdjson(demoBatch(today)), { source: demoImportSource });
      expect(await isSeeded(fresh.db)).toBe(false);
      await seedDemoData(fresh.db, { fastHashes: true });
      expect(await isSeeded(fresh.db)).toBe(true);
      const files = await fresh.db.select({ id: t.files.id }).from(t.files);
      expect(files).toHaveLength(demoBatch(today).length);
      const [anna] = await fresh.db
        .select({ hash: t.debtors.passwordHash })
        .from(t.debtors)
        .where(eq(t.debtors.agencyKey, demoDebtorKey(0)));
      expect(anna!.hash).toMatch(/^\$argon2id\$/);
    } finally {
      await fresh.dispose();
    }
  });
});

describe('a personal identity number in the line', () => {
  const swedishNumber = '19900101-1234';
  const lineWith = (personalNumber: string | null | undefined) => {
    const line = {
      ...importLineAt(900, { today }),
      reference: '700000900',
      variant: 'se' as const,
      currency: 'SEK' as const,
      // An open file that may be reached: the sign-in finds it.
      statusCode: '1' as const,
      subState: null,
      paymentsMinor: 0,
      functionsBlocked: false,
      legalBlocking: false,
    };
    line.debtor = { ...line.debtor, key: 'SE-BANKID-1', countryCode: 'SE' };
    if (personalNumber !== undefined) line.debtor = { ...line.debtor, personalNumber };
    return line;
  };
  const hashOf = async () => {
    const [row] = await database.db
      .select({ hash: t.debtors.personalNumberHash })
      .from(t.debtors)
      .where(eq(t.debtors.agencyKey, 'SE-BANKID-1'));
    return row?.hash;
  };

  it('is kept as its keyed hash only, and the debtor signs in with the bank identity', async () => {
    const report = await importBatch(database.db, asNdjson([lineWith(swedishNumber)]));
    expect(report).toMatchObject({ accepted: 1, rejected: 0 });
    expect(await hashOf()).toBe(hashPersonalNumber('199001011234'));
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.agencyKey, 'SE-BANKID-1'));
    expect(JSON.stringify(debtor)).not.toContain('1234');

    const signedIn = await signInWithIdentity(
      {
        db: database.db,
        provider: new SandboxBankIdProvider(database.db),
        variant: variants.se,
        clientAddress: '203.0.113.9',
      },
      { personalNumberHash: hashPersonalNumber(swedishNumber) },
    );
    expect(signedIn).toMatchObject({ status: 'complete', debtorId: debtor!.id });
  });

  it('is kept when a later line leaves it out or says null, and replaced by another number', async () => {
    await importBatch(database.db, asNdjson([lineWith(undefined)]));
    expect(await hashOf()).toBe(hashPersonalNumber(swedishNumber));
    await importBatch(database.db, asNdjson([lineWith(null)]));
    expect(await hashOf()).toBe(hashPersonalNumber(swedishNumber));
    await importBatch(database.db, asNdjson([lineWith('19900101-5678')]));
    expect(await hashOf()).toBe(hashPersonalNumber('199001015678'));
  });

  it('is refused by its field when it has not 11 or 12 digits', async () => {
    for (const wrong of ['1990-01-01', '12345', '19900101-12345', 'abc19900101123', '1990010112341']) {
      const report = await importBatch(database.db, asNdjson([lineWith(wrong)]));
      expect(report, wrong).toMatchObject({ accepted: 0, rejected: 1 });
      const [reject] = await database.db
        .select({ issues: t.agencyImportRejects.issues })
        .from(t.agencyImportRejects)
        .where(and(eq(t.agencyImportRejects.importId, report.id)));
      expect(reject!.issues, wrong).toEqual([expect.objectContaining({ path: 'debtor.personalNumber' })]);
    }
  });
});
