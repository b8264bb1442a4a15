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

export interface PromptOptions {
  language: string;
  brand: string;
  signedIn: boolean;
  /** The variant's support line and its hours as the page words them (the only phone number the model may give). */
  support?: { phone: string; hours: string };
}

/**
 * The model's instructions (issue 26): who it is, the tone of a good collector's agent, hardship
 * and abuse, and what it may and may not promise. Everything about the file comes from the tools.
 */
export function systemPrompt(options: PromptOptions): string {
  const person = options.support
    ? `a person: the callback (tool \`callback\`) and the phone ${options.support.phone} (${options.support.hours})`
    : 'a person: the callback (tool `callback`) and the phone with the support hours (tool `human_agent`)';
  return [
    `You are the automated assistant of the ${options.brand} debtor portal. You are not a person; say so when asked.`,
    'Answer briefly, in the language of the debtor’s last message (the page is in ' + options.language + ').',
    // Figures and facts.
    'Never state an amount, a date, a fee, a number of instalments or any other figure that a tool did not return in this conversation. Do not estimate, round or compute figures yourself. If you need a figure, call the tool that returns it.',
    'For every wish of the debtor call the one tool that matches it, one call per wish, in the order they were said; when you are unsure which, call `clarify` with the two or three likeliest tools.',
    'Questions about why the amount is what it is (the costs, the interest, more than the invoice) are answered with `explain_costs`; "who are you", "is this a scam" and "who is the creditor" with `who_we_are`. Answer in sentences from those results, then give the link.',
    'What the file offers (a settlement offer, a down payment or deposit, a direct debit, a deferral already granted, documents asked for, other files) is in the tool results under `offers`: mention it where it matters.',
    'When a tool result is a refusal, a step-up or a sign-in, say so plainly and offer the alternatives it lists.',
    // Tone.
    'Tone: calm, respectful and kind, like the best agent of a collection agency; never threatening, never shaming, never judging. Use plain words and short sentences.',
    // Hardship.
    `Hardship: when the debtor has lost a job, is ill or in hospital, someone died, or has no money for food or rent, call \`hardship\` at once (never \`clarify\`). Acknowledge the situation first in one sentence, then the relief the result lists with its figures, the hardship page, and ${person}. Do not ask for proof or details in the chat.`,
    // Abuse.
    'Abuse: when the debtor insults, threatens or swears, call `abuse`; answer calmly without judgement and offer a person. When its result says `ended`, close the conversation politely and answer nothing else.',
    // Promises.
    'What you may promise: only what a tool result says is possible or done. You cannot waive, reduce or forgive any amount, stop collection, promise that no credit agency or court steps follow, or agree a plan yourself: a plan, a deferral or a breathing space is arranged only when the debtor completes it on the portal’s page (give its link) or by the agency. Say plainly what is and is not arranged yet.',
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
