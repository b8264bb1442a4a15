import { formatReference } from '#server/auth/reference.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isSpecialOfferValid } from '#server/claims/rules.ts';
import { feeExplanationKey } from '#server/instalments/config.ts';
import { methodNamed, type MethodKey } from '#server/payments/methods.ts';
import { amountFor, purposeFromQuery, queryOf, type PaymentPurpose } from '#server/payments/purpose.ts';
import { minorToInput } from '#server/money/amount-input.ts';
import {
  checkoutOptionsFor,
  fileAgreementFees,
  paymentForFile,
  paymentPagePath,
  isAwaitedInstructions,
  paymentsUnderWay,
  type CheckoutOptions,
} from '#server/payments/checkout.ts';
import { sandboxLink, withBase } from '#server/variants/resolve.ts';
import { MethodForm, paySchema } from '~/components/checkout/MethodForm';
import { FeedbackCard, PaymentSummaryCard } from '~/components/checkout/PaymentSummary';
import { Stepper } from '~/components/ui/Stepper';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { checkoutContext } from '~/lib/checkout.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import checkoutStyles from '~/styles/checkout.css?url';
import { readForm } from '~/lib/form.server';
import { readLinkSlots } from '../../intents/links.ts';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
export { paySchema };

/**
 * /checkout/pay-direct (spec 2.5 "Pay direct: choose method, pay via the provider, confirmation"):
 * the amount of the query's purpose (downpayment, installment, deposit, offer, partial; section 9
 * priority), the methods the file may use with their fees, and after an aborted payment the
 * message of section 8 with the choice of another method and a "left without paying" feedback.
 */

const leftSchema = z.object({
  intent: z.literal('leftFeedback'),
  paymentId: z.string().max(40).optional(),
  stars: z.coerce.number().int().min(1).max(5).optional(),
  comment: z.string().trim().max(1000).optional(),
});

export const handle = { i18n: ['common', 'checkout'] };
export const links = stylesheets(checkoutStyles);

const abortedStates = new Set(['failed', 'cancelled', 'expired']);
const errorCodes = ['notAvailable', 'listFailed', 'cashApi', 'providerError', 'inFlight', 'keyReused'] as const;
type ErrorCode = (typeof errorCodes)[number];

