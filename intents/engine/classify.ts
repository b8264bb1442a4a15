/**
 * What the assistant understands of one message: the main intent with a calibrated
 * confidence, the reply language, the likeliest alternatives when it is unsure (`clarify`:
 * the chat pane asks instead of acting), other wishes named in other clauses of a long
 * message, the slots said and the deep link they make.
 */
import { isLang, type IntentId, type Lang } from '../catalogue.ts';
import { buildHref } from '../links.ts';
import { extractSlots, type Slots } from '../slots/index.ts';
import { detectLanguage } from './language.ts';
import { assess, type LangModel } from './model.ts';
import { fold, words } from './normalise.ts';

/** Below this calibrated confidence the engine asks rather than acts (docs/decisions/031). */
export const CLARIFY_BELOW = 0.5;
/** Below this share of known features the message is too unlike the training data to act on. */
export const MIN_COVERAGE = 0.35;
/** Alternatives offered when clarifying: the likeliest two or three above this share. */
export const ALTERNATIVE_MIN = 0.1;
/** A clause's intent counts as a further wish at or above this confidence. */
export const OTHER_MIN = 0.6;
/** Messages shorter than this are never split into clauses. */
export const SPLIT_MIN_WORDS = 8;
/** Intents that are not wishes: they never become "others", and a wish found in a clause outranks them. */
const SOCIAL: ReadonlySet<IntentId> = new Set(['greeting', 'thanks_goodbye', 'out_of_scope']);

export interface Candidate {
  intent: IntentId;
  confidence: number;
  href: string | null;
  /** The slots said in the clause of this wish (only its own clause: "paid 100 … in 3 instalments" gives no rate of 100). */
  slots?: Slots;
  /** Index of the clause that says this wish (for answering several wishes in the order they were said). */
  position?: number;
}

export interface Classification {
  intent: IntentId;
  confidence: number;
  /** True when confidence is below CLARIFY_BELOW or the text is mostly unknown words: offer `alternatives`, do not act on `href`. */
  clarify: boolean;
  /** Reply language. */
  lang: Lang;
  langSource: 'given' | 'detected' | 'page';
  /** When clarifying, the two or three likeliest intents (the first is `intent`); otherwise empty. */
  alternatives: Candidate[];
  /** Further wishes found in other clauses of a long message, most confident first. */
  others: Candidate[];
  /**
   * Every wish of the message in the order said: the main intent and the others, each with the
   * slots of its own clause. One entry (the main intent with `slots`) when the message has one wish.
   */
  wishes: Candidate[];
  slots: Slots;
  /** Deep link of `intent` with its slots, or null when the intent has no screen. */
  href: string | null;
}

export interface ClassifyOptions {
  /** Force the language (skips detection). */
  lang?: Lang;
  /** The page's language: the fallback for short or unclear messages. Default German. */
  pageLang?: Lang;
  /** YYYY-MM-DD that relative dates resolve against; default today (UTC). */
  today?: string;
}

/** Words that join two wishes in one sentence, per language (folded forms are matched too). */
const JOINERS: Record<Lang, string[]> = {
  de: ['und', 'aber', 'außerdem', 'ausserdem', 'zudem', 'sowie', 'dann'],
  en: ['and', 'but', 'also', 'plus', 'then'],
  es: ['y', 'pero', 'además', 'ademas', 'también', 'tambien'],
  fr: ['et', 'mais', 'aussi', 'puis', 'ensuite'],
  it: ['e', 'ma', 'anche', 'inoltre', 'poi'],
  tr: ['ve', 'ama', 'ayrıca', 'ayrica', 'ancak', 'sonra'],
  sv: ['och', 'men', 'också', 'ocksa', 'även', 'aven', 'sedan'],
};

/** Sentences, then clauses at a joining word; pieces of fewer than three words stay with the previous one. */
export function splitClauses(text: string, lang: Lang): string[] {
  const joiners = new Set(JOINERS[lang]);
  const clauses: string[] = [];
  for (const sentence of text.split(/[.!?;:\n]+|,\s+|\s+-\s+/)) {
    let current: string[] = [];
    let joiner = ''; // the word that opened `current`, given back if the piece is too short to stand alone
    for (const word of sentence.split(/\s+/).filter(Boolean)) {
      if (joiners.has(word.toLowerCase()) && words(current.join(' ')).length >= 3) {
        clauses.push(current.join(' '));
        current = [];
        joiner = word;
      } else current.push(word);
    }
    if (current.length > 0) {
      if (words(current.join(' ')).length < 3 && joiner)
        clauses[clauses.length - 1] += ` ${joiner} ${current.join(' ')}`;
      else clauses.push(current.join(' '));
    }
  }
  return clauses.filter((c) => words(c).length > 0);
}

interface Ranked {
  intent: IntentId;
  confidence: number;
  /** Whether the model knows enough of the text to judge it (MIN_COVERAGE). */
  covered: boolean;
}

function ranked(model: LangModel, text: string): Ranked[] {
  const { p, coverage } = assess(model, text);
  const covered = coverage >= MIN_COVERAGE;
  return model.labels
    .map((intent, k) => ({ intent, confidence: p[k]!, covered }))
    .sort((a, b) => b.confidence - a.confidence);
}

