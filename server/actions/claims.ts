/**
 * Actions on the claim itself: the notice of completion of a settled file, and the answers to the
 * dashboard's notices (modals) that change state: acknowledging one, the e-mail capture, the special
 * settlement offer.
 */
import { z } from 'zod';
import {
  acknowledgeInput,
  acknowledgeModal,
  captureEmail as captureEmailService,
  captureEmailInput,
  respondToSpecialOffer,
  specialOfferInput,
  type ModalActor,
} from '../claims/modals.ts';
import type { Database } from '../db/client.ts';
import { requestNoticeOfCompletion as requestNoticeService } from '../claims/notice-of-completion.ts';
import { isLanguage } from '../i18n/languages.ts';
import { defineAction, ok, refuse, stepUp, type Scope } from './define.ts';
import { flagSet } from './rules.ts';

export const requestNoticeOfCompletion = defineAction({
  name: 'requestNoticeOfCompletion',
  description: 'Ask for the written notice that a settled claim is paid in full (once; the file is then closed).',
  level: 'full',
  offered: [flagSet('showNoticeOfCompletion', 'notAllowed')],
  input: z.object({}),
  async handler(_input, { ctx, session }) {
    const result = await requestNoticeService(
      ctx.db,
      {
        fileId: session.fileId,
        debtorId: session.debtorId,
        language: isLanguage(ctx.locale) ? ctx.locale : 'de',
        clientAddress: ctx.clientKey,
      },
      { now: ctx.now },
    );
    if (result.ok) return ok({ requestedAt: result.requestedAt, delivery: result.delivery });
    if (result.error === 'alreadyRequested')
      return refuse('alreadyRequested', { detail: { requestedAt: result.requestedAt } });
    return refuse(result.error);
  },
});

function actor(scope: Scope<'limited' | 'full'>): ModalActor {
  const { ctx, session } = scope;
  return {
    fileId: session.fileId,
    debtorId: session.debtorId,
    level: session.level,
    clientAddress: ctx.clientKey,
    announcement: ctx.maintenance ?? null,
    now: ctx.now,
  };
}

type Refusal<R> = R extends { ok: false; error: infer E extends string } ? E : never;

/**
 * A notice's answer as an action's handler: the service with the session as the actor, its success
 * as the value, step-up for `needsFullLogin`, an unreadable notice reference refused as `invalidAs`.
 */
function answerHandler<I, R extends { ok: true } | { ok: false; error: string }, V, A extends string = 'notFound'>(
  service: (db: Database, actor: ModalActor, input: I) => Promise<R>,
  value: (result: Extract<R, { ok: true }>) => V,
  invalidAs = 'notFound' as A,
) {
  return async (input: I, scope: Scope<'limited' | 'full'>) => {
    const result = await service(scope.ctx.db, actor(scope), input);
    if (result.ok) return ok(value(result as Extract<R, { ok: true }>));
    const error = (result as Extract<R, { ok: false }>).error as Refusal<R>;
    if (error === 'needsFullLogin') return stepUp();
    return refuse(error === 'invalid' ? invalidAs : (error as Exclude<Refusal<R>, 'needsFullLogin' | 'invalid'>));
  };
}

export const acknowledgeNotice = defineAction({
  name: 'acknowledgeNotice',
  description: 'Close a dashboard notice ("understood"), or continue without giving an e-mail address.',
  level: 'limited',
  input: acknowledgeInput,
  handler: answerHandler(acknowledgeModal, (result) => ({ kind: result.kind })),
});

export const captureEmail = defineAction({
  name: 'captureEmail',
  description: 'Give the agency an e-mail address for the file (the e-mail capture notice).',
  level: 'full',
  input: captureEmailInput,
  // The address was read by the same schema: `invalid` here is the service's own refusal.
  handler: answerHandler(captureEmailService, (result) => ({ stored: result.stored }), 'invalid'),
});

export const answerSpecialOffer = defineAction({
  name: 'answerSpecialOffer',
  description: 'Accept (then pay) or decline the special settlement offer.',
  level: 'full',
  input: specialOfferInput,
  handler: answerHandler(respondToSpecialOffer, (result) =>
    result.response === 'accept'
      ? { response: 'accept' as const, amountMinor: result.amountMinor, currency: result.currency }
      : { response: 'decline' as const },
  ),
});
