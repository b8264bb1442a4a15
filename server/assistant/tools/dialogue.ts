/**
 * The dialogue acts as tools (decision 070): "ok" carries out the last proposal or offer, "no"
 * withdraws it, and abuse after a calm answer ends the conversation politely. The dialogue layer
 * (intents/dialogue) says which act a message is and what it acts on; these tools run the intent's
 * own tool again with the slots of the last proposal, so the figures, the login level and the
 * file's rules are checked now, exactly as when it was proposed.
 */
import { tool, zodSchema, type Tool } from 'ai';
import { z } from 'zod';
import { INTENT_IDS, type IntentId } from '../../../intents/catalogue.ts';
import { allowedAlternatives, slotFields, type ToolContext } from './context.ts';
import type { ToolResult } from './results.ts';

const intentId = z.enum(INTENT_IDS as [IntentId, ...IntentId[]]);
const actInput = z.object({
  intent: intentId.optional().describe('the intent of the last proposal or offer of the conversation'),
  slots: z
    .object({ ...slotFields, count: z.number().int().min(2).max(48).optional() })
    .partial()
    .optional()
    .describe('the slots of the last proposal'),
});
type ActInput = z.infer<typeof actInput>;
/** Converted to JSON Schema once, not per turn (define.ts). */
const actSchema = zodSchema(actInput);
const noInput = zodSchema(z.object({}).strict());

/** A tool of the same turn, by intent: what "ok" runs again. */
export type RunIntent = (intent: IntentId, slots: Record<string, unknown>) => Promise<ToolResult>;

const nothingPending = async (ctx: ToolContext, intent: IntentId): Promise<ToolResult> => ({
  kind: 'answer',
  intent,
  topic: 'nothingPending',
  href: null,
  alternatives: await allowedAlternatives(ctx, intent),
});

/** The result of the intent's tool, as "ok" to it: a proposal or a link becomes the screen to open; a form, a refusal or a step-up stays as it is. */
export function carriedOut(intent: IntentId, result: ToolResult): ToolResult {
  switch (result.kind) {
    case 'proposal':
      return {
        kind: 'carryOut',
        intent,
        href: result.href,
        plan: {
          currency: result.currency,
          rateMinor: result.rateMinor,
          count: result.count,
          firstDueOn: result.firstDueOn,
        },
        slots: {},
      };
    case 'link':
      return { kind: 'carryOut', intent, href: result.href, plan: null, slots: result.slots };
    default:
      return result;
  }
}

export function affirmTool(ctx: ToolContext, run: RunIntent): Tool<ActInput, ToolResult> {
  return tool({
    description:
      'The debtor agrees ("ok", "yes, do it") to the last proposal or offer: carries it out as far as the portal allows (the screen or form for exactly that plan).',
    inputSchema: actSchema,
    execute: async ({ intent, slots }): Promise<ToolResult> => {
      if (!intent || intent === 'affirm' || intent === 'deny') return nothingPending(ctx, 'affirm');
      return carriedOut(intent, await run(intent, slots ?? {}));
    },
  });
}

export function denyTool(ctx: ToolContext): Tool<ActInput, ToolResult> {
  return tool({
    description:
      'The debtor declines ("no", "not that") the last proposal or offer: withdraws it and asks what fits instead.',
    inputSchema: actSchema,
    execute: async ({ intent }): Promise<ToolResult> => {
      if (!intent || intent === 'affirm' || intent === 'deny') return nothingPending(ctx, 'deny');
      return { kind: 'withdrawn', intent, alternatives: await allowedAlternatives(ctx, intent) };
    },
  });
}

export function endConversationTool(): Tool<Record<string, never>, ToolResult> {
  return tool({
    description: 'Abuse again after a calm answer: end the conversation politely, offering a person.',
    inputSchema: noInput,
    execute: async (): Promise<ToolResult> => ({ kind: 'ended' }),
  });
}
