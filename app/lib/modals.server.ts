import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect } from '@remix-run/node';
import type { ActiveSession } from '#server/auth/session.ts';
import { emailCaptureSchema, type ModalDone } from '#server/claims/modal-forms.ts';
import type { ModalRefusal } from '#server/claims/modals.ts';
import type { ActionFailure } from '#server/actions/define.ts';
import { runtime } from '#server/runtime.ts';
import type { Variant } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { actionContext, runAction } from '~/lib/actions.server';

/** The intents of the modal forms (field `intent`). */
export const modalIntents = [
  'acknowledge',
  'continueWithoutEmail',
  'captureEmail',
  'acceptOffer',
  'declineOffer',
] as const;
export type ModalIntent = (typeof modalIntents)[number];

export const isModalIntent = (value: unknown): value is ModalIntent =>
  typeof value === 'string' && (modalIntents as readonly string[]).includes(value);

/** What the page shows after an answer that did not go through (its action data). */
export type ModalActionData =
  | { modalForm: { intent: 'captureEmail'; modal: string; result: SubmissionResult<string[]>; notStored: boolean } }
  | { modalError: ModalRefusal | 'invalid' | 'offerUnavailable' };

/**
 * Handles one answer to a modal for the session's file: the dashboard's own action and the
 * /modals resource route both call this. Success redirects (POST, redirect, GET: works without
 * JavaScript): back to `returnTo`, or into paying the accepted offer. A bad e-mail address
 * answers 400 with conform's reply (field errors and what was typed); a modal of another file
 * 403; an offer that can no longer be taken 409.
 */
export async function handleModalAnswer(options: {
  request: Request;
  formData: FormData;
  variant: Variant;
  session: ActiveSession;
  clientAddress: string;
  /** The debtor's language (mails about the answer are written in it). */
  language: string;
  /** Path inside the variant to go back to, e.g. '/dashboard'. */
  returnTo: string;
}) {
  const { request, formData, variant, session, returnTo } = options;
  const intent = formData.get('intent');
  const modal = String(formData.get('modal') ?? '');
  const back = (done?: ModalDone) =>
    redirect(withBase(variant, done ? `${returnTo}${returnTo.includes('?') ? '&' : '?'}done=${done}` : returnTo));
  const signInFirst = () =>
    redirect(`${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(withBase(variant, returnTo))}`);
  const failed = (error: ModalRefusal | 'invalid' | 'offerUnavailable') => {
    if (error === 'needsFullLogin') return signInFirst();
    const status = error === 'notFound' || error === 'wrongKind' ? 403 : error === 'offerUnavailable' ? 409 : 400;
    return data({ modalError: error } satisfies ModalActionData, { status });
  };

  const ctx = {
    ...(await actionContext({
      request,
      session,
      variant,
      language: options.language,
      clientAddress: options.clientAddress,
    })),
    maintenance: await runtime().maintenanceAnnouncement(request, variant),
  };
  const refused = (result: ActionFailure) =>
    result.kind === 'stepUp'
      ? signInFirst()
      : failed(result.kind === 'refused' ? (result.reason as ModalRefusal | 'offerUnavailable') : 'invalid');

  switch (intent) {
    case 'acknowledge':
    case 'continueWithoutEmail': {
      const result = await runAction('acknowledgeNotice', ctx, { modal });
      return result.ok ? back() : refused(result);
    }
    case 'captureEmail': {
      const submission = parseWithZod(formData, { error: fieldError, schema: emailCaptureSchema });
      if (submission.status !== 'success') {
        // A modal that is not the session's is refused before anything is said about the address.
        if (submission.error?.modal) return failed('notFound');
        return data(
          {
            modalForm: { intent: 'captureEmail', modal, result: submission.reply(), notStored: false },
          } satisfies ModalActionData,
          { status: 400 },
        );
      }
      const result = await runAction('captureEmail', ctx, {
        modal: submission.value.modal,
        email: submission.value.email,
      });
      if (result.ok) return back(result.value.stored ? 'emailStored' : 'emailAlreadyOnFile');
      if (result.kind === 'refused' && result.reason === 'notStored') {
        return data(
          {
            modalForm: { intent: 'captureEmail', modal, result: submission.reply(), notStored: true },
          } satisfies ModalActionData,
          { status: 503 },
        );
      }
      if (result.kind === 'invalid' || (result.kind === 'refused' && result.reason === 'invalid')) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of result.kind === 'invalid' ? result.issues : []) {
          const field = String(issue.path[0] ?? 'email');
          if (field === 'modal') return failed('notFound');
          (fieldErrors[field] ??= []).push(issue.message);
        }
        return data(
          {
            modalForm: {
              intent: 'captureEmail',
              modal,
              result: submission.reply({ fieldErrors }),
              notStored: false,
            },
          } satisfies ModalActionData,
          { status: 400 },
        );
      }
      return refused(result);
    }
    case 'acceptOffer':
    case 'declineOffer': {
      const result = await runAction('answerSpecialOffer', ctx, {
        modal,
        response: intent === 'acceptOffer' ? 'accept' : 'decline',
      });
      if (!result.ok) return refused(result);
      return result.value.response === 'accept'
        ? redirect(withBase(variant, '/checkout/pay-direct?offer=true'))
        : back('offerDeclined');
    }
    default:
      return failed('invalid');
  }
}
