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
import { CATALOGUE, isIntentId, type IntentId, type Lang } from './catalogue.ts';
import type { Classification, Engine } from './engine/classify.ts';
import { getEngine } from './engine/store.ts';
import { extractSlots, type Slots } from './slots/index.ts';

export interface Understanding {
  classification: Classification;
  /** The intent acted on (the previous one for a follow-up) and the tool input given to it. */
  intent: IntentId;
  toolName: IntentId | 'clarify';
  input: Record<string, unknown>;
  followUp: boolean;
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

/** "in 6 Raten", "6 instalments", "en 6 cuotas" …: the number of instalments asked for. */
const COUNT =
  /(?<![\p{L}\p{N}])(\d{1,2})\s*(?:raten|monatsraten|monate[n]?|rates|instal+ments?|payments|months|cuotas|plazos|meses|mensualités|mensualites|mois|versements|rate|mesi|taksit|ay|avbetalningar|delbetalningar|månader|manader)(?![\p{L}\p{N}])/iu;

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

/** The last tool call of an intent before the latest message, with its input. */
function previousCall(prompt: LanguageModelV3Prompt): { intent: IntentId; input: Record<string, unknown> } | null {
  for (let i = prompt.length - 2; i >= 0; i--) {
    const message = prompt[i]!;
    if (message.role !== 'assistant') continue;
    for (const part of [...message.content].reverse()) {
      if (part.type === 'tool-call' && isIntentId(part.toolName)) {
        const input = typeof part.input === 'string' ? safeJson(part.input) : part.input;
        return { intent: part.toolName, input: (input as Record<string, unknown>) ?? {} };
      }
    }
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
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

const SOCIAL: ReadonlySet<IntentId> = new Set(['greeting', 'thanks_goodbye', 'out_of_scope']);

/** What the engine makes of the latest user message of a prompt, in the context of the earlier turns. */
export function understand(prompt: LanguageModelV3Prompt, options: EmbeddedModelOptions): Understanding | null {
  const last = prompt[prompt.length - 1];
  if (!last || last.role !== 'user') return null;
  const text = textOf(last.content);
  const engine = options.engine ?? getEngine();
  const c = engine.classify(text, { pageLang: options.pageLang, today: options.today });
  const count = countOf(text);
  const previous = previousCall(prompt);
  if (previous && (c.clarify || SOCIAL.has(c.intent) || c.intent === previous.intent)) {
    const more: Slots & { count?: number } = extractSlots(text, {
      lang: c.lang,
      intent: previous.intent,
      today: options.today,
    });
    if (count !== undefined && previous.intent === 'pay_instalments') more.count = count;
    if (Object.keys(toolInput(previous.intent, more)).length > 0) {
      const merged: Record<string, unknown> = { ...previous.input, ...toolInput(previous.intent, more) };
      if (more.count !== undefined && more.rate === undefined) delete merged.rate;
      if (more.rate !== undefined) delete merged.count;
      return {
        classification: c,
        intent: previous.intent,
        toolName: previous.intent,
        input: merged,
        followUp: true,
      };
    }
  }
  if (c.clarify) {
    const alternatives = (c.alternatives.length > 0 ? c.alternatives.map((a) => a.intent) : [c.intent]).slice(0, 3);
    return { classification: c, intent: c.intent, toolName: 'clarify', input: { alternatives }, followUp: false };
  }
  const slots: Slots & { count?: number } = { ...c.slots };
  if (count !== undefined) slots.count = count;
  return {
    classification: c,
    intent: c.intent,
    toolName: c.intent,
    input: toolInput(c.intent, slots),
    followUp: false,
  };
}

let callCounter = 0;

function answer(options: LanguageModelV3CallOptions, model: EmbeddedModelOptions): LanguageModelV3Content[] {
  const last = options.prompt[options.prompt.length - 1];
  // The tools have answered this turn: nothing to add.
  if (!last || last.role !== 'user') return [];
  const understood = understand(options.prompt, model);
  if (!understood) return [];
  model.onUnderstood?.(understood);
  const offered = !options.tools || options.tools.some((t) => t.name === understood.toolName);
  if (!offered) return [];
  return [
    {
      type: 'tool-call',
      toolCallId: `embedded-${Date.now().toString(36)}-${(callCounter++).toString(36)}`,
      toolName: understood.toolName,
      input: JSON.stringify(understood.input),
    },
  ];
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
