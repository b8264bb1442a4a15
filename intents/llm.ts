/**
 * The optional large language model (decision 038): an OpenAI-compatible endpoint through the
 * SDK's provider package, chosen when ASSISTANT_MODEL, ASSISTANT_BASE_URL and ASSISTANT_API_KEY
 * are all set. It gets the same tools as the embedded engine and a system prompt that forbids
 * figures of its own. `withFallback` puts the embedded engine behind it: when the endpoint fails,
 * or has not started answering within the timeout, the embedded engine answers the same call.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';

export interface LlmSettings {
  ASSISTANT_MODEL?: string;
  ASSISTANT_BASE_URL?: string;
  ASSISTANT_API_KEY?: string;
}

/** The configured model, or null when any of the three settings is missing. */
export function configuredModel(settings: LlmSettings): LanguageModelV3 | null {
  const { ASSISTANT_MODEL: model, ASSISTANT_BASE_URL: baseURL, ASSISTANT_API_KEY: apiKey } = settings;
  if (!model || !baseURL || !apiKey) return null;
  return createOpenAICompatible({ name: 'assistant', baseURL, apiKey }).chatModel(model);
}

export function systemPrompt(options: { language: string; brand: string; signedIn: boolean }): string {
  return [
    `You are the automated assistant of the ${options.brand} debtor portal. You are not a person; say so when asked.`,
    'Answer briefly, in the language of the debtor’s last message (the page is in ' + options.language + ').',
    'Never state an amount, a date, a fee, a number of instalments or any other figure that a tool did not return in this conversation. Do not estimate, round or compute figures yourself. If you need a figure, call the tool that returns it.',
    'For every wish of the debtor call the one tool that matches it; when you are unsure which, call `clarify` with the two or three likeliest tools.',
    'When a tool result is a refusal, a step-up or a sign-in, say so plainly and offer the alternatives it lists.',
    'Never give legal advice. Offer a person (callback, message or phone) whenever the debtor is unsure or upset.',
    options.signedIn ? 'The debtor is signed in.' : 'The debtor is not signed in; file figures need signing in.',
  ].join('\n');
}

/**
 * The primary model, and the fallback when the primary throws or has not produced its first part
 * within `timeoutMs`. `onFallback` is told why (for the log).
 */
export function withFallback(
  primary: LanguageModelV3,
  fallback: LanguageModelV3,
  timeoutMs: number,
  onFallback: (reason: 'error' | 'timeout') => void = () => {},
): LanguageModelV3 {
  const guarded = async <T>(run: (signal: AbortSignal) => Promise<T>, parent?: AbortSignal): Promise<T> => {
    const controller = new AbortController();
    const abort = () => controller.abort();
    parent?.addEventListener('abort', abort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await Promise.race([
        run(controller.signal),
        new Promise<never>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(new Error('assistant model timed out')), {
            once: true,
          }),
        ),
      ]);
    } catch (error) {
      onFallback(timedOut ? 'timeout' : 'error');
      throw error;
    } finally {
      clearTimeout(timer);
      parent?.removeEventListener('abort', abort);
    }
  };
  return {
    specificationVersion: 'v3',
    provider: primary.provider,
    modelId: primary.modelId,
    supportedUrls: primary.supportedUrls,
    async doGenerate(call) {
      try {
        return await guarded(async (signal) => primary.doGenerate({ ...call, abortSignal: signal }), call.abortSignal);
      } catch {
        return fallback.doGenerate(call);
      }
    },
    async doStream(call) {
      try {
        return await guarded(async (signal) => {
          const result = await primary.doStream({ ...call, abortSignal: signal });
          const reader = result.stream.getReader();
          // Wait for the first part that is an answer: an error or a stall before it falls back.
          const head: LanguageModelV3StreamPart[] = [];
          for (;;) {
            const next = await reader.read();
            if (next.done) break;
            if (next.value.type === 'error') throw next.value.error;
            head.push(next.value);
            if (next.value.type !== 'stream-start' && next.value.type !== 'response-metadata') break;
          }
          return {
            ...result,
            stream: new ReadableStream<LanguageModelV3StreamPart>({
              start(controller) {
                for (const part of head) controller.enqueue(part);
              },
              async pull(controller) {
                const next = await reader.read();
                if (next.done) controller.close();
                else controller.enqueue(next.value);
              },
              cancel(reason) {
                return reader.cancel(reason);
              },
            }),
          };
        }, call.abortSignal);
      } catch {
        return fallback.doStream(call);
      }
    },
  };
}
