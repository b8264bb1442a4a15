/**
 * One turn of the assistant: the debtor's message appended to the stored conversation, the
 * intents' tools called (by the embedded engine directly, decision 107, or by the configured
 * language model in one `streamText` call with the embedded engine behind it), the answer
 * written as UI message chunks, then the conversation saved and the turn recorded in the intent
 * log (anonymised there), in one statement (decision 114).
 *
 * The chat resource route streams the chunks to the pane as its event stream (`turnEventStream`);
 * the no-JavaScript page (/chatbot) drops them and renders the stored conversation.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { convertToModelMessages, stepCountIs, streamText, type UIMessage, type UIMessageChunk } from 'ai';
import { randomBytes } from 'node:crypto';
import { CATALOGUE, isIntentId, type IntentId, type Lang } from '../../intents/catalogue.ts';
import { embeddedAnswer } from './embedded-answer.ts';
import { embeddedModel, type EmbeddedModelOptions, type Understanding } from './engine-model.ts';
import { configuredModel, systemPrompt, withFallback, type LlmSettings } from './llm.ts';
import { createTools, type ToolResult } from './tools/index.ts';
import type { ActiveSession } from '../auth/session.ts';
import { todayForVariant } from '../dates.ts';
import type { Database } from '../db/client.ts';
import type { Variant } from '../variants/config.ts';
import type { Conversation } from './conversations.ts';
import { beginTurnRead, turnKnownValues } from './tools/actions.ts';
import type { ToolContext } from './tools/context.ts';
import { serverEngine } from './engine.ts';
import { recordTurn, type TurnOutcome } from './intent-log.ts';

export const maxMessageChars = 1000;

export interface TurnRequest {
  db: Database;
  session: Pick<ActiveSession, 'idHash' | 'fileId' | 'debtorId' | 'level'> | null;
  variant: Variant;
  language: Lang;
  text: string;
  conversation: Conversation;
  settings: LlmSettings & { ASSISTANT_TIMEOUT_MS?: number };
  /** A model to use instead of the configured one (tests: the SDK's mock model). */
  model?: LanguageModelV3;
  now?: Date;
}

/** What the pane needs to know of an answer besides its parts: the language it is worded in. */
export interface AnswerMetadata {
  /**
   * The language of the debtor's message when it is not the page's and the variant offers it: the
   * answer is worded in it, with an offer to switch the page (issue 14). Absent: the page's language.
   */
  replyLang?: Lang;
}

/**
 * The language to answer in: the message's main language (decision 071) when the variant offers
 * it, otherwise the page's; a short message keeps the page's unless its words belong to another
 * language only ("muchas gracias", "dale").
 */
export function replyLanguage(text: string, pageLang: Lang, offered: readonly string[]): Lang {
  const detected = serverEngine().detect(text, pageLang);
  return detected.source === 'detected' && offered.includes(detected.lang) ? detected.lang : pageLang;
}

export interface TurnSummary {
  intent: IntentId | 'clarify';
  outcome: TurnOutcome;
  engine: 'embedded' | 'model';
  messages: UIMessage[];
}

const newId = () => randomBytes(12).toString('hex');

function outcomeOf(result: ToolResult | undefined, intent: IntentId | 'clarify'): TurnOutcome {
  if (!result) return 'answered';
  switch (result.kind) {
    case 'clarify':
      return 'clarified';
    case 'refused':
      return 'refused';
    case 'stepUp':
    case 'signIn':
      return 'stepUpAsked';
    case 'link':
    case 'form':
      return intent === 'callback' ? 'handedToPerson' : 'linkOffered';
    case 'proposal':
    case 'carryOut':
    case 'explain':
    case 'offers':
      // The proposal's button leads into the checkout step, prefilled; an explanation to its page.
      return 'linkOffered';
    case 'ended':
    case 'hardship':
    case 'abuse':
      // These answers offer a person (callback and phone) in the answer itself.
      return 'handedToPerson';
    default:
      return intent === 'human_agent' ? 'handedToPerson' : 'answered';
  }
}

/** How often the conversation so far was answered as abuse (the third time ends it). */
export function abuseStrikes(messages: readonly UIMessage[]): number {
  // One per answer: a model that calls the tool twice in one answer was told once.
  return messages.filter((m) => m.role === 'assistant' && toolParts(m).some((p) => p.output?.kind === 'abuse')).length;
}

/** Whether the conversation was ended after repeated abuse: no further turn is answered. */
export function conversationEnded(messages: readonly UIMessage[]): boolean {
  return messages.some(
    (m) => m.role === 'assistant' && toolParts(m).some((p) => p.output?.kind === 'abuse' && p.output.ended),
  );
}

