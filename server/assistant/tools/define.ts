/**
 * How an intent becomes a tool of the `ai` SDK: its description for a language model, its input
 * schema (the intent's slots), and an `execute` that first applies the login level of the
 * catalogue and then the tool's own file rules. Each tool file of this folder is one call of
 * `intentTool`; `createTools` (index.ts) binds them all to one turn's context.
 */
import { tool, zodSchema, type Tool } from 'ai';
import type { z } from 'zod';
import type { IntentId } from '../../../intents/catalogue.ts';
import type { Slots } from '../../../intents/slots/index.ts';
import { levelGate, linkOf, slotSchema, type ToolContext } from './context.ts';
import type { ToolResult } from './results.ts';

export type IntentTool = (ctx: ToolContext) => Tool<Slots, ToolResult>;

export function intentTool(
  intent: IntentId,
  description: string,
  run: (ctx: ToolContext, input: Slots & { count?: number }) => Promise<ToolResult> | ToolResult,
  schema: z.ZodType<Slots & { count?: number }> = slotSchema(intent) as z.ZodType<Slots>,
): IntentTool {
  // Wrapped once per tool, not per turn: the SDK converts a bare zod schema into JSON Schema on
  // every call of the model, a wrapped one once (issue 28: a tenth of a chat turn's CPU).
  const inputSchema = zodSchema(schema);
  return (ctx) =>
    tool({
      description,
      inputSchema,
      execute: async (input: Slots & { count?: number }): Promise<ToolResult> =>
        levelGate(ctx, intent, input) ?? (await run(ctx, input)),
    }) as Tool<Slots, ToolResult>;
}

/** A tool whose answer is the deep link into its classic screen with the slots given. */
export function linkTool(intent: IntentId, description: string): IntentTool {
  return intentTool(intent, description, (_ctx, input) => ({
    kind: 'link',
    intent,
    href: linkOf(intent, input)!,
    slots: Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<
      string,
      string | number
    >,
  }));
}
