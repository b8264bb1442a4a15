/**
 * The hardship view (issue 26, decision 068): what a debtor in difficulty can do on this file now,
 * for the page /service/hardship, the JSON API and the assistant alike, so that the three never
 * disagree. Every figure comes from the rules the other screens use (deferral, instalment limits,
 * skipping, the affordability helper); nothing is invented here.
 *
 * A reference-only session sees all of it (it is what the dashboard and the agreement screens
 * already show at that level); asking for the breathing space itself needs the full login.
 */
import { eq } from 'drizzle-orm';
import { isFinished, measureRunning } from '../claims/rules.ts';
import { todayIso } from '../dates.ts';
import { getDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { affordableMonthly, type Affordability, type Household } from '../instalments/affordability.ts';
import { deferralOffer } from '../instalments/deferral.ts';
import { loadFileContext, type FileContext } from '../instalments/context.ts';
import { loadPlan } from '../instalments/plan-view.ts';
import { planOffer } from '../instalments/plans.ts';
import { skipOffered } from '../instalments/skip.ts';
import type { ActiveSession } from '../auth/session.ts';
import { variants, type SupportHours, type VariantId } from '../variants/config.ts';
import { debtAdviceFor, type AdviceService } from './advice.ts';
import {
  breathingSpaceDays,
  breathingSpaceState,
  type BreathingSpaceRecord,
  type BreathingSpaceState,
} from './rules.ts';

/** Why the file takes no breathing space online (the page offers a person instead). */
export type NotPossibleReason = 'finished' | 'measureRunning' | 'blocked';

export type BreathingSpaceView = BreathingSpaceState | { state: 'notPossible'; reason: NotPossibleReason };

export interface DeferralRelief {
  kind: 'offered' | 'granted';
  path: '/checkout/pay-later';
  /** Offered: the day to pay by with the shortest notice; granted: the day the deferral runs to. */
  payBy: string;
  /** Offered: the settlement fee and its VAT (0 where none applies). */
  feeMinor: number;
  vatMinor: number;
}

export interface InstalmentRelief {
  path: '/checkout/pay-installments';
  /** The lowest monthly amount without and with proof of income, and the highest. */
  regularMinMinor: number;
  absoluteMinMinor: number;
  maxMinor: number;
  /** With the debtor's figures: what the affordability helper says would fit, and its link. */
  fits: (Affordability & { path: string | null }) | null;
}

export interface SkipRelief {
  path: '/skip-installment';
  dueOn: string;
  amountMinor: number;
}

export interface HardshipView {
  reference: string;
  currency: string;
  variant: string;
  level: 'limited' | 'full';
  breathingSpace: BreathingSpaceView;
  /** The session may ask for the breathing space now. */
  canRequest: boolean;
  /** The file could have one, but the session must sign in with its password first. */
  needsFullLogin: boolean;
  pauseDays: number;
  relief: { deferral: DeferralRelief | null; instalment: InstalmentRelief | null; skip: SkipRelief | null };
  advice: readonly AdviceService[];
  support: {
    phone: string;
    phoneHref: string;
    email: string;
    hours: SupportHours['days'];
    callbackPath: '/service/contact?action=callback';
  };
}

/** The file's last breathing space, from its own row. */
export async function breathingSpaceRecord(db: Database, fileId: number): Promise<BreathingSpaceRecord> {
  const [row] = await db
    .select({ at: t.files.breathingSpaceAt, until: t.files.collectionPausedUntil })
    .from(t.files)
    .where(eq(t.files.id, fileId));
  return { requestedOn: row?.at ? todayIso(row.at) : null, pausedUntil: row?.until ?? null };
}

/** Why the file takes no breathing space at all, or null. */
export function notPossibleReason(file: FileContext): NotPossibleReason | null {
  if (isFinished(file.facts.statusCode) || file.facts.closedAt !== null) return 'finished';
  if (measureRunning(file.facts.statusCode)) return 'measureRunning';
  if (file.facts.functionsBlocked) return 'blocked';
  return null;
}

function rateParam(minor: number): string {
  return minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2);
}

/** The instalment that fits the household, with the wizard's deep link prefilled when it fits. */
export function instalmentFits(file: FileContext, household: Household): InstalmentRelief['fits'] {
  const offer = planOffer(file);
  if (offer.eligibility.kind !== 'allowed') return null;
  const fits = affordableMonthly(offer.limits, household);
  return {
    ...fits,
    path: fits.kind === 'ok' ? `/checkout/pay-installments?rate=${rateParam(fits.amountMinor)}` : null,
  };
}

export async function hardshipView(
  db: Database,
  file: FileContext,
  level: 'limited' | 'full',
  household: Household | null = null,
): Promise<HardshipView> {
  const blocked = notPossibleReason(file);
  const breathingSpace: BreathingSpaceView = blocked
    ? { state: 'notPossible', reason: blocked }
    : breathingSpaceState(await breathingSpaceRecord(db, file.facts.fileId), file.today);

  const deferral = deferralOffer(file);
  const deferralRelief: DeferralRelief | null =
    deferral.eligibility.kind === 'allowed'
      ? {
          kind: 'offered',
          path: '/checkout/pay-later',
          payBy: deferral.terms.payBy,
          feeMinor: deferral.terms.feeMinor,
          vatMinor: deferral.terms.vatMinor,
        }
      : deferral.eligibility.kind === 'alreadyGranted' && deferral.eligibility.payBy >= file.today
        ? { kind: 'granted', path: '/checkout/pay-later', payBy: deferral.eligibility.payBy, feeMinor: 0, vatMinor: 0 }
        : null;

  const plan = planOffer(file);
  const instalment: InstalmentRelief | null =
    plan.eligibility.kind === 'allowed'
      ? {
          path: '/checkout/pay-installments',
          regularMinMinor: plan.limits.regularMinMinor,
          absoluteMinMinor: plan.limits.absoluteMinMinor,
          maxMinor: plan.limits.maxMinor,
          fits: household ? instalmentFits(file, household) : null,
        }
      : null;

  let skip: SkipRelief | null = null;
  if (skipOffered(file)) {
    const current = (await loadPlan(db, file.facts.fileId))?.rows.find((r) => !r.paid && !r.skipped);
    if (current) skip = { path: '/skip-installment', dueOn: current.dueOn, amountMinor: current.amountMinor };
  }

  const variant = variants[file.variant as VariantId] ?? variants.de;
  const available = breathingSpace.state === 'available';
  return {
    reference: file.reference,
    currency: file.facts.currency,
    variant: variant.id,
    level,
    breathingSpace,
    canRequest: available && level === 'full',
    needsFullLogin: available && level !== 'full',
    pauseDays: breathingSpaceDays,
    relief: { deferral: deferralRelief, instalment, skip },
    advice: debtAdviceFor(variant.country),
    support: {
      phone: variant.support.phone,
      phoneHref: variant.support.phoneHref,
      email: variant.support.email,
      hours: variant.support.hours.days,
      callbackPath: '/service/contact?action=callback',
    },
  };
}

/**
 * The page's and the action's view of the signed-in file: opens the database itself, so that a
 * door (route, API, tool) reads the view without a query of its own (decision 077). `null` when
 * the session's file is gone.
 */
export async function hardshipViewForSession(
  session: Pick<ActiveSession, 'fileId' | 'debtorId' | 'level'>,
  today = todayIso(),
): Promise<{ view: HardshipView; currency: string } | null> {
  const db = await getDatabase();
  const file = await loadFileContext(db, session, today);
  if (!file) return null;
  return { view: await hardshipView(db, file, session.level), currency: file.facts.currency };
}
