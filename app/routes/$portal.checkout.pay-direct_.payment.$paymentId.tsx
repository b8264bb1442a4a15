import { formatReference } from '#server/auth/reference.ts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { barcodeSvgDataUrl, qrSvgDataUrl } from '#server/payments/codes.ts';
import { bankAccounts, paymentConfig } from '#server/payments/config.ts';
import { epcPayload } from '#server/payments/epc-qr.ts';
import { methods, type MethodKey } from '#server/payments/methods.ts';
import { queryOf, type PaymentPurpose } from '#server/payments/purpose.ts';
import { instructionsFor, providerPageUrl, swissQrBillFor } from '#server/payments/checkout.ts';
import { contactDefaultsForPage } from '#server/contact/defaults.ts';
import { sandboxLink, withBase } from '#server/variants/resolve.ts';
import { PaymentSummaryCard } from '~/components/checkout/PaymentSummary';
import { TransferDetails, TransferMail } from '~/components/checkout/Transfer';
import { Stepper } from '~/components/ui/Stepper';
import { SubmitButton } from '~/components/ui/SubmitButton';
import { actionContext, runAction } from '~/lib/actions.server';
import { checkoutContext, ownPayment, pathForPayment } from '~/lib/checkout.server';
import { formatDate, formatMoney } from '~/lib/format';
import { tooManyRequests } from '~/lib/rate-limit.server';
import { documentTitle } from '~/lib/route-helpers.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import checkoutStyles from '~/styles/checkout.css?url';
import { readForm } from '~/lib/form.server';
import { privatePageMeta, stylesheets } from '~/lib/meta';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * The payment page of one payment of the debtor's own file: the card form of the provider in an
 * iframe (provider 4), the bank transfer details with the EPC QR code and "send by e-mail"
 * (provider 6), the cash slip's barcode (provider 5), or — for a provider page the debtor left
 * open — the way back to it. Each load asks the provider for the status: a paid payment goes to
 * the confirmation, an ended one back to the choice of method.
 */
const mailSchema = z.object({ intent: z.literal('mail'), email: z.email({ error: 'errors.email' }).max(200) });

export const handle = { i18n: ['common', 'checkout'] };
export const links = stylesheets(checkoutStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, language, t: tr, session, facts } = await checkoutContext(request, params, context);
  const payment = await ownPayment(session.fileId, params.paymentId);
  const next = pathForPayment(payment);
  if (next) throw redirect(withBase(variant, next));
  const method = payment.providerId as MethodKey;
  const flow = methods[method]?.flow ?? 'redirect';
  const instructions = flow === 'instructions' ? await instructionsFor(payment, facts) : null;
  const charge = payment.amountMinor + payment.feeMinor;
  const providerUrl = await providerPageUrl(payment);
  let qr: string | null = null;
  let barcode: string | null = null;
  // Switzerland: a QR-bill with its own QR reference instead of the euro-only EPC code (decision 030).
  const qrBill = instructions?.type === 'bankTransfer' ? await swissQrBillFor(payment, facts) : null;
  if (instructions?.type === 'bankTransfer' && !qrBill) {
    const payload = epcPayload({
      recipient: instructions.recipient,
      iban: instructions.iban,
      bic: instructions.bic,
      amountMinor: charge,
      currency: payment.currency,
      remittance: instructions.remittance,
    });
    qr = payload ? await qrSvgDataUrl(payload) : null;
  } else if (instructions?.type === 'cash') {
    barcode = await barcodeSvgDataUrl(instructions.slipNumber);
  }
  // A reference-only session never sees an e-mail address and can only mail the details to the
  // stored one (decision 018); a full session may name any address.
  const stored = (await contactDefaultsForPage(session.debtorId)).email;
  const full = session.level === 'full';
  const email = full ? stored : '';
  return {
    title: documentTitle(tr(`page.title.${flow}`), variant.brand.name),
    payment: {
      id: payment.id,
      method,
      flow,
      purpose: payment.purpose,
      amountMinor: payment.amountMinor,
      feeMinor: payment.feeMinor,
      currency: payment.currency,
      createdAt: payment.createdAt.toISOString(),
    },
    providerUrl: providerUrl ? sandboxLink(providerUrl, variant, language) : null,
    sandbox: paymentConfig().provider === 'sandbox',
    instructions,
    qr,
    qrBill: qrBill
      ? {
          reference: qrBill.reference.replace(/^(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})$/, '$1 $2 $3 $4 $5 $6'),
          iban: qrBill ? bankQrIban(variant.id) : null,
        }
      : null,
    barcode,
    email,
    full,
    hasStoredAddress: Boolean(stored),
    stepUpHref: `${withBase(variant, '/signin')}?returnTo=${encodeURIComponent(withBase(variant, `/checkout/pay-direct/payment/${payment.id}`))}`,
    reference: formatReference(facts.refno, facts.subcase),
  };
}

