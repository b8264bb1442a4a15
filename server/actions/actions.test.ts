/**
 * The action layer against the demo database: for each action, valid input is stored, hostile
 * input is `invalid` (never an exception), a reference-only session gets `stepUp` for a full-login
 * action, another debtor's file cannot be touched, and a file rule refuses with the spec's reason.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsFor, timeOfDayOf } from '#server/contact/callback-slots.ts';
import * as t from '#server/db/schema.ts';
import { loadFileContext } from '#server/instalments/context.ts';
import { planOffer } from '#server/instalments/plans.ts';
import { variants } from '#server/variants/config.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/db.ts';
import type { ActionContext, ActionSession } from './define.ts';
import { actionNames, registry } from './registry.ts';
import { checkAction, runAction } from './run.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function fileOf(refno: string, subcase = 1) {
  const [row] = await database.db
    .select()
    .from(t.files)
    .where(and(eq(t.files.refno, refno), eq(t.files.subcase, subcase)));
  return row!;
}

async function sessionOf(refno: string, level: 'limited' | 'full' = 'full'): Promise<ActionSession> {
  const file = await fileOf(refno);
  return { debtorId: file.debtorId, fileId: file.id, level, idHash: `test-${refno}-${level}` };
}

let clients = 0;
function contextFor(session: ActionSession | null, variant = 'de'): ActionContext {
  // A client address of its own per call: the rate limits of one test never meet another's.
  clients += 1;
  return {
    db: database.db,
    session,
    variant,
    locale: 'de',
    now: new Date(),
    clientKey: `198.51.100.${clients % 250}`,
    door: 'api',
  };
}

const full = async (refno: string) => contextFor(await sessionOf(refno, 'full'));
const limited = async (refno: string) => contextFor(await sessionOf(refno, 'limited'));

describe('the registry', () => {
  it('lists every action once under its own name, with a level and a description', () => {
    expect(actionNames.length).toBeGreaterThanOrEqual(20);
    for (const name of actionNames) {
      const action = registry[name];
      expect(action.name).toBe(name);
      expect(['none', 'limited', 'full']).toContain(action.level);
      expect(action.description.length).toBeGreaterThan(10);
    }
  });

  it('answers an unknown action as invalid input, not an exception', async () => {
    const result = await runAction('dropTables' as never, await full('100000001'), {});
    expect(result).toMatchObject({ ok: false, kind: 'invalid' });
  });
});

describe('hostile input is invalid, never an exception', () => {
  const hostile: unknown[] = [
    null,
    42,
    'DROP TABLE files',
    [1, 2, 3],
    { monthlyMinor: 'a lot', firstDueOn: '2026-02-31', method: '<script>', email: 'x'.repeat(10_000) },
    { stars: { $gt: '' }, subjectId: Number.NaN, uploadId: ['-1', 'x'], noticeDays: -30, purpose: 'everything' },
  ];
  for (const name of [
    'agreePlan',
    'grantDeferral',
    'sendMessage',
    'requestCallback',
    'announcePayment',
    'giveFeedback',
    'requestProfileChange',
    'startPayment',
    'raiseDispute',
    'uploadDocument',
    'captureEmail',
    'mailPlan',
  ] as const) {
    it(name, async () => {
      for (const input of hostile) {
        // The plan by e-mail needs a plan: 100000002 has one.
        const result = await runAction(name, await full(name === 'mailPlan' ? '100000002' : '100000001'), input);
        const label = `${name} ${JSON.stringify(input)?.slice(0, 60)}`;
        // Unknown fields are dropped: for the plan by e-mail (no field required) that input is valid.
        if (result.ok) expect(name === 'mailPlan' && input !== null && typeof input === 'object', label).toBe(true);
        else expect(result.kind, label).toBe('invalid');
      }
    });
  }
});

describe('login level (decision 018)', () => {
  it('asks a reference-only session for the password for full-login actions, and records it', async () => {
    for (const name of ['sendMessage', 'requestCallback', 'announcePayment', 'requestProfileChange', 'raiseDispute']) {
      const ctx = await limited('100000001');
      const result = await runAction(name as 'sendMessage', ctx, {});
      expect(result, name).toEqual({ ok: false, kind: 'stepUp' });
    }
    const [entry] = await database.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'action.raiseDispute.stepUp'))
      .orderBy(desc(t.auditLog.id))
      .limit(1);
    expect(entry).toBeDefined();
  });

  it('sends a visitor without a session to the sign-in for a file action', async () => {
    expect(await runAction('skipInstalment', contextFor(null), {})).toEqual({
      ok: false,
      kind: 'stepUp',
      signIn: true,
    });
  });

  it('lets a reference-only session mail the plan to the stored address, not to one it names', async () => {
    const ctx = await limited('100000002');
    expect(await runAction('mailPlan', ctx, { email: 'someone@example.org' })).toEqual({ ok: false, kind: 'stepUp' });
    const sent = await runAction('mailPlan', ctx, {});
    expect(sent).toMatchObject({ ok: true, value: { toStoredAddress: true } });
  });
});

describe("another debtor's file cannot be touched", () => {
  it('refuses a session whose file is not its debtor’s, and stores nothing', async () => {
    const own = await sessionOf('100000001');
    const other = await fileOf('100000002');
    const ctx = contextFor({ ...own, fileId: other.id });
    const before = await database.db.select().from(t.messages).where(eq(t.messages.fileId, other.id));
    for (const name of ['sendMessage', 'skipInstalment', 'mailPlan', 'requestNoticeOfCompletion'] as const) {
      expect(await runAction(name, ctx, {}), name).toMatchObject({ ok: false, kind: 'refused', reason: 'noFile' });
    }
    const message = await runAction('sendMessage', ctx, {
      subjectId: 999,
      body: 'A message to a file that is not mine at all.',
      email: 'x@example.org',
    });
    expect(message).toMatchObject({ ok: false, kind: 'refused', reason: 'noFile' });
    expect(await database.db.select().from(t.messages).where(eq(t.messages.fileId, other.id))).toHaveLength(
      before.length,
    );
  });
});

describe('file rules refuse with the spec’s reason and offer what is allowed', () => {
  it('pay later on 100000004: a deferral was already granted, with the date and the alternatives', async () => {
    const ctx = await limited('100000004');
    const check = await checkAction('grantDeferral', ctx);
    expect(check).toMatchObject({ kind: 'refused', reason: 'alreadyGranted', detail: { payBy: expect.any(String) } });
    // In the action layer's words (rules.ts `Offer`): a callback and paying now, not pay later itself.
    expect(check?.kind === 'refused' && check.alternatives).toEqual(
      expect.arrayContaining(['requestCallback', 'showPayDirect']),
    );
    expect(check?.kind === 'refused' && check.alternatives).not.toContain('showPayLater');
    const result = await runAction('grantDeferral', ctx, { noticeDays: 30, method: '6', feeAgreed: true });
    expect(result).toMatchObject({ ok: false, kind: 'refused', reason: 'alreadyGranted' });
  });

  it('a running measure (100000007, status 42) refuses an agreement', async () => {
    const result = await runAction('agreePlan', await full('100000007'), {
      monthlyMinor: 5000,
      firstDueOn: '2030-01-01',
      method: '6',
    });
    expect(result).toMatchObject({ ok: false, kind: 'refused', reason: 'measureRunning' });
  });

  it('instalments need the deposit first on 100000005 (error code 5)', async () => {
    expect(await checkAction('agreePlan', await limited('100000005'))).toMatchObject({
      kind: 'refused',
      reason: 'depositFirst',
    });
  });

  it('skipping needs an agreement: an open claim (100000001) meets the payment-status guard', async () => {
    expect(await runAction('skipInstalment', await limited('100000001'), {})).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'statusOpen',
    });
  });

  it('the notice of completion is only for a settled file', async () => {
    expect(await runAction('requestNoticeOfCompletion', await full('100000001'), {})).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'notAllowed',
    });
  });
});

describe("the checkout's file context (one statement, issue 28)", () => {
  it("is the session's own file with its debtor, and nothing for another debtor's file", async () => {
    const ctx = await limited('100000001');
    const file = await loadFileContext(database.db, ctx.session!);
    const [debtor] = await database.db.select().from(t.debtors).where(eq(t.debtors.id, ctx.session!.debtorId));
    expect(file).toMatchObject({
      reference: '100000001',
      debtor: {
        id: debtor!.id,
        email: debtor!.email,
        postalCode: debtor!.postalCode,
        hasPassword: Boolean(debtor!.passwordHash),
        iban: debtor!.iban,
        accountHolder: debtor!.accountHolder,
      },
    });
    const other = await limited('600000001');
    expect(
      await loadFileContext(database.db, { fileId: other.session!.fileId, debtorId: ctx.session!.debtorId }),
    ).toBeNull();
  });
});

describe('valid input works and is stored', () => {
  it('agreePlan by bank transfer (100000001), once', async () => {
    const ctx = await limited('100000001');
    const file = await loadFileContext(database.db, ctx.session!);
    const offer = planOffer(file!);
    const input = { monthlyMinor: offer.limits.regularMinMinor, firstDueOn: offer.firstDue.earliest, method: '6' };
    const result = await runAction('agreePlan', ctx, input);
    expect(result).toMatchObject({ ok: true, value: { created: true, status: 'active' } });
    const again = await runAction('agreePlan', ctx, input);
    expect(again).toMatchObject({ ok: true, value: { created: false } });
    const plans = await database.db
      .select()
      .from(t.instalmentPlans)
      .where(eq(t.instalmentPlans.fileId, ctx.session!.fileId));
    expect(plans.filter((p) => p.status === 'active')).toHaveLength(1);
  });

  it('agreePlan by direct debit runs the SEPA identity check inside: a wrong postal code asks for the password', async () => {
    const ctx = await limited('600000001');
    const file = await loadFileContext(database.db, ctx.session!);
    const offer = planOffer(file!);
    const result = await runAction('agreePlan', ctx, {
      monthlyMinor: offer.limits.regularMinMinor,
      firstDueOn: offer.firstDue.earliest,
      method: '3',
      mandate: { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000' },
      identity: { postalCode: '00000' },
    });
    expect(result).toMatchObject({ ok: false, kind: 'refused', reason: 'passwordRequired' });
    expect(
      await database.db.select().from(t.instalmentPlans).where(eq(t.instalmentPlans.fileId, ctx.session!.fileId)),
    ).toHaveLength(0);
    const withoutIdentity = await runAction('agreePlan', ctx, {
      monthlyMinor: offer.limits.regularMinMinor,
      firstDueOn: offer.firstDue.earliest,
      method: '3',
      mandate: { accountHolder: 'Erika Mustermann', iban: 'DE89370400440532013000' },
    });
    expect(withoutIdentity).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('grantDeferral (100000010) and skipInstalment (100000002)', async () => {
    const deferral = await runAction('grantDeferral', await limited('100000010'), {
      noticeDays: 30,
      method: '6',
      feeAgreed: true,
    });
    expect(deferral).toMatchObject({ ok: true, value: { method: '6' } });
    const skip = await runAction('skipInstalment', await limited('100000002'), {});
    expect(skip).toMatchObject({ ok: true, value: { skippedPosition: expect.any(Number) } });
    expect(await runAction('skipInstalment', await limited('100000002'), {})).toMatchObject({
      ok: false,
      kind: 'refused',
    });
  });

  it('sendMessage and requestCallback (100000001)', async () => {
    const ctx = await full('100000001');
    const message = await runAction('sendMessage', ctx, {
      subjectId: '999',
      body: 'Please tell me which invoice this claim is about.',
      email: 'erika@example.org',
    });
    expect(message).toMatchObject({ ok: true, value: { id: expect.any(Number) } });
    const hours = variants.de.support.callbackHours;
    const hour = slotsFor(hours, 2)[0]!;
    const callback = await runAction('requestCallback', await full('100000001'), {
      phone: '+49 30 1234567',
      reason: 'About the instalments',
      weekday: 2,
      timeOfDay: timeOfDayOf(hour),
      hour,
    });
    expect(callback).toMatchObject({ ok: true });
    const badHour = await runAction('requestCallback', await full('100000001'), {
      phone: '+49 30 1234567',
      reason: 'About the instalments',
      weekday: 2,
      timeOfDay: 'evening',
      hour: '23:00',
    });
    expect(badHour).toMatchObject({ ok: false, kind: 'invalid' });
  });

  it('announcePayment (100000001) attaches only this file’s receipts', async () => {
    const ctx = await full('100000001');
    const [upload] = await database.db
      .insert(t.uploads)
      .values({
        fileId: ctx.session!.fileId,
        context: 'announcedPayment',
        originalName: 'receipt.pdf',
        mediaType: 'application/pdf',
        sizeBytes: 2048,
        storageKey: 'test/receipt.pdf',
        sha256: 'a'.repeat(64),
      })
      .returning();
    const values = { payee: 'agency', paidOn: '2025-03-14', amount: '230,00', payerName: 'Erika Mustermann' };
    const foreign = await runAction('announcePayment', ctx, { ...values, uploadId: [upload!.id + 100_000] });
    expect(foreign).toMatchObject({ ok: false, kind: 'refused', reason: 'notYours' });
    const result = await runAction('announcePayment', ctx, { ...values, uploadId: [upload!.id] });
    expect(result).toMatchObject({ ok: true });
    const [row] = await database.db
      .select()
      .from(t.announcedPayments)
      .where(eq(t.announcedPayments.id, result.ok ? result.value.id : -1));
    expect(row).toMatchObject({ amountMinor: 23_000, paidOn: '2025-03-14' });
  });

  it('giveFeedback by a visitor, and once per file', async () => {
    expect(await runAction('giveFeedback', contextFor(null), { stars: '4', freeText: 'Quick.' })).toMatchObject({
      ok: true,
    });
    const ctx = await full('100000003');
    expect(await runAction('giveFeedback', ctx, { stars: 5 })).toMatchObject({ ok: true });
    expect(await runAction('giveFeedback', await full('100000003'), { stars: 5 })).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'alreadyExists',
    });
  });

  it('requestNoticeOfCompletion (100000006), then "already requested" with its date', async () => {
    expect(await runAction('requestNoticeOfCompletion', await full('100000006'), {})).toMatchObject({ ok: true });
    expect(await runAction('requestNoticeOfCompletion', await full('100000006'), {})).toMatchObject({
      ok: false,
      kind: 'refused',
      reason: 'alreadyRequested',
      detail: { requestedAt: expect.any(String) },
    });
  });
});

describe('rate limits', () => {
  it('are counted on the database itself before the action’s transaction opens, and refuse with the wait', async () => {
    // The database as the action gets it, watched: which tables are written through it directly
    // (a write inside the action's transaction goes through the transaction, not through it).
    const direct: string[] = [];
    const watched = new Proxy(database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key === 'insert')
          return (table: Parameters<typeof database.db.insert>[0]) => {
            direct.push(table === t.rateLimits ? 'rate_limits' : 'other');
            return target.insert(table);
          };
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const ctx = { ...(await full('100000001')), db: watched };
    const input = { subjectId: '999', body: 'Which invoice is this claim about, please?', email: 'erika@example.org' };
    expect(await runAction('sendMessage', ctx, input)).toMatchObject({ ok: true });
    // The per-file and the per-client limit, counted in one statement, outside the transaction.
    expect(direct.filter((table) => table === 'rate_limits')).toHaveLength(1);
    const counted = await database.db.select({ key: t.rateLimits.key }).from(t.rateLimits);
    expect(counted.some((row) => row.key.startsWith('portal-limit:contactFile:'))).toBe(true);
    expect(counted.some((row) => row.key.startsWith('portal-limit:contactClient:'))).toBe(true);
    for (let sent = 1; sent < 5; sent++) await runAction('sendMessage', ctx, input);
    const refused = await runAction('sendMessage', ctx, input);
    expect(refused).toMatchObject({ ok: false, kind: 'refused', reason: 'rateLimited' });
    expect(refused.ok === false && refused.kind === 'refused' && refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
