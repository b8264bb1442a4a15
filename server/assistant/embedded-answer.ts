/**
 * A turn of the embedded engine without the `ai` SDK's streams (decision 107). With no language
 * model configured, `streamText` only relayed the engine's tool calls through a chain of web
 * streams (the model's stream, the tool runner, the UI message stream, the finish handler): about
 * a quarter of a chat turn's CPU. Here the same tools run with the same input validation, and the
 * same UI message chunks are written and the same response message built, directly.
 *
 * `streamText` stays for a configured language model (server/assistant/turn.ts), with the embedded
 * engine behind it as its fallback. tests/routes/assistant-embedded-answer.test.ts holds this
 * path to the SDK's: the same conversations give the same chunks and messages.
 */
import type {
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3TextPart,
  LanguageModelV3ToolCallPart,
  LanguageModelV3ToolResultOutput,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';
import {
  asSchema,
  type ModelMessage,
  type ToolResultPart,
  type ToolSet,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import { engineToolCalls, type EmbeddedModelOptions, type EngineToolCall } from './engine-model.ts';

/** A tool's result as the engine reads it: JSON or text (the tools answer JSON); anything else as none. */
function engineOutput(output: ToolResultPart['output']): LanguageModelV3ToolResultOutput {
  return output.type === 'json' || output.type === 'text' ? output : { type: 'json', value: null };
}

/**
 * The model messages as the engine reads them (the SDK's language-model prompt): text and tool
 * parts, strings as text parts. What else a message may hold (files, reasoning, approvals) the
 * engine never reads, so it is left out.
 */
export function enginePrompt(messages: readonly ModelMessage[]): LanguageModelV3Prompt {
  const text = (content: string): LanguageModelV3TextPart[] => [{ type: 'text', text: content }];
  // A text part as the engine reads it; an empty one is left out, as the SDK leaves it out.
  const textOf = (part: { type: string; text?: string }) => (part.type === 'text' && part.text ? text(part.text) : []);
  return messages.map((message): LanguageModelV3Message => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return {
          role: 'user',
          content: typeof message.content === 'string' ? text(message.content) : message.content.flatMap(textOf),
        };
      case 'assistant':
        return {
          role: 'assistant',
          content:
            typeof message.content === 'string'
              ? text(message.content)
              : message.content.flatMap((part): Array<LanguageModelV3TextPart | LanguageModelV3ToolCallPart> => {
                  if (part.type !== 'tool-call') return textOf(part);
                  const { toolCallId, toolName, input } = part;
                  return [{ type: 'tool-call', toolCallId, toolName, input }];
                }),
        };
      case 'tool':
        return {
          role: 'tool',
          content: message.content.flatMap((part): LanguageModelV3ToolResultPart[] =>
            part.type === 'tool-result'
              ? [
                  {
                    type: 'tool-result',
                    toolCallId: part.toolCallId,
                    toolName: part.toolName,
                    output: engineOutput(part.output),
                  },
                ]
              : [],
          ),
        };
    }
  });
}

type ToolPart = Extract<UIMessage['parts'][number], { type: `tool-${string}` }>;

interface CheckedCall extends EngineToolCall {
  /** Whether the input validated; `input` is then as the tool's schema parsed it (shown, and run with). */
  valid: boolean;
}

/** A call's input validated against its tool's schema, as the SDK validates a model's call. */
async function checked(tools: ToolSet, call: EngineToolCall): Promise<CheckedCall> {
  const tool = tools[call.toolName];
  const schema = tool ? asSchema(tool.inputSchema) : undefined;
  if (!tool?.execute) return { ...call, valid: false };
  if (!schema?.validate) return { ...call, valid: true };
  const result = await schema.validate(call.input);
  return result.success
    ? { ...call, input: result.value as Record<string, unknown>, valid: true }
    : { ...call, valid: false };
}

/** Runs a valid call's tool; undefined output is null (a chunk keeps the field), a throw is no output. */
async function run(tools: ToolSet, call: CheckedCall, messages: ModelMessage[]): Promise<{ output: unknown } | null> {
  if (!call.valid) return null;
  try {
    const output: unknown = await tools[call.toolName]!.execute!(call.input, { toolCallId: call.toolCallId, messages });
    return { output: output === undefined ? null : output };
  } catch {
    return null;
  }
}

export interface EmbeddedAnswerOptions {
  engine: EmbeddedModelOptions;
  tools: ToolSet;
  /** The conversation so far, the debtor's new message last, as model messages. */
  modelMessages: ModelMessage[];
  messageId: string;
  metadata?: Record<string, unknown>;
  /** Called with every chunk, in order. */
  write: (chunk: UIMessageChunk) => void;
}

/**
 * Answers the latest message: writes the UI message chunks (start, the step with each tool call's
 * input and output, finish) and returns the assistant's message as the SDK's stream would have
 * built it. A tool whose input does not validate or that throws answers with an error part, its
 * cause not shown (the SDK's `onError` of the turn).
 */
export async function embeddedAnswer(options: EmbeddedAnswerOptions): Promise<UIMessage> {
  const { tools, write, metadata } = options;
  const offered = (name: string) => Object.hasOwn(tools, name);
  const found = engineToolCalls(enginePrompt(options.modelMessages), options.engine, offered);
  const calls = await Promise.all(found.map((call) => checked(tools, call)));
  write({ type: 'start', ...(metadata ? { messageMetadata: metadata } : {}), messageId: options.messageId });
  write({ type: 'start-step' });
  for (const call of calls) {
    const { toolCallId, toolName, input } = call;
    if (call.valid) write({ type: 'tool-input-available', toolCallId, toolName, input });
    else write({ type: 'tool-input-error', toolCallId, toolName, input, errorText: 'error' });
  }
  // The tools run side by side, as the SDK runs the calls of one step; each output is written as
  // its tool answers (a quick answer is not held back by a slow one), the parts keep the calls' order.
  const parts: UIMessage['parts'] = [{ type: 'step-start' }];
  const settled = await Promise.all(
    calls.map(async (call) => {
      const outcome = await run(tools, call, options.modelMessages);
      const { toolCallId } = call;
      if (outcome) write({ type: 'tool-output-available', toolCallId, output: outcome.output });
      else write({ type: 'tool-output-error', toolCallId, errorText: 'error' });
      return { call, outcome };
    }),
  );
  for (const { call, outcome } of settled) {
    const { toolCallId, input } = call;
    const type = `tool-${call.toolName}` as const;
    parts.push(
      (outcome
        ? { type, toolCallId, state: 'output-available', input, output: outcome.output }
        : { type, toolCallId, state: 'output-error', input, errorText: 'error' }) as ToolPart,
    );
  }
  write({ type: 'finish-step' });
  write({ type: 'finish', finishReason: calls.length > 0 ? 'tool-calls' : 'stop' });
  return { id: options.messageId, role: 'assistant', parts, ...(metadata ? { metadata } : {}) };
}