/** The QR-IBAN the Swiss QR-bill names, shown beside it so that the details and the code agree. */
function bankQrIban(variantId: keyof typeof bankAccounts): string | null {
  return bankAccounts[variantId].qrIban ?? null;
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, session, language } = await checkoutContext(request, params);
  const payment = await ownPayment(session.fileId, params.paymentId, false);
  const formData = await readForm(request);
  if (formData.get('intent') === 'cancel') {
    const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
    const cancelled = await runAction('cancelPayment', ctx, { paymentId: payment.id });
    const after = cancelled.ok ? cancelled.value.payment : payment;
    const next = pathForPayment(after) ?? `/checkout/pay-direct?${queryOf(payment.purpose as PaymentPurpose)}`;
    return redirect(withBase(variant, next));
  }
  // "Send to my address on file" names no address; the server decides which is allowed (018).
  const toStored = formData.get('recipient') === 'stored';
  const parsed = toStored
    ? { success: true as const, data: { email: null } }
    : mailSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ mailed: false, error: 'errors.email' }, { status: 400 });
  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const sent = await runAction('mailTransfer', ctx, { paymentId: payment.id, email: parsed.data.email });
  if (!sent.ok && sent.kind === 'refused' && sent.reason === 'rateLimited')
    return tooManyRequests({ mailed: false, error: null }, { retryAfterSeconds: sent.retryAfterSeconds ?? 60 });
  if (!sent.ok && sent.kind === 'refused' && sent.reason === 'noTransfer')
    return data({ mailed: false, error: 'errors.email' }, { status: 400 });
  if (!sent.ok) {
    const error = sent.kind === 'stepUp' ? 'common:shell.stepUp.needsFullLogin' : 'common:shell.stepUp.noStoredAddress';
    return data({ mailed: false, error }, { status: sent.kind === 'stepUp' ? 403 : 409 });
  }
  return { mailed: true, error: null };
}

export default function PaymentPage() {
  const d = useLoaderData<typeof loader>();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['checkout', 'common']);
  const p = d.payment;
  const money = (minor: number) => formatMoney(minor, p.currency, locale);
  const steps = methods[p.method]?.needsContactData
    ? [t('steps.method'), t('steps.contact'), t('steps.pay'), t('steps.done')]
    : [t('steps.method'), t('steps.pay'), t('steps.done')];
  const choose = `${href(variant, '/checkout/pay-direct')}?${queryOf(p.purpose as PaymentPurpose)}`;

  const cancelForm = (label: string) => (
    <Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <SubmitButton className="button button--secondary">{label}</SubmitButton>
    </Form>
  );

  return (
    <div className="container page">
      <Stepper steps={steps} current={steps.length - 2} />
      <h1>{t(`page.title.${p.flow}`)}</h1>
      <div className="grid grid-2 checkout-grid">
        <div className="stack">
          {p.flow === 'embedded' && d.providerUrl ? (
            <section aria-labelledby="card-heading">
              <h2 id="card-heading" className="visually-hidden">
                {t('page.cardFrame')}
              </h2>
              <p>{t('page.cardLead')}</p>
              <iframe className="card-frame" src={d.providerUrl} title={t('page.cardFrame')} />
            </section>
          ) : null}

          {d.instructions?.type === 'bankTransfer' ? <TransferDetails instructions={d.instructions} /> : null}

          {d.instructions?.type === 'bankTransfer' ? <TransferMail /> : null}

          {d.instructions?.type === 'cash' && d.barcode ? (
            <section className="card" aria-labelledby="cash-heading">
              <h2 id="cash-heading">{t('cash.title')}</h2>
              <ol>
                <li>{t('cash.step1')}</li>
                <li>{t('cash.step2')}</li>
                <li>{t('cash.step3', { amount: money(p.amountMinor + p.feeMinor) })}</li>
              </ol>
              <div className="pay-codes">
                <figure>
                  <img
                    src={d.barcode}
                    width={358}
                    height={219}
                    alt={t('cash.barcodeAlt', { number: d.instructions.slipNumber })}
                    data-testid="cash-barcode"
                  />
                  <figcaption>{t('cash.slip', { number: d.instructions.slipNumber })}</figcaption>
                </figure>
              </div>
              <p>{t('cash.validUntil', { date: formatDate(d.instructions.validUntil, locale) })}</p>
              <p className="muted">{t('cash.booking')}</p>
            </section>
          ) : null}

          {p.flow === 'redirect' ? (
            <section className="card" aria-labelledby="open-heading">
              <h2 id="open-heading">{t('page.openTitle')}</h2>
              <p>{t('page.openText', { method: t(`methods.${p.method}.name`) })}</p>
              {d.providerUrl ? (
                <p>
                  <a className="button" href={d.providerUrl}>
                    {t('page.continueAtProvider')}
                  </a>
                </p>
              ) : null}
            </section>
          ) : null}

          {d.sandbox && p.flow === 'instructions' && d.providerUrl ? (
            <p className="panel">
              {t('page.sandboxHint')} <a href={d.providerUrl}>{t('page.sandboxLink')}</a>
            </p>
          ) : null}

          <div className="button-row">
            <Link
              className="button button--secondary"
              to={href(variant, `/checkout/pay-direct/payment/${p.id}`)}
              reloadDocument
            >
              {t('page.checkStatus')}
            </Link>
            {cancelForm(t(p.flow === 'instructions' ? 'page.cancelTransfer' : 'page.cancel'))}
          </div>
          <p>
            <Link to={choose}>{t('otherMethod')}</Link> ·{' '}
            <Link to={href(variant, '/dashboard')}>{t('backToDashboard')}</Link>
          </p>
        </div>
        <PaymentSummaryCard headingId="pay-summary-heading" payment={p} locale={locale} reference={d.reference} />
      </div>
    </div>
  );
}