function prefillOf(
  query: URLSearchParams,
  offered: readonly MethodKey[],
  purpose: PaymentPurpose,
  locale: string,
  currency: string,
): { method: MethodKey | null; amount: string | null } {
  // The assistant's deep link (intents.md): /checkout/pay-direct?downpayment=true&amount=200.
  const { amount } = readLinkSlots('pay_partial', query);
  return {
    method: methodNamed(query.get('method'), offered),
    amount: purpose === 'partial' && amount ? minorToInput(Math.round(amount * 100), locale, currency) : null,
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, facts, today, locale } = await checkoutContext(request, params, context);
  const url = new URL(request.url);
  const purpose = purposeFromQuery(url.searchParams, facts);
  let options: CheckoutOptions | null = null;
  let listFailed = false;
  try {
    options = checkoutOptionsFor(facts, variant, purpose, today);
  } catch {
    listFailed = true;
  }
  if (options && !options.ok && options.error === 'guard') throw redirect(withBase(variant, options.decision.to));
  const abortedId = url.searchParams.get('aborted');
  const abortedPayment = abortedId ? await paymentForFile(session.fileId, abortedId) : null;
  const aborted =
    abortedPayment && abortedStates.has(abortedPayment.status)
      ? { id: abortedPayment.id, providerId: abortedPayment.providerId, status: abortedPayment.status }
      : null;
  const error = (errorCodes as readonly string[]).includes(url.searchParams.get('error') ?? '')
    ? (url.searchParams.get('error') as ErrorCode)
    : null;
  const under = await paymentsUnderWay(session.fileId);
  // A payment already under way would have paid the claim twice: name it and lead to it.
  const underWay = error === 'inFlight' || error === 'keyReused' ? under.latest : null;
  // An awaited transfer or cash slip does not block: it is named before the debtor chooses, since
  // a new payment replaces it (decision 058).
  const awaited = underWay ? null : (under.rows.find(isAwaitedInstructions) ?? null);
  return {
    underWay: underWay ? { id: underWay.id, amountMinor: underWay.amountMinor, method: underWay.providerId } : null,
    awaited: awaited
      ? {
          id: awaited.id,
          amountMinor: awaited.amountMinor,
          method: awaited.providerId,
          startedAt: awaited.createdAt.toISOString(),
        }
      : null,
    title: documentTitle(t('title'), variant.brand.name),
    purpose,
    query: queryOf(purpose),
    amountMinor: options?.ok ? options.amountMinor : null,
    currency: facts.currency,
    methods: options?.ok ? options.methods : [],
    listFailed,
    aborted,
    error,
    feedbackSent: url.searchParams.get('feedback') === 'sent',
    // The assistant's deep link (intents.md): method=card preselects the method, amount=200 fills a partial payment.
    prefill: prefillOf(
      url.searchParams,
      options?.ok ? options.methods.map((m) => m.key) : [],
      purpose,
      locale,
      facts.currency,
    ),
    idempotencyKey: crypto.randomUUID(),
    reference: formatReference(facts.refno, facts.subcase),
    // The remaining claim of a plan includes the fees agreed; each is named with its reason.
    includedFees:
      purpose === 'remainder' || purpose === 'openAmount'
        ? (await fileAgreementFees(session.fileId)).map((fee) => ({
            ...fee,
            note: feeExplanationKey(variant.id, fee.kind),
          }))
        : [],
    // A special offer: its last day and the whole claim that paying it settles.
    offer:
      purpose === 'specialOffer' && isSpecialOfferValid(facts.specialOffer, today)
        ? { validTill: facts.specialOffer.validTill, settlesMinor: Math.max(0, facts.totalMinor) }
        : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, session, facts, today, language, locale } = await checkoutContext(request, params);
  const url = new URL(request.url);
  const purpose = purposeFromQuery(url.searchParams, facts);
  const formData = await readForm(request);

  if (formData.get('intent') === 'leftFeedback') {
    const parsed = leftSchema.safeParse(Object.fromEntries([...formData].filter(([, v]) => v !== '')));
    if (!parsed.success) return data({ result: null, feedbackError: true }, { status: 400 });
    await runAction(
      'leavePaymentFeedback',
      await actionContext({ request, session, variant, language, clientAddress: context.clientAddress }),
      {
        purpose,
        stars: parsed.data.stars,
        comment: parsed.data.comment || undefined,
        paymentId: parsed.data.paymentId || undefined,
      },
    );
    url.searchParams.set('feedback', 'sent');
    return redirect(`${url.pathname}?${url.searchParams.toString()}`);
  }

  const partial =
    purpose === 'partial'
      ? { locale, currency: facts.currency, maxMinor: amountFor(facts, 'partial', today) ?? 0 }
      : null;
  const submission = parseWithZod(formData, { error: fieldError, schema: paySchema(partial) });
  if (submission.status !== 'success')
    return data({ result: submission.reply(), feedbackError: false }, { status: 400 });
  const { method, idempotencyKey } = submission.value;
  const partialAmountMinor = submission.value.amount;

  const q = new URLSearchParams(queryOf(purpose));
  if (method === '4') {
    // Card: the contact data first (spec 2.5), then the card form.
    q.set('key', idempotencyKey);
    if (partialAmountMinor) q.set('amount', String(partialAmountMinor));
    return redirect(`${withBase(variant, '/checkout/pay-direct/card')}?${q.toString()}`);
  }

  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('startPayment', ctx, {
    purpose,
    method,
    amountMinor: partialAmountMinor,
    idempotencyKey,
  });
  if (result.ok)
    return redirect(
      result.value.next.kind === 'redirect'
        ? sandboxLink(result.value.next.url, variant, language)
        : paymentPagePath(variant, result.value.payment.id),
    );
  if (result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  const error = result.kind === 'refused' ? result.reason : 'notAvailable';
  // A payment under way, or this form's key already used for another amount or method (a page
  // restored from the history and changed): a fresh form that says so, with a key of its own.
  if (error === 'inFlight' || error === 'keyReused')
    return redirect(
      `${url.pathname}?${new URLSearchParams([...new URLSearchParams(queryOf(purpose)), ['error', error]])}`,
    );
  if (error !== 'notAvailable' && error !== 'providerError') return redirect(withBase(variant, '/dashboard'));
  const formError =
    error === 'notAvailable' ? 'errors.notAvailable' : method === '5' ? 'errors.cashApi' : 'errors.providerError';
  return data(
    { result: submission.reply({ formErrors: [formError] }), feedbackError: false },
    { status: error === 'notAvailable' ? 400 : 502 },
  );
}

export default function PayDirect() {
  const d = useLoaderData<typeof loader>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const money = (minor: number) => formatMoney(minor, d.currency, locale);
  const abortedText = d.aborted
    ? t(
        d.aborted.providerId === '4'
          ? 'errors.abortedCard'
          : d.aborted.status === 'expired'
            ? 'errors.expired'
            : 'errors.aborted',
      )
    : null;

  return (
    <div className="container page">
      <Stepper steps={[t('steps.method'), t('steps.pay'), t('steps.done')]} current={0} />
      <h1>{t(`heading.${d.purpose}`)}</h1>

      {abortedText ? (
        <div className="panel panel--warning" role="alert" data-testid="aborted">
          <p>{abortedText}</p>
        </div>
      ) : null}
      {d.error ? (
        <div className="panel panel--warning" role="alert">
          <p>{t(`errors.${d.error}`)}</p>
          {d.underWay ? (
            <p>
              <Link to={href(variant, `/checkout/pay-direct/payment/${d.underWay.id}`)}>
                {t('errors.inFlightLink', {
                  amount: money(d.underWay.amountMinor),
                  method: t(`methods.${d.underWay.method}.name`),
                })}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}

      {d.awaited && d.amountMinor !== null ? (
        <div className="panel" data-testid="awaited-instructions">
          <p>
            {t('awaited.text', {
              method: t(`methods.${d.awaited.method}.name`),
              amount: money(d.awaited.amountMinor),
              date: formatDate(d.awaited.startedAt, locale),
            })}
          </p>
          <p>
            <Link to={href(variant, `/checkout/pay-direct/payment/${d.awaited.id}`)}>{t('awaited.link')}</Link>
          </p>
        </div>
      ) : null}

      {d.amountMinor === null ? (
        d.listFailed ? (
          <div className="panel panel--warning" role="alert">
            <p>{t('errors.listFailed')}</p>
          </div>
        ) : (
          <div className="panel">
            <p>{t('nothingToPay')}</p>
            <p>
              <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
            </p>
          </div>
        )
      ) : (
        <div className="grid grid-2 checkout-grid">
          <PaymentSummaryCard
            headingId="summary-heading"
            payment={{ purpose: d.purpose, amountMinor: d.amountMinor, currency: d.currency }}
            locale={locale}
            reference={d.reference}
          >
            {d.purpose === 'partial' ? (
              <p className="muted">{t('partial.explain', { max: money(d.amountMinor) })}</p>
            ) : null}
            {d.offer ? (
              <p className="panel" data-testid="offer-terms">
                {t('offer.terms', {
                  amount: money(d.amountMinor),
                  date: formatDate(d.offer.validTill, locale),
                  total: money(d.offer.settlesMinor),
                })}
              </p>
            ) : null}
            {d.includedFees.map((fee, index) => (
              <p key={index} className="muted" data-testid="included-fee">
                {t(`summary.included.${fee.kind}`, { amount: money(fee.amountMinor) })}{' '}
                {fee.note ? t(`common:${fee.note}`, { amount: money(fee.amountMinor) }) : null}
              </p>
            ))}
          </PaymentSummaryCard>

          <MethodForm amountMinor={d.amountMinor} />
        </div>
      )}

      {d.aborted ? (
        <FeedbackCard
          id="left"
          text={{
            title: t('left.title'),
            thanks: t('left.thanks'),
            stars: t('left.stars'),
            comment: t('left.comment'),
            send: t('left.send'),
          }}
          sent={Boolean(d.feedbackSent)}
        >
          <input type="hidden" name="intent" value="leftFeedback" />
          <input type="hidden" name="paymentId" value={d.aborted.id} />
          <p>{t('left.text')}</p>
        </FeedbackCard>
      ) : null}
    </div>
  );
}
