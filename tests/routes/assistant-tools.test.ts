/**
 * The assistant's tools against the seeded demo files: the figures are the dashboard's and the
 * checkout's own, refusals carry the spec's reasons and alternatives, the login level is applied
 * (a reference-only session is asked for the password, a visitor to sign in).
 */
import { describe, expect, it } from 'vitest';
import { INTENT_IDS, type IntentId } from '../../intents/catalogue.ts';
import { intentsOfOffers } from '../../server/assistant/intent-actions.ts';
import { actionContext } from '../../server/assistant/tools/check.ts';
import { createTools, type ToolResult } from '../../server/assistant/tools/index.ts';
import { refusalReasons } from '../../server/assistant/tools/refusal-reasons.ts';
import { actionNames } from '#server/actions/registry.ts';
import { checkAction } from '#server/actions/run.ts';
import { loadDashboard } from '#server/claims/dashboard.ts';
import { loadFileFacts } from '#server/claims/facts.ts';
import { todayForVariant } from '#server/dates.ts';
import { loadFileContext } from '#server/instalments/context.ts';
import { planOffer } from '#server/instalments/plans.ts';
import { variants } from '#server/variants/config.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';
import { recordStatements, writes } from '../helpers/statements.ts';
import { turnCases, turnKnownValues } from '../../server/assistant/tools/actions.ts';
import type { ToolContext } from '../../server/assistant/tools/context.ts';
import { knownValuesOf } from '../../server/assistant/known-values.ts';
import { runTurn } from '../../server/assistant/turn.ts';
import { listDebtorCases } from '#server/claims/cases.ts';
import * as schema from '#server/db/schema.ts';
import { and, eq, ne } from 'drizzle-orm';

const database = useRouteDatabase();
const { fileOf } = demoFiles(database);
const today = todayForVariant('de');

async function toolsFor(refno: string | null, level: 'limited' | 'full' = 'full') {
  const file = refno ? await fileOf(refno) : null;
  return createTools({
    db: database.db,
    session: file ? { fileId: file.id, debtorId: file.debtorId, level } : null,
    variant: variants.de,
    language: 'de',
    today,
  });
}

async function call(
  refno: string | null,
  intent: IntentId | 'clarify',
  input: object = {},
  level?: 'limited' | 'full',
) {
  const tools = (await toolsFor(refno, level)) as unknown as Record<
    string,
    { execute: (input: object, options: object) => Promise<ToolResult> }
  >;
  return tools[intent]!.execute(input, { toolCallId: 'test', messages: [] });
}

describe('claim_balance', () => {
  it('answers with the dashboard’s open amount and the claim information’s breakdown', async () => {
    const file = await fileOf('100000001');
    const view = (await loadDashboard(database.db, file.id))!;
    const facts = (await loadFileFacts(database.db, file.id, { today: view.asOf }))!;
    const result = await call('100000001', 'claim_balance');
    expect(result).toMatchObject({
      kind: 'balance',
      openAmountMinor: view.openAmountMinor,
      currency: 'EUR',
      breakdown: {
        mainClaimMinor: facts.mainClaimMinor,
        interestMinor: facts.interestMinor,
        costsMinor: facts.costsMinor,
        paymentsMinor: facts.paymentsMinor,
        totalMinor: view.openAmountMinor,
      },
      breakdownNeedsPassword: false,
    });
    expect(view.openAmountMinor).toBeGreaterThan(0);
  });

  it('gives a reference-only session the total but not the breakdown', async () => {
    const result = await call('100000001', 'claim_balance', {}, 'limited');
    expect(result).toMatchObject({ kind: 'balance', breakdown: null, breakdownNeedsPassword: true });
  });

  it('asks a visitor to sign in, never answering a figure', async () => {
    expect(await call(null, 'claim_balance')).toEqual({
      kind: 'signIn',
      intent: 'claim_balance',
      returnTo: '/claim-information',
    });
  });
});

describe('one turn', () => {
  it('reads its file once, whichever of the dashboard’s and the checkout’s readings its tools need', async () => {
    const tools = (await toolsFor('100000001')) as unknown as Record<
      string,
      { execute: (input: object, options: object) => Promise<ToolResult> }
    >;
    const run = (intent: IntentId, input: object = {}) =>
      tools[intent]!.execute(input, { toolCallId: intent, messages: [] });
    const { result, statements } = await recordStatements(database.db, async () => [
      await run('claim_balance'),
      await run('pay_instalments', { rate: 50 }),
      await run('claim_balance'),
    ]);
    expect(result.map((r) => r.kind)).toEqual(['balance', expect.any(String), 'balance']);
    // The checkout's answer is the one a turn of its own gives: the shared read changes nothing.
    expect(result[1]).toEqual(await call('100000001', 'pay_instalments', { rate: 50 }));
    const fileReads = statements.filter((s) => /from "files" where "files"."id" = \$1/.test(s));
    expect(fileReads, statements.join('\n')).toHaveLength(1);
  });
});

