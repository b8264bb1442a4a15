/**
 * The embedded engine as a model of the `ai` SDK (decision 038): a `LanguageModelV3` whose answer
 * to a debtor's message is the tool call for the classified intent with its slots, or the
 * clarifying question with the two or three likeliest intents. One `streamText` call with one set
 * of tools (intents/tools) therefore serves this engine and a large language model alike.
 *
 * Follow-ups keep context: a message that names only a slot ("und in 6 Raten?", "and on the
 * 1st?") continues the intent of the previous tool call with its input, the new slots on top.
 * Once the tools have answered (a tool message is last), the engine has nothing to add: the
 * pane renders the tools' results.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { CATALOGUE, type IntentId, type Lang } from '../../intents/catalogue.ts';
import { actOf, amendedSlots, type Act, type Pending } from '../../intents/dialogue/acts.ts';
import { decide } from './dialogue/policy.ts';
import { dialogueState } from './dialogue/state.ts';
import { splitClauses, type Classification, type Engine } from '../../intents/engine/classify.ts';
import { getEngine } from '../../intents/engine/store.ts';
import type { Slots } from '../../intents/slots/index.ts';

export interface Understanding {
  classification: Classification;
  /** The intent acted on (the previous one for a follow-up) and the tool input given to it. */
  intent: IntentId;
  toolName: IntentId | 'clarify' | 'end_conversation';
  input: Record<string, unknown>;
  /** Whether the message acted on the last proposal (an amendment, "ok", "no", "why?"). */
  followUp: boolean;
  /** The message's dialogue act (intents/dialogue/acts.ts). */
  act: Act['kind'];
  /** Further wishes of the same message, answered after the first, in the order said. */
  more: Array<{ toolName: IntentId; input: Record<string, unknown> }>;
}

export interface EmbeddedModelOptions {
  pageLang: Lang;
  /** YYYY-MM-DD in the file's calendar: relative dates resolve against it. */
  today: string;
  engine?: Engine;
  /** Told what was understood of each message (for the intent log). */
  onUnderstood?: (understanding: Understanding) => void;
}

const usage: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** "in 6 Raten", "6 instalments", "3 monthly instalments", "en 6 cuotas" …: the number of instalments asked for. */
const COUNT =
  /(?<![\p{L}\p{N}])(\d{1,2})\s*(?:(?:monthly|monatliche[n]?|mensuales|mensuelles|mensili|aylık|aylik|månatliga|manatliga)\s+)?(?:raten|monatsraten|monate[n]?|rates|instal+ments?|payments|months|cuotas|plazos|meses|mensualités|mensualites|mois|versements|rate|mesi|taksit|ay|avbetalningar|delbetalningar|månader|manader)(?![\p{L}\p{N}])/iu;

export function countOf(text: string): number | undefined {
  const match = COUNT.exec(text);
  const n = match ? Number(match[1]) : NaN;
  return n >= 2 && n <= 48 ? n : undefined;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join(' ')
    .trim();
}

/** Only the slots the intent's tool takes, nothing missing or guessed. */
function toolInput(intent: IntentId, slots: Slots & { count?: number }): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const slot of CATALOGUE[intent].slots) {
    const value = slots[slot as keyof Slots];
    if (value !== undefined) input[slot] = value;
  }
  if (intent === 'pay_instalments' && slots.count !== undefined && input.rate === undefined) input.count = slots.count;
  return input;
}

/**
 * What the engine makes of the latest user message of a prompt, in the context of the earlier
 * turns: the dialogue state (server/assistant/dialogue/state.ts), the message's act and the policy's rule
 * for it (acts.ts, policy.ts), then the tool calls that carry it out.
 */
