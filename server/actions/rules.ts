/**
 * File rules of the action layer: the claim rules (server/claims/rules.ts), the state guards of
 * spec 2.3 (server/claims/guards.ts via server/instalments/guards.ts) and `measureRunning`, each
 * turned into a refusal with the spec's reason and the alternatives the file allows instead.
 */
import { actionFlags, measureRunning, type ActionFlagName } from '../claims/rules.ts';
import { guardsFor } from '../instalments/guards.ts';
import type { FileContext } from '../instalments/context.ts';
import { refuse, type FileRule, type Refused } from './define.ts';

/**
 * The spec's reasons a file rule gives. Every reason of the action layer is listed in reasons.ts
 * and worded in `assistant:refused.<reason>` of every locale.
 */
export const fileRuleReasons = [
  'measureRunning',
  'blocked',
  'statusOpen',
  'status20',
  'sepaActive',
  'notOffered',
] as const;
export type FileRuleReason = (typeof fileRuleReasons)[number];

/** Which intent (shared/spec/intents.md) each action-button flag offers. */
const flagIntents: ReadonlyArray<[ActionFlagName, string]> = [
  ['showPayDirect', 'pay_now'],
  ['showPayDirectInstallmentTrue', 'pay_now'],
  ['showPayInstallments', 'pay_instalments'],
  ['showPayLater', 'pay_later'],
  ['showPayPartialPayment', 'pay_partial'],
  ['showSkipInstallment', 'skip_instalment'],
  ['showInstallmentPlan', 'instalment_plan'],
  ['showNoticeOfCompletion', 'notice_of_completion'],
];

/**
 * What the file allows instead of `except`: the intents whose flags are set, and always a person
 * (a callback, a message): the assistant offers one at every turn.
 */
export function alternativesFor(file: FileContext, except: readonly string[] = []): string[] {
  const flags = actionFlags(file.facts, file.today);
  const offered = flagIntents.filter(([flag]) => flags[flag]).map(([, intent]) => intent);
  return [...new Set([...offered, 'callback', 'send_message'])].filter((intent) => !except.includes(intent));
}

/** A refusal for this file with the alternatives it allows (other than the intent refused). */
export function refuseFor<R extends string>(file: FileContext, reason: R, intent: string): Refused<R> {
  return refuse(reason, { alternatives: alternativesFor(file, [intent]) });
}

/** No agreement while a measure runs (status 40, 41, 42; decision 019) or while the file's functions are blocked. */
export function noMeasure(intent: string): FileRule {
  return (file) => {
    if (measureRunning(file.facts.statusCode)) return refuseFor(file, 'measureRunning', intent);
    if (file.facts.functionsBlocked) return refuseFor(file, 'blocked', intent);
    return null;
  };
}

/**
 * The state guards of spec 2.3: `sepa` for a new agreement (with an active direct debit the status
 * must be 22), `agreement` for acting on an existing one (payment status and SEPA guard).
 */
export function stateGuard(kind: 'sepa' | 'agreement', intent: string): FileRule {
  return (file) => {
    const decision = guardsFor(kind, file.facts);
    return decision ? refuseFor(file, decision.reason, intent) : null;
  };
}

/** The file's action-button flag (section 3) must be set; otherwise `notOffered` or the given reason. */
export function flagSet(flag: ActionFlagName, intent: string, reason: string = 'notOffered'): FileRule {
  return (file) => (actionFlags(file.facts, file.today)[flag] ? null : refuseFor(file, reason, intent));
}

/** One of the file's action-button flags must be set (something to pay now); otherwise the given reason. */
export function anyFlagSet(flags: readonly ActionFlagName[], intent: string, reason: string): FileRule {
  return (file) => {
    const set = actionFlags(file.facts, file.today);
    return flags.some((flag) => set[flag]) ? null : refuseFor(file, reason, intent);
  };
}