describe('what a turn reads with its file', () => {
  const contextOf = (file: { id: number; debtorId: number }, level: 'limited' | 'full'): ToolContext => ({
    db: database.db,
    session: { fileId: file.id, debtorId: file.debtorId, level },
    variant: variants.de,
    language: 'de',
    today,
  });

  it('the debtor’s files as the claims list has them and the known values as their own statement reads them', async () => {
    const files = await database.db.select().from(schema.files);
    // A debtor with more than one file, one of them closed to the portal (legal blocking), one deleted.
    const owner = files.find((f) => files.filter((g) => g.debtorId === f.debtorId).length >= 3)!;
    const others = files.filter((f) => f.debtorId === owner.debtorId && f.id !== owner.id);
    await database.db.update(schema.files).set({ legalBlocking: true }).where(eq(schema.files.id, others[0]!.id));
    await database.db.update(schema.files).set({ deletedAt: new Date() }).where(eq(schema.files.id, others[1]!.id));
    try {
      for (const file of files)
        for (const level of ['limited', 'full'] as const) {
          const session = { fileId: file.id, debtorId: file.debtorId, level };
          const label = `${file.refno}-${file.subcase} ${level}`;
          expect(await turnCases(contextOf(file, level)), label).toEqual(await listDebtorCases(database.db, session));
          expect(await turnKnownValues(contextOf(file, level)), label).toEqual(
            await knownValuesOf(database.db, session),
          );
        }
      const listed = await turnCases(contextOf(owner, 'full'));
      expect(listed.map((c) => c.fileId)).not.toContain(others[0]!.id);
      expect(listed.map((c) => c.fileId)).not.toContain(others[1]!.id);
      expect(listed.length).toBeGreaterThanOrEqual(1);
    } finally {
      await database.db
        .update(schema.files)
        .set({ legalBlocking: false, deletedAt: null })
        .where(and(eq(schema.files.debtorId, owner.debtorId), ne(schema.files.id, owner.id)));
    }
  });

  it('a turn reads its file, the debtor’s files and the known values in one statement, then saves and logs in one', async () => {
    const file = await fileOf('100000001');
    const session = { idHash: 'a'.repeat(64), fileId: file.id, debtorId: file.debtorId, level: 'full' as const };
    const { result: summary, statements } = await recordStatements(database.db, async () => {
      const turn = runTurn({
        db: database.db,
        session,
        variant: variants.de,
        language: 'de',
        text: 'wie viel muss ich zahlen',
        conversation: { id: 'b'.repeat(32), messages: [], isNew: true },
        settings: {},
      });
      await new Response(turn.stream.pipeThrough(new TextEncoderStream() as never)).text().catch(() => '');
      return turn.done;
    });
    expect(summary.intent).toBe('claim_balance');
    const reads = statements.filter((s) => !writes([s]).length);
    expect(reads, statements.join('\n')).toHaveLength(1);
    expect(reads[0]).toMatch(/from "files" where "files"."id" = \$1/);
    // The conversation's save and the turn's row: one statement.
    const written = writes(statements);
    expect(written, statements.join('\n')).toHaveLength(1);
    expect(written[0]).toMatch(/insert into "chat_transcripts"[\s\S]*insert into "intent_log"/);
  });

  it('a file deleted during the conversation: the known values are still read for the log', async () => {
    const file = await fileOf('100000002');
    const session = { fileId: file.id, debtorId: file.debtorId, level: 'full' as const };
    const expected = await knownValuesOf(database.db, session);
    await database.db.update(schema.files).set({ deletedAt: new Date() }).where(eq(schema.files.id, file.id));
    try {
      expect(expected.lastNames?.length).toBeGreaterThan(0);
      expect(await turnKnownValues(contextOf(file, 'full'))).toEqual(expected);
    } finally {
      await database.db.update(schema.files).set({ deletedAt: null }).where(eq(schema.files.id, file.id));
    }
  });
});

