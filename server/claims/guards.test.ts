import { describe, expect, it } from 'vitest';
import type { FileFacts, PlanFacts } from './facts.ts';
import { fileFacts } from './facts.fixture.ts';
import { paymentStatusGuard, sepaGuard } from './guards.ts';

const base = fileFacts({
  statusDate: '2026-11-01',
  totalMinor: 10000,
  mainClaimMinor: 10000,
  interestMinor: 0,
  costsMinor: 0,
});
const plan = (over: Partial<PlanFacts>): PlanFacts => ({
  status: 'active',
  isSepa: false,
  sepaFailed: false,
  skipsUsed: 0,
  monthlyMinor: 1000,
  instalmentCount: 10,
  next: { position: 1, dueOn: '2026-12-01', amountMinor: 1000 },
  remainingMinor: 10000,
  overdue: false,
  ...over,
});
const deferral = { payBy: '2026-12-20', grantedAt: '2026-11-20T10:00:00Z' };

describe('payment-status guard (spec 2.3)', () => {
  it.each([
    ['status 1 goes to the dashboard', { statusCode: '1' }, 'statusOpen'],
    ['status 20 with an instalment without SEPA enters', { statusCode: '20', plan: plan({}) }, null],
    [
      'status 20 with an instalment paid by SEPA goes back',
      { statusCode: '20', plan: plan({ isSepa: true }) },
      'status20',
    ],
    [
      'status 20 with a failed SEPA instalment enters',
      { statusCode: '20', plan: plan({ isSepa: true, sepaFailed: true }) },
      null,
    ],
    ['status 20 with a deferral enters', { statusCode: '20', deferral }, null],
    ['status 20 with a cancelled instalment enters', { statusCode: '20', plan: plan({ status: 'cancelled' }) }, null],
    ['status 20 with nothing agreed goes back', { statusCode: '20' }, 'status20'],
    ['status 2 with a running plan enters', { statusCode: '2', subState: 'instalmentRunning', plan: plan({}) }, null],
    ['status 22 enters', { statusCode: '22', plan: plan({ isSepa: true }) }, null],
  ] as const)('%s', (_name, over, reason) => {
    const decision = paymentStatusGuard({ ...base, ...(over as Partial<FileFacts>) });
    expect(decision?.reason ?? null).toBe(reason);
    if (decision) expect(decision.to).toBe('/dashboard');
  });
});

describe('SEPA guard (spec 2.3)', () => {
  it.each([
    ['active SEPA with status 22 enters', { statusCode: '22', plan: plan({ isSepa: true }) }, null],
    ['active SEPA with another status goes back', { statusCode: '2', plan: plan({ isSepa: true }) }, 'sepaActive'],
    ['failed SEPA does not count as active', { statusCode: '2', plan: plan({ isSepa: true, sepaFailed: true }) }, null],
    ['no SEPA enters', { statusCode: '1' }, null],
    [
      'a pending SEPA plan is not active yet',
      { statusCode: '24', plan: plan({ isSepa: true, status: 'pending' }) },
      null,
    ],
  ] as const)('%s', (_name, over, reason) => {
    expect(sepaGuard({ ...base, ...(over as Partial<FileFacts>) })?.reason ?? null).toBe(reason);
  });
});
