/**
 * Dialogue acts (decision 070): what a message does to the last proposal of the conversation.
 * `affirm` ("ok", "ok mach das", "dale", "vas-y", "va bene", "tamam", "kör"), `deny` ("no", "nein,
 * lieber …" without a new value), `amend` (a new amount, date or count for the same wish: "make it
 * 80", "lieber 80", "80 olsun", "hellre 800", "from the 15th", "no, el 15", "and in 6?"), `why`
 * ("warum?", "why?") and `abuse`; anything else is a `wish`, answered by the engine as before.
 *
 * The classifier knows affirm, deny and abuse from the training data of every language; the short
 * word lists below also catch them in another language than the page's ("dale" on a German page),
 * where the page language's model has never seen the word.
 */
import type { IntentId, Lang } from '../catalogue.ts';
import type { Classification } from '../engine/classify.ts';
import { fold, words } from '../engine/normalise.ts';
import { extractSlots, type Slots } from '../slots/index.ts';

/**
 * The wish a follow-up may act on: the last proposal's intent and the input it was made with
 * (the turn's dialogue state, server/assistant/dialogue/state.ts, passes its pending offer).
 */
export interface Pending {
  intent: IntentId;
  input: Record<string, unknown>;
}

export type Act =
  | { kind: 'affirm' }
  | { kind: 'deny' }
  | { kind: 'amend'; slots: Record<string, unknown> }
  | { kind: 'why' }
  | { kind: 'abuse' }
  | { kind: 'wish' };

/** Words that say yes, in the seven languages (folded). */
const YES = new Set(
  (
    'ok okay oki okey okej okidoki yes yeah yep yup sure fine deal agreed alright ' +
    'ja jawohl jo jep jup passt gerne gern einverstanden klar genau ' +
    'si vale dale claro perfecto acepto venga ' +
    'oui ouais daccord vas allez parfait entendu ' +
    'certo bene perfetto accetto procedi ' +
    'evet tamam tamamdir olur peki kabul ' +
    'kor japp jepp visst absolut toppen precis'
  ).split(' '),
);
/** Words that may stand beside a yes without changing it ("ok, mach das", "yes do it please", "vas-y"). */
const YES_FILLER = new Set(
  (
    'do it that this go ahead lets let us please thanks then so sounds good great ' +
    'mach machen sie das so bitte danke dann los gut super machs ' +
    'hazlo hagamoslo por favor asi pues bien adelante eso ' +
    'fais le faites y cest ca bon merci go ' +
    'va fallo facciamo cosi grazie allora ' +
    'yap yapalim lutfen boyle oyle devam et ' +
    'gor det tack pa sa da'
  ).split(' '),
);
/** Words that say no. */
const NO = new Set('no nope nah nein nee ne non nan hayir yok nej'.split(' '));
/** Words that ask why. */
const WHY = new Set('why warum wieso weshalb porque por que pourquoi perche neden niye nicin varfor'.split(' '));
/** Words that ask for a change of the last value ("lieber 80", "make it 80", "80 olsun", "hellre 800"). */
const AMEND_CUES = new Set(
  'lieber besser stattdessen doch make it instead rather mejor mas bien plutot meglio invece olsun yerine hellre istallet'.split(
    ' ',
  ),
);

const folded = (text: string) => words(fold(text).replace(/['’]/g, ''));

/** Whether every word of a short message is a yes or stands beside one. */
export function saysYes(text: string): boolean {
  const w = folded(text);
  return w.length > 0 && w.length <= 6 && w.some((x) => YES.has(x)) && w.every((x) => YES.has(x) || YES_FILLER.has(x));
}

/** Whether a short message opens with a no ("no", "nein, lieber nicht", "non merci"). */
export function saysNo(text: string): boolean {
  const w = folded(text);
  return w.length > 0 && w.length <= 6 && NO.has(w[0]!);
}

export function asksWhy(text: string): boolean {
  const w = folded(text);
  return w.length > 0 && w.length <= 4 && w.some((x) => WHY.has(x));
}

/** "in 6", "en 6", "6 mal", "6x": a number of instalments without the word for them. */
const BARE_COUNT =
  /(?:^|\s)(?:in|en|dans|con|i|und in|and in|y en|et en|e in|och i)\s+(\d{1,2})\s*\??$|(?<!\d)(\d{1,2})\s*(?:x|mal|fois|volte|kez|ganger|gånger)(?![\p{L}])/iu;
const NUMBER = /(?<![\p{N}.,])(\d{1,6}(?:[.,]\d{1,2})?)(?![\p{N}])/u;

/**
 * The new values a message gives for the pending wish: its slots as the pending intent reads
 * them, a count ("and in 6?"), or a bare number, which is the wish's own amount (a monthly rate
 * for instalments, a count when the proposal was made by count and the number could be one).
 */
export function amendedSlots(
  text: string,
  pending: Pending,
  options: { lang: Lang; today: string; countOf: (text: string) => number | undefined },
): Record<string, unknown> {
  const intent: IntentId = pending.intent;
  const slots: Slots & { count?: number } = extractSlots(text, { lang: options.lang, intent, today: options.today });
  if (intent === 'pay_instalments') {
    const count = options.countOf(text) ?? Number(BARE_COUNT.exec(text.trim())?.slice(1).find(Boolean) ?? NaN);
    if (Number.isFinite(count) && count >= 2 && count <= 48 && slots.rate === undefined) slots.count = count;
    else if (slots.rate === undefined && slots.firstDate === undefined) {
      const n = Number(NUMBER.exec(text)?.[1]?.replace(',', '.') ?? NaN);
      if (Number.isFinite(n) && n > 0) {
        const byCount = pending.input.count !== undefined && pending.input.rate === undefined;
        if (byCount && Number.isInteger(n) && n >= 2 && n <= 48) slots.count = n;
        else slots.rate = n;
      }
    }
  }
  if ((intent === 'pay_partial' || intent === 'already_paid') && slots.amount === undefined) {
    const n = Number(NUMBER.exec(text)?.[1]?.replace(',', '.') ?? NaN);
    if (Number.isFinite(n) && n > 0 && !/\d{1,2}[./]\d{1,2}/.test(text)) slots.amount = n;
  }
  return Object.fromEntries(Object.entries(slots).filter(([, v]) => v !== undefined));
}

/** Intents a follow-up may be classified as and still only amend the pending wish ("ok, and in 6?"). */
const SOFT: ReadonlySet<IntentId> = new Set(['affirm', 'deny', 'greeting', 'thanks_goodbye', 'out_of_scope']);

/** What the message does, given what is pending. */
export function actOf(
  text: string,
  c: Classification,
  pending: Pending | null,
  amend: (pending: Pending) => Record<string, unknown>,
): Act {
  if (c.intent === 'abuse' && !c.clarify) return { kind: 'abuse' };
  if (pending) {
    const slots = amend(pending);
    const short = words(text).length <= 6;
    const cue = folded(text).some((x) => AMEND_CUES.has(x));
    if (
      Object.keys(slots).length > 0 &&
      (c.clarify || SOFT.has(c.intent) || c.intent === pending.intent || short || cue)
    )
      return { kind: 'amend', slots };
    if (asksWhy(text)) return { kind: 'why' };
  }
  if (saysYes(text) || (c.intent === 'affirm' && !c.clarify)) return { kind: 'affirm' };
  if (saysNo(text) || (c.intent === 'deny' && !c.clarify)) return { kind: 'deny' };
  return { kind: 'wish' };
}