function isoToday(): string {
  return new Date().toISOString().slice(0, 10);
}

export class Engine {
  constructor(private readonly models: ReadonlyMap<Lang, LangModel>) {
    if (models.size === 0) throw new Error('the assistant engine needs at least one language model');
  }

  get languages(): Lang[] {
    return [...this.models.keys()];
  }

  /**
   * How many words of a text belong to one language only: words (folded) that the training data of
   * exactly that language has, and of no other (decision 071). Numbers and words shared by several
   * languages ("ok", "no", "50") say nothing and are not counted.
   */
  ownWords(text: string): Map<Lang, number> {
    const counts = new Map<Lang, number>();
    for (const word of words(fold(text))) {
      if (!/\p{L}/u.test(word)) continue;
      const owners = [...this.models.values()].filter((m) => m.vocab.has(`w:${word}`)).map((m) => m.lang);
      if (owners.length === 1) counts.set(owners[0]!, (counts.get(owners[0]!) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The reply language of a message (decision 071): a short message keeps the page's unless its
   * words belong to one other language only; a longer one is detected (decision 032), and a mixed
   * one answered in its main language, the one most of its own words belong to.
   */
  detect(text: string, pageLang: Lang): { lang: Lang; source: 'detected' | 'page' } {
    const detected = detectLanguage(text, pageLang);
    const own = [...this.ownWords(text)].sort((a, b) => b[1] - a[1]);
    const [top, second] = own;
    if (detected.source === 'page') {
      // "muchas gracias", "tack så mycket", "dale": words of one language only, none of the page's.
      if (top && !second && top[0] !== pageLang && this.models.has(top[0])) return { lang: top[0], source: 'detected' };
      return detected;
    }
    // A mixed message: the language of clearly most of its own words, over the n-gram guess.
    if (top && top[0] !== detected.lang && top[1] >= 2 && top[1] >= 2 * (second?.[1] ?? 0) && this.models.has(top[0]))
      return { lang: top[0], source: 'detected' };
    return detected;
  }

  /** The model for a language, else the page's, else German's, else any. */
  private modelFor(lang: Lang, pageLang: Lang): LangModel {
    return (
      this.models.get(lang) ?? this.models.get(pageLang) ?? this.models.get('de') ?? this.models.values().next().value!
    );
  }

  classify(text: string, options: ClassifyOptions = {}): Classification {
    const pageLang = options.pageLang && isLang(options.pageLang) ? options.pageLang : 'de';
    const today = options.today ?? isoToday();
    const { lang, source } =
      options.lang && isLang(options.lang)
        ? { lang: options.lang, source: 'given' as const }
        : this.detect(text, pageLang);
    const model = this.modelFor(lang, pageLang);
    const candidate = (intent: IntentId, confidence: number, said: string, position?: number): Candidate => {
      const slots = extractSlots(said, { lang: model.lang, intent, today });
      return { intent, confidence, href: buildHref(intent, slots), slots, position };
    };

    const whole = ranked(model, text);
    let main = whole[0]!;
    const others = new Map<IntentId, Candidate>();
    /** Where the main intent is said, when the message has several clauses. */
    let mainClause: { text: string; position: number } | null = null;
    if (words(text).length >= SPLIT_MIN_WORDS) {
      const clauses = splitClauses(text, model.lang);
      if (clauses.length > 1) {
        clauses.forEach((clause, position) => {
          const top = ranked(model, clause)[0]!;
          if (top.confidence < OTHER_MIN || !top.covered || SOCIAL.has(top.intent)) return;
          if (SOCIAL.has(main.intent)) main = top;
          if (top.intent === main.intent) {
            mainClause ??= { text: clause, position };
            return;
          }
          const seen = others.get(top.intent);
          if (!seen || seen.confidence < top.confidence)
            others.set(top.intent, candidate(top.intent, top.confidence, clause, position));
        });
      }
    }
    // Out of scope needs no evidence: unknown words are what it is for.
    const clarify = main.confidence < CLARIFY_BELOW || (!main.covered && main.intent !== 'out_of_scope');
    // With several wishes each takes the slots of its own clause; with one, the whole message's.
    const own = others.size > 0 && mainClause ? (mainClause as { text: string; position: number }) : null;
    const slots = extractSlots(own?.text ?? text, { lang: model.lang, intent: main.intent, today });
    const first: Candidate = {
      intent: main.intent,
      confidence: main.confidence,
      href: buildHref(main.intent, slots),
      slots,
      position: own?.position ?? -1,
    };
    const wishes = clarify ? [] : [first, ...others.values()].sort((a, b) => (a.position ?? -1) - (b.position ?? -1));
    return {
      intent: main.intent,
      confidence: main.confidence,
      clarify,
      lang,
      langSource: source,
      alternatives: clarify
        ? whole
            .filter((c, i) => i < 3 && (i < 2 || c.confidence >= ALTERNATIVE_MIN))
            .map((c) => candidate(c.intent, c.confidence, text))
        : [],
      others: [...others.values()].sort((a, b) => b.confidence - a.confidence),
      wishes,
      slots,
      href: buildHref(main.intent, slots),
    };
  }
}
