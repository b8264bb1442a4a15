/**
 * The embedded engine's turn without the SDK's streams (decision 107) against the SDK's own path:
 * the same conversations, turn after turn, give the same UI message chunks and the same response
 * messages as `streamText` with the engine as its model and `toUIMessageStream` (what a turn ran
 * before). Ids are random on both sides, so each is compared by the order it first appears in.
 */
import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { convertToModelMessages, stepCountIs, streamText, type UIMessage, type UIMessageChunk } from 'ai';
import { convertToLanguageModelPrompt, standardizePrompt } from 'ai/internal';
import { describe, expect, it } from 'vitest';
import { embeddedAnswer, enginePrompt } from '#server/assistant/embedded-answer.ts';
import { embeddedModel, type EmbeddedModelOptions } from '#server/assistant/engine-model.ts';
import { serverEngine } from '#server/assistant/engine.ts';
import { createTools } from '#server/assistant/tools/index.ts';
import { abuseStrikes } from '#server/assistant/turn.ts';
import { todayForVariant } from '#server/dates.ts';
import { variants } from '#server/variants/config.ts';
import type { Lang } from '../../intents/catalogue.ts';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf } = demoFiles(database);
const today = todayForVariant('de');

interface Asker {
  refno: string | null;
  level?: 'limited' | 'full';
  language?: Lang;
}

async function toolsFor(asker: Asker, messages: UIMessage[]) {
  const file = asker.refno ? await fileOf(asker.refno) : null;
  return createTools({
    db: database.db,
    session: file ? { fileId: file.id, debtorId: file.debtorId, level: asker.level ?? 'full' } : null,
    variant: variants.de,
    language: asker.language ?? 'de',
    today,
    conversation: { abuseStrikes: abuseStrikes(messages) },
  });
}

const engineOptions = (asker: Asker): EmbeddedModelOptions => ({
  engine: serverEngine(),
  pageLang: asker.language ?? 'de',
  today,
});

interface Answer {
  chunks: UIMessageChunk[];
  message: UIMessage;
}

/** The turn as it ran through the SDK: the engine as a model of `streamText`, its UI message stream. */
async function throughSdk(asker: Asker, messages: UIMessage[], metadata?: Record<string, unknown>): Promise<Answer> {
  const tools = await toolsFor(asker, messages);
  let message: UIMessage | undefined;
  const result = streamText({
    model: embeddedModel(engineOptions(asker)),
    messages: await convertToModelMessages(messages, { tools }),
    tools,
    stopWhen: stepCountIs(1),
    maxRetries: 0,
  });
  const chunks: UIMessageChunk[] = [];
  const stream = result.toUIMessageStream<UIMessage>({
    originalMessages: messages,
    generateMessageId: () => 'answer',
    messageMetadata: ({ part }) => (part.type === 'start' && metadata ? metadata : undefined),
    onError: () => 'error',
    onFinish: ({ responseMessage }) => {
      message = responseMessage;
    },
  });
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, message: message! };
}

async function direct(asker: Asker, messages: UIMessage[], metadata?: Record<string, unknown>): Promise<Answer> {
  const tools = await toolsFor(asker, messages);
  const chunks: UIMessageChunk[] = [];
  const message = await embeddedAnswer({
    engine: engineOptions(asker),
    tools,
    modelMessages: await convertToModelMessages(messages, { tools }),
    messageId: 'answer',
    metadata,
    write: (chunk) => chunks.push(chunk),
  });
  return { chunks, message };
}

/**
 * JSON as stored and sent (undefined fields dropped), tool call ids by their order. The outputs of
 * one step come as their tools answer, on both sides: they are compared in the calls' order.
 */
function comparable(answer: Answer): unknown {
  const ids = new Map<string, string>();
  const plain = JSON.parse(JSON.stringify(answer), (key, value: unknown) => {
    if (key !== 'toolCallId' || typeof value !== 'string') return value;
    if (!ids.has(value)) ids.set(value, `call-${ids.size}`);
    return ids.get(value);
  }) as { chunks: Array<{ type: string; toolCallId?: string }> };
  const isOutput = (chunk: { type: string }) => chunk.type.startsWith('tool-output-');
  const outputs = plain.chunks.filter(isOutput).sort((a, b) => a.toolCallId!.localeCompare(b.toolCallId!));
  plain.chunks = plain.chunks.map((chunk) => (isOutput(chunk) ? outputs.shift()! : chunk));
  return plain;
}

