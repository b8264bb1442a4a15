/**
 * The dialogue policy as data (decision 070, after Rasa's rules): which act, in which state, does
 * what. The first rule that matches decides; a `wish` is the engine's own answer (every wish of
 * the message, in the order said). Changing the behaviour of the conversation is changing a row.
 */
import type { Act } from '../../../intents/dialogue/acts.ts';
import type { DialogueState } from './state.ts';

export type Condition = 'always' | 'pending' | 'nothingPending' | 'abusedBefore';

export type Action =
  /** Abuse after a calm answer: end the conversation politely (`end_conversation`). */
  | 'end'
  /** A calm answer that offers a person (`abuse`). */
  | 'calm'
  /** The pending wish again, its slots with the new values on top. */
  | 'repeatWithSlots'
  /** "ok": the screen or form for exactly the pending plan (`affirm` with the pending intent and slots). */
  | 'carryOut'
  /** "no": withdraw the pending offer and ask what fits instead (`deny` with the pending intent). */
  | 'withdraw'
  /** "ok" or "no" with nothing open: say what the assistant can do. */
  | 'askWhat'
  /** "why?" after a proposal: the claim explained (`explain_costs`). */
  | 'explain'
  /** The engine's answer to every wish of the message, in order. */
  | 'answerWishes';

export interface Rule {
  act: Act['kind'];
  when: Condition;
  then: Action;
}

export const RULES: readonly Rule[] = [
  // The abuse tool counts the strikes of the conversation and ends it at the third
  // (server/assistant/tools/abuse.ts, decision 073): the end is decided in one place.
  { act: 'abuse', when: 'always', then: 'calm' },
  { act: 'amend', when: 'pending', then: 'repeatWithSlots' },
  { act: 'affirm', when: 'pending', then: 'carryOut' },
  { act: 'affirm', when: 'nothingPending', then: 'askWhat' },
  { act: 'deny', when: 'pending', then: 'withdraw' },
  { act: 'deny', when: 'nothingPending', then: 'askWhat' },
  { act: 'why', when: 'pending', then: 'explain' },
  { act: 'why', when: 'nothingPending', then: 'answerWishes' },
  { act: 'wish', when: 'always', then: 'answerWishes' },
];

function holds(condition: Condition, state: DialogueState): boolean {
  switch (condition) {
    case 'always':
      return true;
    case 'pending':
      return state.pending !== null;
    case 'nothingPending':
      return state.pending === null;
    case 'abusedBefore':
      return state.abuseInARow > 0;
  }
}

/** The action of the first rule for this act and state. */
export function decide(act: Act['kind'], state: DialogueState, rules: readonly Rule[] = RULES): Action {
  return rules.find((r) => r.act === act && holds(r.when, state))?.then ?? 'answerWishes';
}