describe('pay_instalments', () => {
  it('computes the plan for 50 a month with the checkout’s calculator and links into the amount step', async () => {
    const file = await fileOf('100000001');
    const ctx = (await loadFileContext(database.db, { fileId: file.id, debtorId: file.debtorId }, today))!;
    const offer = planOffer(ctx);
    const result = await call('100000001', 'pay_instalments', { rate: 50 });
    const count = Math.ceil(offer.costs.totalMinor / 5000);
    expect(result).toMatchObject({
      kind: 'proposal',
      rateMinor: 5000,
      count,
      totalMinor: offer.costs.totalMinor,
      feeMinor: offer.costs.feeMinor + offer.costs.expensesMinor + offer.costs.vatMinor,
      firstDueOn: offer.firstDue.earliest,
      href: '/checkout/pay-installments?rate=50',
    });
    if (result.kind !== 'proposal') throw new Error('no proposal');
    expect(result.lastMinor).toBe(offer.costs.totalMinor - 5000 * (count - 1));
  });

  it('takes a number of instalments and a first date in range', async () => {
    const file = await fileOf('100000001');
    const ctx = (await loadFileContext(database.db, { fileId: file.id, debtorId: file.debtorId }, today))!;
    const offer = planOffer(ctx);
    const result = await call('100000001', 'pay_instalments', { count: 6, firstDate: offer.firstDue.latest });
    expect(result).toMatchObject({ kind: 'proposal', count: 6, firstDueOn: offer.firstDue.latest });
    if (result.kind !== 'proposal') throw new Error('no proposal');
    expect(result.href).toContain(`firstDate=${offer.firstDue.latest}`);
  });

  it('names the lowest amount when the rate is below it', async () => {
    const result = await call('100000001', 'pay_instalments', { rate: 1 });
    expect(result).toMatchObject({ kind: 'refused', reason: 'rateTooLow', params: { currency: 'EUR' } });
  });

  it('refuses a second plan with instalment error code 2 and offers what the file allows', async () => {
    const result = await call('100000002', 'pay_instalments', { rate: 50 });
    expect(result).toMatchObject({ kind: 'refused', reason: 'code2' });
    if (result.kind !== 'refused') throw new Error('not refused');
    expect(result.alternatives.map((a) => a.intent)).toEqual(expect.arrayContaining(['callback', 'send_message']));
  });

  it('asks for the deposit first (code 5) with its amount', async () => {
    expect(await call('100000005', 'pay_instalments', { rate: 50 })).toMatchObject({
      kind: 'refused',
      reason: 'depositFirst',
      params: { amountMinor: 15000, currency: 'EUR' },
    });
  });
});

describe('pay_later', () => {
  it('tells 100000004 that a deferral was already granted, until when, and offers the alternatives', async () => {
    const file = await fileOf('100000004');
    const facts = (await loadFileFacts(database.db, file.id, { today }))!;
    const result = await call('100000004', 'pay_later');
    expect(result).toMatchObject({
      kind: 'refused',
      intent: 'pay_later',
      reason: 'alreadyGranted',
      params: { date: facts.deferral!.payBy },
    });
    if (result.kind !== 'refused') throw new Error('not refused');
    const offered = result.alternatives.map((a) => a.intent);
    expect(offered).not.toContain('pay_later');
    expect(offered).toEqual(expect.arrayContaining(['pay_now', 'callback', 'send_message']));
  });

  it('links an open claim into pay later with the date said', async () => {
    expect(await call('100000001', 'pay_later', { date: '2026-12-15' })).toMatchObject({
      kind: 'link',
      href: '/checkout/pay-later?date=2026-12-15',
    });
  });
});

describe('the plan and skipping', () => {
  it('shows the running plan of 100000002 with its next instalment', async () => {
    const file = await fileOf('100000002');
    const view = (await loadDashboard(database.db, file.id))!;
    expect(await call('100000002', 'instalment_plan')).toMatchObject({
      kind: 'plan',
      next: { dueOn: view.nextInstalment!.dueOn, amountMinor: view.nextInstalment!.amountMinor },
    });
  });

  it('has no plan to show or skip for an open claim', async () => {
    expect(await call('100000001', 'instalment_plan')).toMatchObject({ kind: 'refused', reason: 'noPlan' });
  });
});

describe('login levels', () => {
  it('asks a reference-only session for the password before the profile', async () => {
    expect(await call('100000001', 'update_profile', {}, 'limited')).toEqual({
      kind: 'stepUp',
      intent: 'update_profile',
      returnTo: '/debtor/profile?edit=true',
    });
  });

  it('asks a reference-only session for the password before announcing a payment, keeping the slots', async () => {
    expect(await call('100000001', 'already_paid', { date: '2026-03-14', amount: 230 }, 'limited')).toEqual({
      kind: 'stepUp',
      intent: 'already_paid',
      returnTo: '/announce-payment?date=2026-03-14&amount=230',
    });
  });

  it('lets a reference-only session pay', async () => {
    expect(await call('100000001', 'pay_now', { method: 'card' }, 'limited')).toMatchObject({
      kind: 'link',
      href: '/checkout/pay-direct?method=card',
    });
  });
});