const userMessage = (text: string, index: number): UIMessage => ({
  id: `user-${index}`,
  role: 'user',
  parts: [{ type: 'text', text }],
});

/** Runs a conversation both ways, each side on its own history; returns every turn's tool parts. */
async function converse(
  asker: Asker,
  texts: string[],
  metadata?: Record<string, unknown>,
): Promise<Array<Array<{ name: string; output: unknown }>>> {
  let sdkHistory: UIMessage[] = [];
  let directHistory: UIMessage[] = [];
  const answers: Array<Array<{ name: string; output: unknown }>> = [];
  for (const [index, text] of texts.entries()) {
    sdkHistory = [...sdkHistory, userMessage(text, index)];
    directHistory = [...directHistory, userMessage(text, index)];
    const expected = await throughSdk(asker, sdkHistory, metadata);
    const actual = await direct(asker, directHistory, metadata);
    expect(comparable(actual), `turn ${index + 1}: “${text}”`).toEqual(comparable(expected));
    sdkHistory = [...sdkHistory, expected.message];
    directHistory = [...directHistory, actual.message];
    answers.push(
      actual.message.parts.flatMap((part) =>
        part.type.startsWith('tool-')
          ? [{ name: part.type.slice(5), output: (part as { output?: unknown }).output }]
          : [],
      ),
    );
  }
  return answers;
}

describe('the embedded engine’s turn without the SDK’s streams', () => {
  it('answers a debtor’s conversation as the SDK did: a balance, a plan, its amendment, “ok”, “why”', async () => {
    const answers = await converse({ refno: '100000001' }, [
      'wie viel muss ich zahlen',
      'ich möchte in Raten zahlen',
      'und in 6 Raten?',
      'ok, mach das',
      'warum ist das so viel?',
    ]);
    // The conversation went where it should, so the comparison covered real answers.
    expect(answers.map((tools) => tools.map((tool) => tool.name))).toEqual([
      ['claim_balance'],
      ['pay_instalments'],
      ['pay_instalments'],
      ['affirm'],
      ['explain_costs'],
    ]);
  });

  it('answers two wishes in one message, a clarifying question and a refusal the same way', async () => {
    const answers = await converse({ refno: '100000004' }, [
      'Ich möchte in 3 Raten zahlen und meine Adresse ändern',
      'hm',
      'kann ich später zahlen?',
    ]);
    expect(answers[0]!.map((tool) => tool.name)).toEqual(['pay_instalments', 'update_profile']);
  });

  it('answers a reference-only session, a visitor, and an answer in another language with its metadata', async () => {
    await converse({ refno: '100000001', level: 'limited' }, ['ich bin umgezogen, neue Adresse', 'wie viel noch?']);
    await converse({ refno: null }, ['was schulde ich?', 'wer sind Sie?']);
    await converse({ refno: '100000001' }, ['I lost my job and cannot pay'], { replyLang: 'en' });
  });

  it('ends an abusive conversation after the third time, as the SDK did', async () => {
    const answers = await converse({ refno: '100000001' }, ['du Idiot', 'ihr Idioten', 'Idioten seid ihr']);
    expect(
      answers.map((tools) => tools.map((tool) => [tool.name, (tool.output as { ended?: boolean }).ended])),
    ).toEqual([[['abuse', false]], [['abuse', false]], [['abuse', true]]]);
  });
});

describe('enginePrompt', () => {
  it('is the SDK’s language-model prompt of a conversation, as far as the engine reads it', async () => {
    const asker = { refno: '100000001' };
    let history: UIMessage[] = [];
    for (const [index, text] of ['ich möchte in Raten zahlen', 'und in 6 Raten?'].entries()) {
      history = [...history, userMessage(text, index)];
      history = [...history, (await direct(asker, history)).message];
    }
    history = [...history, userMessage('ok', 9)];
    const tools = await toolsFor(asker, history);
    const modelMessages = await convertToModelMessages(history, { tools });
    const sdk: LanguageModelV3Prompt = await convertToLanguageModelPrompt({
      prompt: await standardizePrompt({ messages: modelMessages }),
      supportedUrls: {},
      download: undefined,
    });
    // Without the fields the engine never reads (provider options, undefined flags).
    const plain = (prompt: LanguageModelV3Prompt) =>
      JSON.parse(JSON.stringify(prompt, (key, value: unknown) => (key === 'providerOptions' ? undefined : value)));
    expect(plain(enginePrompt(modelMessages))).toEqual(plain(sdk));
    expect(sdk.some((m) => m.role === 'tool')).toBe(true);
  });
});
