/**
 * Plain answers for four intents of issue 26 (hardship, explain_costs, who_we_are, abuse) until
 * their answers in sentences from the file's facts land (another branch writes those): hardship
 * and abuse answer with a person in the answer itself, never a clarifying question; the costs
 * are explained with the claim's breakdown; who we are names the brand and links the legal notice.
 */
import { allowedAlternatives } from './context.ts';
import { intentTool } from './define.ts';
import claimBalance from './claim-balance.ts';
import type { ToolResult } from './results.ts';

export const hardship = intentTool(
  'hardship',
  'The debtor is in hardship (job loss, illness, bereavement, no money): acknowledge it, offer the relief the file allows and a person.',
  async (ctx) => ({
    kind: 'answer',
    intent: 'hardship',
    topic: 'hardship',
    href: null,
    alternatives: await allowedAlternatives(ctx, 'hardship'),
  }),
);

export const explainCosts = intentTool(
  'explain_costs',
  'What the costs, the interest and the amount are made of: the claim with its breakdown.',
  async (ctx, input) => {
    return (await claimBalance(ctx).execute!(input, { toolCallId: 'explain_costs', messages: [] })) as ToolResult;
  },
);

export const whoWeAre = intentTool(
  'who_we_are',
  'Who the agency and the creditor are, and how to check the letter is genuine.',
  () => ({ kind: 'answer', intent: 'who_we_are', topic: 'whoWeAre', href: '/legal-notice', alternatives: [] }),
);

export const abuse = intentTool(
  'abuse',
  'Insults or threats: a calm answer without judgement that offers a person.',
  () => ({ kind: 'answer', intent: 'abuse', topic: 'abuse', href: null, alternatives: [] }),
);