describe('forms and answers', () => {
  it('offers the callback form with the day and time of day said and the stored phone', async () => {
    const result = await call('100000001', 'callback', { day: 'monday', time: 'morning' });
    expect(result).toMatchObject({
      kind: 'form',
      form: 'callback',
      action: '/service/contact?action=callback',
      prefill: { weekday: '1', timeOfDay: 'morning' },
      href: '/service/contact?action=callback&day=monday&time=morning',
    });
  });

  it('preselects the subject of a bug report', async () => {
    expect(await call('100000001', 'report_bug')).toMatchObject({
      kind: 'form',
      form: 'message',
      prefill: { subjectId: '7' },
    });
  });

  it('answers a visitor’s question about consequences with the FAQ', async () => {
    expect(await call(null, 'consequences')).toMatchObject({
      kind: 'answer',
      topic: 'consequences',
      href: '/service/faq',
    });
  });

  it('clarifies with buttons for the likeliest intents', async () => {
    expect(await call(null, 'clarify', { alternatives: ['pay_now', 'pay_instalments'] })).toEqual({
      kind: 'clarify',
      alternatives: [
        { intent: 'pay_now', href: '/checkout/pay-direct' },
        { intent: 'pay_instalments', href: '/checkout/pay-installments' },
      ],
    });
  });

  it('has a tool for every intent of the catalogue, each answering for an open claim', async () => {
    const tools = await toolsFor('100000001');
    expect(Object.keys(tools).sort()).toEqual([...INTENT_IDS, 'clarify', 'end_conversation'].sort());
    for (const intent of INTENT_IDS) {
      const result = await call('100000001', intent);
      expect(result.kind, intent).toMatch(
        /^(balance|proposal|plan|link|refused|form|answer|explain|whoWeAre|hardship|abuse|offers)$/,
      );
    }
  });

  it('refuses every paying action of a file under an enforcement measure', async () => {
    for (const intent of ['pay_instalments', 'pay_later'] as const) {
      const result = await call('100000007', intent);
      expect(result.kind, intent).toBe('refused');
    }
  });
});

describe('the tools ask the action layer', () => {
  const refnos = [
    '100000001',
    '100000002',
    '100000003',
    '100000004',
    '100000005',
    '100000006',
    '100000007',
    '100000008',
    '100000009',
    '100000011',
    '100000012',
    '100000013',
  ];

  it('refuses with a reason of the action layer’s registry, for every demo file and action', async () => {
    const seen = new Set<string>();
    for (const refno of refnos) {
      const file = await fileOf(refno);
      const ctx = actionContext({
        db: database.db,
        session: { fileId: file.id, debtorId: file.debtorId, level: 'full' },
        variant: variants.de,
        language: 'de',
        today,
      });
      for (const name of actionNames) {
        const failure = await checkAction(name, ctx);
        if (failure?.kind !== 'refused') continue;
        seen.add(failure.reason);
        expect(refusalReasons, `${refno} ${name}`).toContain(failure.reason);
      }
    }
    // The demo files show the spec's reasons: a measure, a deferral granted, an agreement in place.
    expect([...seen]).toEqual(expect.arrayContaining(['measureRunning', 'alreadyGranted']));
  });

  it('gives the pane the same refusal as checkAction (pay later for 100000004)', async () => {
    const file = await fileOf('100000004');
    const ctx = actionContext({
      db: database.db,
      session: { fileId: file.id, debtorId: file.debtorId, level: 'full' },
      variant: variants.de,
      language: 'de',
      today,
    });
    const failure = await checkAction('grantDeferral', ctx);
    const result = await call('100000004', 'pay_later');
    expect(failure).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
    if (failure?.kind !== 'refused' || result.kind !== 'refused') throw new Error('not refused');
    expect(result.reason).toBe(failure.reason);
    expect(result.params.date).toBe(failure.detail?.payBy);
    expect(result.alternatives.map((a) => a.intent)).toEqual(
      intentsOfOffers(failure.alternatives ?? []).filter((intent) => intent !== 'pay_later'),
    );
  });

  it('refuses skipping for a file without an agreement with the agreement guard’s reason', async () => {
    expect(await call('100000001', 'skip_instalment')).toMatchObject({ kind: 'refused', reason: 'statusOpen' });
  });
});