export function understand(prompt: LanguageModelV3Prompt, options: EmbeddedModelOptions): Understanding | null {
  const last = prompt[prompt.length - 1];
  if (!last || last.role !== 'user') return null;
  const text = textOf(last.content);
  const engine = options.engine ?? getEngine();
  const c = engine.classify(text, { pageLang: options.pageLang, today: options.today });
  const state = dialogueState(prompt);
  const amend = (pending: Pending) => amendedSlots(text, pending, { lang: c.lang, today: options.today, countOf });
  const act = actOf(text, c, state.pending, amend);
  const action = decide(act.kind, state);
  const pending = state.pending;
  const one = (
    intent: IntentId,
    toolName: IntentId | 'clarify' | 'end_conversation',
    input: Record<string, unknown>,
    followUp = false,
  ): Understanding => ({
    classification: c,
    intent,
    toolName,
    input,
    followUp,
    act: act.kind,
    more: [],
  });
  switch (action) {
    case 'end':
      return one('abuse', 'end_conversation', {});
    case 'calm':
      return one('abuse', 'abuse', {});
    case 'repeatWithSlots': {
      const slots = act.kind === 'amend' ? act.slots : {};
      const merged: Record<string, unknown> = { ...pending!.input, ...toolInput(pending!.intent, slots) };
      // A count replaces a monthly amount and the other way round: the plan is made by one of them.
      if (slots.count !== undefined && slots.rate === undefined) delete merged.rate;
      if (slots.rate !== undefined) delete merged.count;
      return one(pending!.intent, pending!.intent, merged, true);
    }
    case 'carryOut':
      return one('affirm', 'affirm', { intent: pending!.intent, slots: pending!.input }, true);
    case 'withdraw':
      return one('deny', 'deny', { intent: pending!.intent }, true);
    case 'askWhat':
      return one(act.kind === 'deny' ? 'deny' : 'affirm', act.kind === 'deny' ? 'deny' : 'affirm', {});
    case 'explain':
      return one('explain_costs', 'explain_costs', {}, true);
    case 'answerWishes':
      break;
  }
  if (c.clarify) {
    const alternatives = (c.alternatives.length > 0 ? c.alternatives.map((a) => a.intent) : [c.intent]).slice(0, 3);
    return { ...one(c.intent, 'clarify', { alternatives }), act: 'wish' };
  }
  // Every wish of the message, in the order said, each with the slots of its own clause.
  const calls = (c.wishes.length > 0 ? c.wishes : [{ intent: c.intent, slots: c.slots, position: -1 }]).map(
    (wish, index) => {
      const slots: Slots & { count?: number } = { ...(wish.slots ?? (index === 0 ? c.slots : {})) };
      const count = countOf(
        wish.position !== undefined && wish.position >= 0 && c.wishes.length > 1
          ? clauseText(text, c, wish.intent)
          : text,
      );
      if (count !== undefined) slots.count = count;
      return { toolName: wish.intent, input: toolInput(wish.intent, slots) };
    },
  );
  const [first, ...more] = calls;
  return {
    classification: c,
    intent: first!.toolName,
    toolName: first!.toolName,
    input: first!.input,
    followUp: false,
    act: act.kind,
    more,
  };
}

/** The clause of a message that says a wish (for its count), or the whole message. */
function clauseText(text: string, c: Classification, intent: IntentId): string {
  const wish = c.wishes.find((w) => w.intent === intent);
  if (!wish || wish.position === undefined || wish.position < 0) return text;
  return splitClauses(text, c.lang)[wish.position] ?? text;
}

let callCounter = 0;

/** A tool call of the embedded engine: which tool, with which input. */
export interface EngineToolCall {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
}

/**
 * The tool calls that answer the latest message of a prompt (none once the tools have answered),
 * limited to the tools offered. Shared by the model below and the turn that runs the engine
 * without the SDK's streams (server/assistant/embedded-answer.ts).
 */
export function engineToolCalls(
  prompt: LanguageModelV3Prompt,
  model: EmbeddedModelOptions,
  offered: (toolName: string) => boolean = () => true,
): EngineToolCall[] {
  const last = prompt[prompt.length - 1];
  // The tools have answered this turn: nothing to add.
  if (!last || last.role !== 'user') return [];
  const understood = understand(prompt, model);
  if (!understood) return [];
  model.onUnderstood?.(understood);
  const calls = [{ toolName: understood.toolName as string, input: understood.input }, ...understood.more];
  return calls
    .filter((call) => offered(call.toolName))
    .map((call) => ({
      toolCallId: `embedded-${Date.now().toString(36)}-${(callCounter++).toString(36)}`,
      toolName: call.toolName,
      input: call.input,
    }));
}

function answer(options: LanguageModelV3CallOptions, model: EmbeddedModelOptions): LanguageModelV3Content[] {
  const offered = (name: string) => !options.tools || options.tools.some((t) => t.name === name);
  return engineToolCalls(options.prompt, model, offered).map((call) => ({
    type: 'tool-call' as const,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: JSON.stringify(call.input),
  }));
}

/** The embedded engine as a language model of the `ai` SDK. */
export function embeddedModel(options: EmbeddedModelOptions): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'portal',
    modelId: 'embedded-intent-engine',
    supportedUrls: {},
    async doGenerate(call) {
      const content = answer(call, options);
      return {
        content,
        finishReason: { unified: content.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
    async doStream(call) {
      const content = answer(call, options);
      const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      for (const part of content) if (part.type === 'tool-call') parts.push(part);
      parts.push({
        type: 'finish',
        usage,
        finishReason: { unified: content.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
      });
      return {
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
