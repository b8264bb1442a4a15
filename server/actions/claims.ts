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
} from '../claims/modals.ts';
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

function actor(scope: Scope<'limited' | 'full'>) {
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

export const acknowledgeNotice = defineAction({
  name: 'acknowledgeNotice',
  description: 'Close a dashboard notice ("understood"), or continue without giving an e-mail address.',
  level: 'limited',
  input: acknowledgeInput,
  async handler(input, scope) {
    const result = await acknowledgeModal(scope.ctx.db, actor(scope), { modal: input.modal });
    if (result.ok) return ok({ kind: result.kind });
    if (result.error === 'needsFullLogin') return stepUp();
    return refuse(result.error === 'invalid' ? 'notFound' : result.error);
  },
});

export const captureEmail = defineAction({
  name: 'captureEmail',
  description: 'Give the agency an e-mail address for the file (the e-mail capture notice).',
  level: 'full',
  input: captureEmailInput,
  async handler(input, scope) {
    const result = await captureEmailService(scope.ctx.db, actor(scope), input);
    if (result.ok) return ok({ stored: result.stored });
    if (result.error === 'needsFullLogin') return stepUp();
    return refuse(result.error);
  },
});

export const answerSpecialOffer = defineAction({
  name: 'answerSpecialOffer',
  description: 'Accept (then pay) or decline the special settlement offer.',
  level: 'full',
  input: specialOfferInput,
  async handler(input, scope) {
    const result = await respondToSpecialOffer(scope.ctx.db, actor(scope), input);
    if (result.ok)
      return ok(
        result.response === 'accept'
          ? { response: 'accept' as const, amountMinor: result.amountMinor, currency: result.currency }
          : { response: 'decline' as const },
      );
    if (result.error === 'needsFullLogin') return stepUp();
    return refuse(result.error === 'invalid' ? 'notFound' : result.error);
  },
});
