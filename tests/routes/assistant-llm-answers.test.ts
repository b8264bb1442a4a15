/**
 * The optional language model (issue 26 item 7) with the SDK's mock model: it gets the same
 * tools and the same conversation state as the embedded engine (a hardship or abuse tool call
 * answers with the same result; the third abuse ends the conversation), its instructions cover
 * hardship, tone and what it may promise, and the embedded engine stays the fallback.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { UIMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../../server/assistant/tools/index.ts';
import { systemPrompt } from '../../server/assistant/llm.ts';
import { openConversation } from '#server/assistant/conversations.ts';
import { abuseStrikes, conversationEnded, runTurn } from '#server/assistant/turn.ts';
import { loadFileFacts } from '#server/claims/facts.ts';
import { variants } from '#server/variants/config.ts';
import { finishPart } from '../helpers/mock-model.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf } = demoFiles(database);

/**
 * A mock model that answers the debtor's message with one tool call (the model's choice of tool),
 * and once the tool's result is the last message, with a short text (as a model would).
 */
function callingModel(toolName: string, input: object = {}) {
  return new MockLanguageModelV3({
    doStream: async (call) => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          if (call.prompt[call.prompt.length - 1]?.role === 'tool') {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Gern.' });
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue(finishPart('stop'));
            controller.close();
            return;
          }
          controller.enqueue({
            type: 'tool-call',
            toolCallId: `c-${Math.random()}`,
            toolName,
            input: JSON.stringify(input),
          });
          controller.enqueue(finishPart('tool-calls'));
          controller.close();
        },
      }),
    }),
  });
}

async function turn(model: MockLanguageModelV3, text: string, refno: string, messages: UIMessage[] = []) {
  const file = await fileOf(refno);
  const conversation = await openConversation(database.db, null, null);
  conversation.messages = messages;
  const run = runTurn({
    db: database.db,
    session: { idHash: 'y'.repeat(64), fileId: file.id, debtorId: file.debtorId, level: 'full' },
    variant: variants.de,
    language: 'de',
    text,
    conversation,
    settings: { ASSISTANT_TIMEOUT_MS: 2000 },
    model,
  });
  const reader = run.stream.getReader();
  const outputs: ToolResult[] = [];
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    const chunk = next.value as unknown as { type: string; output?: ToolResult };
    if (chunk.type === 'tool-output-available' && chunk.output) outputs.push(chunk.output);
  }
  return { outputs, summary: await run.done };
}

describe('the language model with the same tools and state', () => {
  it('a hardship tool call answers with the relief, the page and a person, logged as handed to a person', async () => {
    const model = callingModel('hardship');
    const { outputs, summary } = await turn(model, 'ich habe meinen Job verloren', '100000001');
    expect(outputs[0]).toMatchObject({ kind: 'hardship', href: '/service/hardship' });
    if (outputs[0]?.kind !== 'hardship') throw new Error('no hardship answer');
    expect(outputs[0].relief.map((r) => r.kind)).toEqual(['deferral', 'lowerInstalment']);
    expect(summary).toMatchObject({ engine: 'model', intent: 'hardship', outcome: 'handedToPerson' });
    // The instructions the model got cover hardship, tone and promises, with the variant's phone.
    const system = String(model.doStreamCalls[0]!.prompt.find((m) => m.role === 'system')?.content);
    expect(system).toMatch(/Hardship: .*call `hardship` at once \(never `clarify`\)/);
    expect(system).toContain(variants.de.support.phone);
    expect(system).toMatch(/Tone: calm, respectful/);
    expect(system).toMatch(/You cannot waive, reduce or forgive any amount/);
  });

  it('counts abuse over the conversation: the third tool call ends it', async () => {
    const model = callingModel('abuse');
    const first = await turn(model, 'ihr seid verbrecher', '100000001');
    expect(first.outputs[0]).toMatchObject({ kind: 'abuse', strike: 1, ended: false });
    expect(abuseStrikes(first.summary.messages)).toBe(1);
    const second = await turn(model, 'verbrecher!!', '100000001', first.summary.messages);
    expect(second.outputs[0]).toMatchObject({ kind: 'abuse', strike: 2, ended: false });
    const third = await turn(model, 'verbrecher!!!', '100000001', second.summary.messages);
    expect(third.outputs[0]).toMatchObject({ kind: 'abuse', strike: 3, ended: true });
    expect(conversationEnded(third.summary.messages)).toBe(true);
    expect(conversationEnded(second.summary.messages)).toBe(false);
  });

  it('an explain_costs call by the model gets the claim information’s figures', async () => {
    const file = await fileOf('100000001');
    const facts = (await loadFileFacts(database.db, file.id))!;
    const { outputs } = await turn(callingModel('explain_costs'), 'what are the 145 euros costs for', '100000001');
    expect(outputs[0]).toMatchObject({
      kind: 'explain',
      costsMinor: facts.costsMinor,
      mainClaimMinor: facts.mainClaimMinor,
    });
  });

  it('falls back to the embedded engine when the model fails', async () => {
    const model = new MockLanguageModelV3({
      doStream: async () => {
        throw new Error('endpoint down');
      },
    });
    const { summary } = await turn(model, 'wie viel muss ich zahlen', '100000001');
    expect(summary.engine).toBe('embedded');
    expect(summary.intent).toBe('claim_balance');
  });

  it('the prompt without a support line still names a person through the tools', () => {
    expect(systemPrompt({ language: 'de', brand: 'Clarus Inkasso', signedIn: false })).toMatch(/tool `human_agent`/);
  });
});