/** The support hours as plain text for the model's instructions (weekdays as ISO numbers, times as set). */
function hoursText(variant: Variant): string {
  const names = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return variant.support.hours.days.map((d) => `${names[d.weekday]} ${d.open}–${d.close}`).join(', ');
}

/** Tool parts of a UI message: `tool-<name>` with the tool's output once it answered. */
export function toolParts(message: UIMessage): Array<{ name: string; output?: ToolResult }> {
  return message.parts
    .filter((part) => part.type.startsWith('tool-'))
    .map((part) => ({
      name: part.type.slice(5),
      output: (part as { output?: ToolResult }).output,
    }));
}

/** Where a turn writes its answer's chunks, in order. */
export type ChunkSink = (chunk: UIMessageChunk) => void;

/** A turn under way: `played` when its answer is written to its end, `done` when it is saved and logged too. */
export interface PlayedTurn {
  /**
   * Settles once the answer's last chunk is written: with the embedded engine after the turn was
   * saved and logged (a later message then reads it), with a language model when its stream ends.
   * Rejects when the answer itself failed.
   */
  played: Promise<void>;
  done: Promise<TurnSummary>;
}

/**
 * One turn, its answer's chunks handed to `write` as they come (a sink that throws, a reader gone,
 * does not stop the turn: it is still answered, saved and logged). The chat route writes them
 * into its event stream (`turnEventStream`), the no-JavaScript page drops them, tests keep them.
 */
export function playTurn(request: TurnRequest, write: ChunkSink): PlayedTurn {
  const started = Date.now();
  const today = todayForVariant(request.variant.id, request.now);
  // NUL never belongs in a message, and PostgreSQL refuses it in text and JSON: the stored
  // conversation would fail (a 500 found by the hostile-input properties of issue 18).
  const text = request.text.replaceAll('\u0000', '').slice(0, maxMessageChars);
  let understood: Understanding | null = null;
  let fellBack = false;
  const engine = serverEngine();
  const embeddedOptions: EmbeddedModelOptions = {
    engine,
    pageLang: request.language,
    today,
    onUnderstood: (u) => {
      understood = u;
    },
  };
  const llm = request.model ?? configuredModel(request.settings);
  const toolContext: ToolContext = {
    db: request.db,
    session: request.session,
    variant: request.variant,
    language: request.language,
    today,
    conversation: { abuseStrikes: abuseStrikes(request.conversation.messages as UIMessage[]) },
  };
  const tools = createTools(toolContext);
  // The file, the debtor's other files and the known values in one statement, read while the
  // message is classified: the tools and the intent log's anonymiser take them from there.
  beginTurnRead(toolContext);
  const replyLang = replyLanguage(text, request.language, request.variant.languages);
  const metadata: AnswerMetadata = replyLang === request.language ? {} : { replyLang };
  const userMessage: UIMessage = { id: newId(), role: 'user', parts: [{ type: 'text', text }] };
  const messages = [...(request.conversation.messages as UIMessage[]), userMessage];

  let resolveDone!: (summary: TurnSummary) => void;
  let rejectDone!: (error: unknown) => void;
  const done = new Promise<TurnSummary>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // A caller that only streams never awaits `done`: its failure must not be an unhandled rejection.
  done.catch(() => {});

  const finish = async (all: UIMessage[], responseMessage: UIMessage): Promise<void> => {
    try {
      const used: TurnSummary['engine'] = llm && !fellBack ? 'model' : 'embedded';
      const parts = toolParts(responseMessage);
      const first = parts[0];
      const u = understood as Understanding | null;
      // The end of an abusive conversation is logged as the abuse it answers.
      const intent: IntentId | 'clarify' =
        (u?.toolName === 'end_conversation' ? 'abuse' : u?.toolName) ??
        (first && (isIntentId(first.name) || first.name === 'clarify') ? first.name : 'out_of_scope');
      const classification = u?.classification ?? engine.classify(text, { pageLang: request.language, today });
      const outcome = outcomeOf(first?.output, intent);
      const slots = Object.fromEntries(
        Object.entries(u?.input ?? {})
          .filter(([key]) => key !== 'alternatives')
          .map(([key, value]) => [key, String(value)]),
      );
      // The conversation is saved in the same statement as the turn's row (one round trip).
      await recordTurn(
        request.db,
        {
          conversationId: request.conversation.id,
          variant: request.variant.id,
          language: classification.lang,
          text,
          // The debtor's own stored values, read from the session's file on the server:
          // every door that runs a turn removes them (issue 27).
          known: await turnKnownValues(toolContext),
          intent: intent === 'clarify' ? (u?.intent ?? classification.intent) : intent,
          confidence: classification.confidence,
          engine: used,
          slots,
          actionOffered: first?.output && 'href' in first.output ? (first.output.href as string | null) : null,
          outcome,
          refusalReason: first?.output?.kind === 'refused' ? first.output.reason : undefined,
          latencyMs: Date.now() - started,
        },
        {
          id: request.conversation.id,
          owner: { sessionKey: request.session?.idHash ?? null, variant: request.variant.id },
          messages: all,
        },
      );
      resolveDone({ intent, outcome, engine: used, messages: all });
    } catch (error) {
      rejectDone(error);
    }
  };

  // The reader may have gone (the debtor closed the page): the turn is still read to its end,
  // saved and logged, and what is written for it goes nowhere.
  const enqueue: ChunkSink = (chunk) => {
    try {
      write(chunk);
    } catch {
      // the reader was cancelled
    }
  };
  const played = (async () => {
    try {
      const modelMessages = await convertToModelMessages(messages, { tools });
      if (!llm) {
        // The embedded engine alone: its tool calls run and are written without the SDK's
        // streams (decision 107); the turn is saved before the answer ends, as below.
        const responseMessage = await embeddedAnswer({
          engine: embeddedOptions,
          tools,
          modelMessages,
          messageId: newId(),
          metadata: metadata.replyLang ? { ...metadata } : undefined,
          write: enqueue,
        });
        await finish([...messages, responseMessage], responseMessage);
        return;
      }
      // A language model, with the embedded engine behind it when it fails or is late.
      const model = withFallback(
        llm,
        embeddedModel(embeddedOptions),
        request.settings.ASSISTANT_TIMEOUT_MS ?? 4000,
        () => {
          fellBack = true;
        },
      );
      const result = streamText({
        model,
        system: systemPrompt({
          language: request.language,
          brand: request.variant.brand.name,
          signedIn: request.session !== null,
          support: { phone: request.variant.support.phone, hours: hoursText(request.variant) },
        }),
        messages: modelMessages,
        tools,
        // A language model may look up more than one tool before it answers.
        stopWhen: stepCountIs(4),
        maxRetries: 0,
      });
      const ui = result.toUIMessageStream<UIMessage>({
        originalMessages: messages,
        generateMessageId: newId,
        messageMetadata: ({ part }) => (part.type === 'start' && metadata.replyLang ? metadata : undefined),
        onError: () => 'error',
        onFinish: ({ messages: all, responseMessage }) => finish(all, responseMessage),
      });
      // Read to the end whatever the reader does: `onFinish` above saves and logs the turn only
      // once the SDK's stream has been read through.
      const reader = ui.getReader();
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        enqueue(next.value);
      }
    } catch (error) {
      rejectDone(error);
      throw error;
    }
  })();
  return { played, done };
}

