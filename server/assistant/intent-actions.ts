/**
 * The intent → action map (issue 30 item 3, decision 082): which action of the registry carries out
 * the wish of an intent of the catalogue, and which intent each offer of the action layer stands
 * for. The action layer (server/actions/) knows no intent ids; the language library (intents/)
 * knows no actions. The login level of an intent with an action is the action's own level, read
 * from the registry; the catalogue's level applies to the answers without one.
 */
import { CATALOGUE, type IntentId, type LoginLevel } from '../../intents/catalogue.ts';
import type { ActionLevel } from '../actions/define.ts';
import { registry, type ActionName } from '../actions/registry.ts';
import type { Offer } from '../actions/rules.ts';

/** The action a tool offers (asks `checkAction` for, links to the screen that runs it). */
export const intentActions = {
  pay_now: 'startPayment',
  pay_partial: 'startPayment',
  pay_instalments: 'agreePlan',
  pay_later: 'grantDeferral',
  skip_instalment: 'skipInstalment',
  instalment_plan: 'mailPlan',
  already_paid: 'announcePayment',
  callback: 'requestCallback',
  send_message: 'sendMessage',
  report_bug: 'sendMessage',
  suggest_improvement: 'sendMessage',
  dispute_costs: 'sendMessage',
  goods_not_received: 'createForm',
  goods_returned: 'createForm',
  identity_theft: 'createForm',
  third_party_mandate: 'createForm',
  upload_documents: 'uploadDocument',
  update_profile: 'requestProfileChange',
  notice_of_completion: 'requestNoticeOfCompletion',
  feedback: 'giveFeedback',
} as const satisfies Partial<Record<IntentId, ActionName>>;

export type ActionIntent = keyof typeof intentActions;

export function actionOf(intent: IntentId): ActionName | null {
  return Object.hasOwn(intentActions, intent) ? intentActions[intent as ActionIntent] : null;
}

const levels: Record<ActionLevel, LoginLevel> = { none: 'visitor', limited: 'limited', full: 'full' };

/** The login level an intent needs: its action's level in the registry, else the catalogue's (an answer). */
export function levelOf(intent: IntentId): LoginLevel {
  const action = actionOf(intent);
  return action ? levels[registry[action].level] : CATALOGUE[intent].level;
}

/** Which intent each offer of the action layer (a refusal's `alternatives`) stands for. */
export const offerIntents = {
  showPayDirect: 'pay_now',
  showPayDirectInstallmentTrue: 'pay_now',
  showPayInstallments: 'pay_instalments',
  showPayLater: 'pay_later',
  showPayPartialPayment: 'pay_partial',
  showSkipInstallment: 'skip_instalment',
  showInstallmentPlan: 'instalment_plan',
  showNoticeOfCompletion: 'notice_of_completion',
  requestCallback: 'callback',
  sendMessage: 'send_message',
} as const satisfies Record<Offer, IntentId>;

/** The action layer's offers as intent ids, in its order, each once (two flags offer paying now). */
export function intentsOfOffers(offers: readonly string[]): IntentId[] {
  const intents = offers.filter((o): o is Offer => Object.hasOwn(offerIntents, o)).map((o) => offerIntents[o]);
  return [...new Set(intents)];
}

/** The offers that stand for an intent: what a refusal of that wish leaves out of its alternatives. */
export function offersOfIntent(intent: IntentId): Offer[] {
  return (Object.keys(offerIntents) as Offer[]).filter((offer) => offerIntents[offer] === intent);
}
