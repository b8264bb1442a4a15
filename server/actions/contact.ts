/**
 * Contact actions: a message (with attachments already received as pending uploads) and a
 * callback request within the variant's callback hours. Full login only (decision 018).
 */
import { callbackSchema, messageSchema } from '../contact/schema.ts';
import {
  requestCallback as requestCallbackService,
  sendMessage as sendMessageService,
  type SendResult,
} from '../contact/send.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { debtorContext, defineAction, ok, refuse, type Scope } from './define.ts';

function contactCtx(scope: Scope<'limited' | 'full'>) {
  return { ...debtorContext(scope), fromAssistant: scope.ctx.door === 'assistant' };
}

/** Messages, callbacks and breathing-space requests share one limit per file and per client address. */
export function contactLimits(_input: unknown, { ctx, session }: Scope<'limited' | 'full'>) {
  return [
    ['contactFile', String(session.fileId)],
    ['contactClient', ctx.clientKey],
  ] as const;
}

function outcome(result: SendResult) {
  if (result.ok) return ok({ id: result.id });
  // The input was read by the same schema: `invalid` here means the service disagreed, a refusal.
  return refuse(result.problem === 'invalid' ? 'notPossible' : result.problem);
}

export const sendMessage = defineAction({
  name: 'sendMessage',
  description: 'Write to the agency: subject, message, attachments (pending upload ids), a phone or an e-mail.',
  level: 'full',
  input: messageSchema,
  limits: contactLimits,
  async handler(input, scope) {
    return outcome(await sendMessageService(scope.ctx.db, contactCtx(scope), input));
  },
});

export const requestCallback = defineAction({
  name: 'requestCallback',
  description: "Book a callback: phone, reason, weekday, time of day and hour within the variant's callback hours.",
  level: 'full',
  input: ({ file }) => callbackSchema((variants[file.variant as VariantId] ?? variants.de).support.callbackHours),
  limits: contactLimits,
  async handler(input, scope) {
    return outcome(await requestCallbackService(scope.ctx.db, contactCtx(scope), input));
  },
});