/**
 * A turn's answer as a stream of UI message chunks, closed once the answer is written (tests, and
 * callers that read the chunks themselves).
 */
export function runTurn(request: TurnRequest): { stream: ReadableStream<UIMessageChunk>; done: Promise<TurnSummary> } {
  let controller!: ReadableStreamDefaultController<UIMessageChunk>;
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      controller = c;
    },
  });
  const { played, done } = playTurn(request, (chunk) => controller.enqueue(chunk));
  played.then(
    () => quietly(() => controller.close()),
    (error: unknown) => quietly(() => controller.error(error)),
  );
  return { stream, done };
}

/** Runs `act`; a stream already cancelled or closed by its reader throws, which changes nothing here. */
function quietly(act: () => void): void {
  try {
    act();
  } catch {
    // the stream was cancelled
  }
}

/**
 * A turn's answer as the pane's event stream (the SDK's UI message stream protocol: each chunk a
 * `data:` event of its JSON, then `data: [DONE]`), written straight into one byte stream. The
 * SDK's `createUIMessageStreamResponse` pipes the chunks through two more web streams (JSON to
 * event, text to bytes), each a promise and a queue per chunk: 10 to 13 % of a chat request's CPU
 * (issue 28). tests/routes/assistant-chat.test.ts holds the bytes and headers to the SDK's.
 */
export function turnEventStream(request: TurnRequest): {
  body: ReadableStream<Uint8Array>;
  done: Promise<TurnSummary>;
} {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const event = (data: string) => controller.enqueue(Buffer.from(`data: ${data}\n\n`));
  const { played, done } = playTurn(request, (chunk) => event(JSON.stringify(chunk)));
  played.then(
    () =>
      quietly(() => {
        event('[DONE]');
        controller.close();
      }),
    (error: unknown) => quietly(() => controller.error(error)),
  );
  return { body, done };
}

/** The intents a file's situation suggests first (the pane's chips), from the catalogue's ids. */
export function isKnownIntent(value: string): value is IntentId {
  return Object.hasOwn(CATALOGUE, value);
}
