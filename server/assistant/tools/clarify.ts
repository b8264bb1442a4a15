import { tool, zodSchema } from 'ai';
import { z } from 'zod';
import { INTENT_IDS, type IntentId } from '../../../intents/catalogue.ts';
import { linkOf } from './context.ts';
import type { ToolResult } from './results.ts';

/**
 * Low confidence: a short question with the two or three likeliest intents as buttons, never a
 * guessed action (intents.md). Not an intent of the catalogue: the engine calls it when it asks.
 */
const inputSchema = zodSchema(
  z.object({
    alternatives: z
      .array(z.enum(INTENT_IDS as [IntentId, ...IntentId[]]))
      .min(1)
      .max(3),
  }),
);

export default () =>
  tool({
    description: 'Ask which of two or three likely wishes the debtor means, instead of guessing.',
    inputSchema,
    execute: async ({ alternatives }): Promise<ToolResult> => ({
      kind: 'clarify',
      alternatives: alternatives.map((intent) => ({ intent, href: linkOf(intent) })),
    }),
  });
