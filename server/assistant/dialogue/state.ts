/**
 * The state of a conversation (decision 070): what the debtor can say "ok", "no", "make it 80" or
 * "why?" to. It is a projection of the conversation kept on the server (decision 039): the tool
 * calls of the earlier turns with their inputs and results, so the state can never drift from
 * what the debtor was shown, and it is the same for the pane and the no-JavaScript page.
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { isIntentId, type IntentId } from '../../../intents/catalogue.ts';
import type { Pending as PendingWish } from '../../../intents/dialogue/acts.ts';
import type { ToolResult } from '../tools/results.ts';

/** The last proposal, offer or question: the intent it was for, the slots it was made with, what was shown. */
export interface Pending extends PendingWish {
  result: ToolResult | null;
}

export interface DialogueState {
  /** What "ok" would carry out and "no" would withdraw; null when nothing is open. */
  pending: Pending | null;
  /** The slots given so far, per intent (later ones over earlier ones). */
  given: Partial<Record<IntentId, Record<string, unknown>>>;
  /** The screens offered so far (deep links without the base path), oldest first. */
  offered: string[];
  /** Abusive messages in a row just before this one (answered calmly or with the end). */
  abuseInARow: number;
}

export const emptyState = (): DialogueState => ({ pending: null, given: {}, offered: [], abuseInARow: 0 });

/** Results a debtor can agree to or decline: a plan, a screen, a form, a question. */
const OPEN_KINDS: ReadonlySet<ToolResult['kind']> = new Set(['proposal', 'link', 'form', 'clarify', 'carryOut']);
/** Tools whose turn leaves the open offer as it was (a greeting or a thank-you in between). */
const NEUTRAL: ReadonlySet<string> = new Set(['greeting', 'thanks_goodbye', 'explain_costs', 'who_we_are']);

function parse(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return {};
  }
}

/** A tool result of the prompt as the tool returned it. */
function resultOf(output: unknown): ToolResult | null {
  const o = output as { type?: string; value?: unknown } | undefined;
  const value = o && (o.type === 'json' || o.type === 'text') ? parse(o.value) : null;
  return value && typeof value === 'object' && 'kind' in value ? (value as ToolResult) : null;
}

/** One step of the conversation: a tool call with its input and (once it answered) its result. */
interface Step {
  toolName: string;
  input: Record<string, unknown>;
  result: ToolResult | null;
}

/** The tool calls of every earlier turn (the latest user message excluded), in order, grouped by turn. */
function turnsOf(prompt: LanguageModelV3Prompt): Step[][] {
  const turns: Step[][] = [];
  const byId = new Map<string, Step>();
  const end = prompt[prompt.length - 1]?.role === 'user' ? prompt.length - 1 : prompt.length;
  for (let i = 0; i < end; i++) {
    const message = prompt[i]!;
    if (message.role === 'user') turns.push([]);
    else if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type !== 'tool-call') continue;
        const step: Step = {
          toolName: part.toolName,
          input: (parse(part.input) as Record<string, unknown>) ?? {},
          result: null,
        };
        byId.set(part.toolCallId, step);
        if (turns.length === 0) turns.push([]);
        turns[turns.length - 1]!.push(step);
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const step = byId.get(part.toolCallId);
        if (step) step.result = resultOf(part.output);
      }
    }
  }
  return turns;
}

/** The state after the earlier turns of a prompt (the one the latest message is answered in). */
export function dialogueState(prompt: LanguageModelV3Prompt): DialogueState {
  const state = emptyState();
  for (const steps of turnsOf(prompt)) {
    let abusive = false;
    for (const step of steps) {
      const { toolName, input, result } = step;
      if (result && 'href' in result && typeof result.href === 'string') state.offered.push(result.href);
      if (toolName === 'abuse' || toolName === 'end_conversation') {
        abusive = true;
        continue;
      }
      if (toolName === 'deny') {
        state.pending = null;
        continue;
      }
      if (toolName === 'affirm') {
        // "ok" leaves the offer open (a second "ok" opens it again); "ok" to nothing changes nothing.
        continue;
      }
      if (toolName === 'clarify') {
        const first = result?.kind === 'clarify' ? result.alternatives[0]?.intent : undefined;
        state.pending = first ? { intent: first, input: {}, result } : null;
        continue;
      }
      if (!isIntentId(toolName)) continue;
      state.given[toolName] = { ...state.given[toolName], ...input };
      if (NEUTRAL.has(toolName)) continue;
      state.pending = result && OPEN_KINDS.has(result.kind) ? { intent: toolName, input, result } : null;
    }
    state.abuseInARow = abusive ? state.abuseInARow + 1 : 0;
  }
  return state;
}
