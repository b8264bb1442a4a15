/**
 * The `ai` SDK's mock language model, answering as a model would that calls the portal's tools
 * (tests of the assistant's language-model path).
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/** The end of a model's answer; the token counts are not read. */
export function finishPart(reason: 'stop' | 'tool-calls'): LanguageModelV3StreamPart {
  return {
    type: 'finish',
    finishReason: { unified: reason, raw: undefined },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
  };
}

/** A model whose every answer is one call of `toolName` with `input`. */
export function toolCallModel(toolName: string, input: object = {}): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'tool-call', toolCallId: 'c1', toolName, input: JSON.stringify(input) });
          controller.enqueue(finishPart('tool-calls'));
          controller.close();
        },
      }),
    }),
  });
}
