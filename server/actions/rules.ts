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

/**
 * What a file may offer instead of a refused action, in the action layer's own words: the
 * action-button flags of spec section 3 that are set, and always the two contact actions (the
 * agency answers every file). The doors name them in their own vocabulary (the assistant and the
 * API as intent ids, server/assistant/intent-actions.ts).
 */
export type Offer = ActionFlagName | 'requestCallback' | 'sendMessage';

/** The action-button flags that offer something, in the order a refusal lists them. */
const offerFlags: readonly ActionFlagName[] = [
  'showPayDirect',
  'showPayDirectInstallmentTrue',
  'showPayInstallments',
  'showPayLater',
  'showPayPartialPayment',
  'showSkipInstallment',
  'showInstallmentPlan',
  'showNoticeOfCompletion',
];

/**
 * What the file allows instead of the refused action (`except`: the flags that offer that action
 * itself): the flags that are set, then a callback and a message.
 */
export function alternativesFor(file: FileContext, except: readonly Offer[] = []): Offer[] {
  const flags = actionFlags(file.facts, file.today);
  const offered = offerFlags.filter((flag) => flags[flag]);
  return [...offered, 'requestCallback' as const, 'sendMessage' as const].filter((offer) => !except.includes(offer));
}

/** A refusal for this file with the alternatives it allows (other than the refused action's own flags). */
export function refuseFor<R extends string>(file: FileContext, reason: R, except: readonly Offer[]): Refused<R> {
  return refuse(reason, { alternatives: alternativesFor(file, except) });
}

/** No agreement while a measure runs (status 40, 41, 42; decision 019) or while the file's functions are blocked. */
export function noMeasure(except: readonly Offer[]): FileRule {
  return (file) => {
    if (measureRunning(file.facts.statusCode)) return refuseFor(file, 'measureRunning', except);
    if (file.facts.functionsBlocked) return refuseFor(file, 'blocked', except);
    return null;
  };
}

/**
 * The state guards of spec 2.3: `sepa` for a new agreement (with an active direct debit the status
 * must be 22), `agreement` for acting on an existing one (payment status and SEPA guard).
 */
export function stateGuard(kind: 'sepa' | 'agreement', except: readonly Offer[]): FileRule {
  return (file) => {
    const decision = guardsFor(kind, file.facts);
    return decision ? refuseFor(file, decision.reason, except) : null;
  };
}

/** The file's action-button flag (section 3) must be set; otherwise `notOffered` or the given reason. */
export function flagSet(flag: ActionFlagName, reason: string = 'notOffered'): FileRule {
  return (file) => (actionFlags(file.facts, file.today)[flag] ? null : refuseFor(file, reason, [flag]));
}

/** One of the file's action-button flags must be set (something to pay now); otherwise the given reason. */
export function anyFlagSet(flags: readonly ActionFlagName[], except: readonly Offer[], reason: string): FileRule {
  return (file) => {
    const set = actionFlags(file.facts, file.today);
    return flags.some((flag) => set[flag]) ? null : refuseFor(file, reason, except);
  };
}
