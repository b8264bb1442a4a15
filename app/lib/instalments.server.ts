import type { Submission } from '@conform-to/react';
import { data, redirect } from '@remix-run/node';
import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import type { ActiveSession } from '#server/auth/session.ts';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { guardsFor } from '#server/instalments/guards.ts';
import { identityReasons } from '#server/actions/instalments.ts';
import type { ActionFailure } from '#server/actions/define.ts';
import { type FileContext, loadFileContextForPage, offeredMethods } from '#server/instalments/context.ts';
import { deferralMethods, planMethods } from '#server/instalments/options.ts';
import { variants, type Variant, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import type { Namespace } from '~/i18n';
import { stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { pageContext } from '~/lib/route-helpers.server';

/**
 * The start of every instalment page's loader and action: the variant and language, the
 * debtor's session (sign-in first), the file's context, the file's own variant, and the state
 * guards of spec 2.3. A debtor in the wrong state goes to /checkout/unavailable, which explains.
 */
export async function instalmentPage(
  request: Request,
  params: LoaderFunctionArgs['params'],
  options: {
    guards: 'sepa' | 'agreement';
    ns?: readonly [Namespace, ...Namespace[]];
    /** A page's loader passes its context: the root's read of the session serves it too. */
    context?: AppLoadContext;
  },
): Promise<Awaited<ReturnType<typeof pageContext>> & { session: ActiveSession; ctx: FileContext }> {
  const page = await pageContext(request, params, options.ns ?? ['instalments', 'common']);
  const session = await requireDebtor(request, page.variant, { context: options.context });
  const ctx = await loadFileContextForPage(session);
  if (!ctx) throw redirect(withBase(page.variant, '/signin?action=AZonly'));
  if (ctx.variant !== page.variant.id) {
    const url = new URL(request.url);
    const path = url.pathname.slice(page.variant.basePath.length) || '/';
    throw redirect(`${withBase(variants[ctx.variant as VariantId] ?? page.variant, path)}${url.search}`);
  }
  const decision = guardsFor(options.guards, ctx.facts);
  if (decision) throw redirect(`${withBase(page.variant, '/checkout/unavailable')}?reason=${decision.reason}`);
  return { ...page, session, ctx };
}

/**
 * What every agreement page (pay in instalments, pay later) shows of the file and the variant: the
 * page's title, the currency, the creditor for the mandate, the methods the file may choose for
 * the agreement (the variant's, narrowed by the file's terms: decisions 027 and 103) and whether
 * direct debit is among them, the note that explains the fee (`fee`: which one the agreement
 * charges) and whether a mail follows.
 */
export function agreementPageFacts(
  { variant, ctx }: { variant: Variant; ctx: FileContext },
  title: string,
  fee: 'instalmentFee' | 'settlementFee',
) {
  const methods: string[] =
    fee === 'instalmentFee'
      ? offeredMethods(planMethods, ctx, 'instalmentPlan')
      : offeredMethods(deferralMethods, ctx, 'extension');
  return {
    title,
    currency: ctx.facts.currency,
    creditor: variant.legal.name,
    creditorId: variant.sepa?.creditorId ?? '',
    methods,
    sepaOffered: methods.includes('3'),
    feeNote: feeExplanationKey(variant.id, fee),
    hasEmail: Boolean(ctx.debtor.email),
  };
}

/** Refusals of the agreement actions that the instalment pages name at the form (`errors.<reason>`, instalments namespace). */
const namedRefusals = new Set([
  'code1',
  'code2',
  'code3',
  'code4',
  'code5',
  'code6',
  'codeApi',
  'codeDefault',
  'tooLow',
  'tooHigh',
  'dateOutOfRange',
  'notAllowed',
  'proofRequired',
  'exists',
  'mandateInvalid',
  'methodUnavailable',
  'alreadyGranted',
  'notPossible',
  'feeNotAgreed',
  'noticeInvalid',
]);

/** The state guards of spec 2.3: the page that explains them. */
const guardReasons = new Set(['statusOpen', 'status20', 'sepaActive']);

type SuccessfulSubmission = Extract<Submission<unknown, string[], unknown>, { status: 'success' }>;

/**
 * How an instalment page answers an agreement action that did not go through (pay in instalments,
 * pay later): the mandate's identity refusals at their field as before (the password hidden; 429
 * past the attempt limit), a state guard on /checkout/unavailable, step-up on the sign-in page,
 * anything else as the form's message with 409.
 */
export function agreementRefusal(
  variant: Variant,
  submission: SuccessfulSubmission,
  result: ActionFailure,
  returnTo: string,
) {
  if (result.kind === 'stepUp') return stepUpRedirect(variant, returnTo, result.signIn);
  if (result.kind === 'invalid')
    return data(
      {
        result: submission.reply({ formErrors: ['errors.notAllowed'], hideFields: ['password'] }),
        askPassword: false,
        error: 'notAllowed',
      },
      { status: 400 },
    );
  const reason = result.reason;
  if (guardReasons.has(reason)) return redirect(`${withBase(variant, '/checkout/unavailable')}?reason=${reason}`);
  if ((identityReasons as readonly string[]).includes(reason)) {
    const fieldErrors: Record<string, string[]> =
      reason === 'passwordRequired'
        ? { postalCode: ['errors.postalCodeMismatch'] }
        : reason === 'wrongPassword'
          ? { password: ['errors.wrongPassword'] }
          : reason === 'noPassword'
            ? { postalCode: ['errors.postalCodeNoPassword'] }
            : { postalCode: ['errors.attemptsExceeded'] };
    return data(
      {
        result: submission.reply({ fieldErrors, hideFields: ['password'] }),
        askPassword: reason === 'passwordRequired' || reason === 'wrongPassword',
        error: reason,
      },
      { status: reason === 'attemptsExceeded' ? 429 : 400 },
    );
  }
  const error = namedRefusals.has(reason) ? reason : 'notAllowed';
  return data(
    {
      result: submission.reply({ formErrors: [`errors.${error}`], hideFields: ['password'] }),
      askPassword: false,
      error,
    },
    { status: 409 },
  );
}
