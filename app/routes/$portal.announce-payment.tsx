import { type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { fieldError } from '~/lib/form-errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  announceFormDefaultsForPage,
  findAnnouncedPaymentForPage,
  sisterBrandName,
} from '#server/payments-announced/announce.ts';
import { stepFields, todayInBerlin, type Payee } from '#server/payments-announced/schema.ts';
import { minorToInput } from '#server/money/amount-input.ts';
import { withBase } from '#server/variants/resolve.ts';
import { PayeeStep, PaymentStep, ReceiptsStep, ReviewStep } from '~/components/announce/AnnounceSteps';
import { schemasFor, type Step, type Values } from '~/components/announce/schemas';
import type { RefusedInfo } from '~/components/uploads/UploadField';
import { Stepper } from '~/components/ui/Stepper';
import { actionContext, returnPathOf, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';
import { href } from '~/lib/variant';
import { useRootData } from '~/root';
import serviceStyles from '~/styles/service.css?url';
import { readLinkSlots } from '../../intents/links.ts';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

/**
 * Announce a payment already made (spec 2.5): payee (step 10), payment data (20), receipts (30),
 * review (40: everything typed, to send or to correct), done. Each step is a plain form; earlier
 * answers and accepted receipts travel as hidden fields, so the journey works without JavaScript
 * and nothing typed or uploaded is lost when the debtor goes back to correct something.
 */
export const handle = { i18n: ['common', 'announce', 'uploads'] };
export const links = stylesheets(serviceStyles);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t: translate, locale } = await pageContext(request, params, 'announce');
  const session = await requireDebtor(request, variant, { level: 'full', context });
  const file = await announceFormDefaultsForPage(session);
  if (!file) throw redirect(withBase(variant, '/dashboard'));
  const url = new URL(request.url);
  const doneId = Number(url.searchParams.get('done'));
  // The assistant's deep link (intents.md): /announce-payment?date=2026-03-14&amount=230 fills the payment step.
  const { date, amount } = readLinkSlots('already_paid', url.searchParams);
  const prefill: Record<string, string> = {};
  if (date) prefill.paidOn = date;
  if (amount) prefill.amount = minorToInput(Math.round(amount * 100), locale, file.currency);
  const done = doneId ? await findAnnouncedPaymentForPage({ fileId: session.fileId, id: doneId }) : null;
  const sister = sisterBrandName(variant);
  return {
    title: documentTitle(translate('title'), variant.brand.name),
    today: todayInBerlin(),
    currency: file.currency,
    payeeNames: { agency: variant.legal.name, creditor: file.creditor, sisterBrand: sister } satisfies Record<
      Payee,
      string
    >,
    defaults: { payerName: file.payerName, payerIban: file.payerIban, payerBic: file.payerBic, ...prefill },
    done: done
      ? {
          id: done.id,
          paidOn: done.paidOn,
          amountMinor: done.amountMinor,
          currency: done.currency,
          payee: done.payee,
          payeeName: done.payeeName,
          receipts: done.receipts.map((r) => r.name),
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

function valuesOf(formData: FormData, upTo: Step): Values {
  const values: Values = {};
  for (const step of [10, 20] as const) {
    if (step > upTo) break;
    for (const name of stepFields[step]) {
      const value = formData.get(name);
      if (typeof value === 'string') values[name] = value;
    }
  }
  return values;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, locale } = await pageContext(request, params, 'announce');
  const session = await requireDebtor(request, variant, { level: 'full' });
  const file = await announceFormDefaultsForPage(session);
  const schemas = schemasFor({ locale, currency: file?.currency ?? 'EUR' });
  const { formData, outcome, kept } = await readFormWithUploads(request, {
    fileId: session.fileId,
    context: 'announcedPayment',
  });
  const intent = String(formData.get('intent') ?? '10');
  const keptInfo = kept.map(({ id, name, sizeBytes }) => ({ id, name, sizeBytes }));

  if (intent === 'back30' || intent === 'back20' || intent === 'back10') {
    const step = intent === 'back30' ? 30 : intent === 'back20' ? 20 : 10;
    return data({
      step,
      values: valuesOf(formData, 20),
      result: undefined,
      kept: keptInfo,
      refused: [] as RefusedInfo[],
    });
  }
  const step: Step = intent === '40' ? 40 : intent === '30' ? 30 : intent === '20' ? 20 : 10;
  // Only ids of this file's pending receipts count; anything else is dropped here.
  if (step >= 30) {
    formData.delete('uploadId');
    for (const upload of kept) formData.append('uploadId', String(upload.id));
  }
  const submission = parseWithZod(formData, { error: fieldError, schema: schemas[step] });
  const values = valuesOf(formData, step === 10 ? 10 : 20);
  const refused: RefusedInfo[] = outcome.refused;
  if (submission.status !== 'success' || refused.length > 0) {
    return data(
      { step, values, result: submission.reply() as SubmissionResult<string[]>, kept: keptInfo, refused },
      { status: 400 },
    );
  }
  if (step === 10) return data({ step: 20 as const, values, result: undefined, kept: keptInfo, refused });
  if (step === 20) return data({ step: 30 as const, values, result: undefined, kept: keptInfo, refused });
  // Receipts in hand: the debtor sees everything once more before it is sent.
  if (step === 30) return data({ step: 40 as const, values, result: undefined, kept: keptInfo, refused });

  const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const result = await runAction('announcePayment', ctx, { ...values, uploadId: kept.map((upload) => upload.id) });
  if (!result.ok && result.kind === 'stepUp') return stepUpRedirect(variant, returnPathOf(request), result.signIn);
  if (!result.ok) {
    const attachment = result.kind === 'refused' && ['notYours', 'totalTooLarge', 'tooMany'].includes(result.reason);
    const key = attachment && result.kind === 'refused' ? `errors.${result.reason}` : 'errors.generic';
    return data(
      {
        step,
        values,
        result: submission.reply({ fieldErrors: { uploadId: [key] } }) as SubmissionResult<string[]>,
        kept: keptInfo,
        refused,
      },
      { status: 400 },
    );
  }
  return redirect(`${withBase(variant, '/announce-payment')}?done=${result.value.id}`);
}

export default function AnnouncePayment() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(['announce', 'uploads', 'common']);
  const { variant, locale } = useRootData()!;
  const stepLabels = [t('steps.payee'), t('steps.payment'), t('steps.receipts'), t('steps.review'), t('steps.done')];

  if (loaderData.done) {
    const d = loaderData.done;
    return (
      <div className="container page">
        <h1>{t('done.title')}</h1>
        <Stepper steps={stepLabels} current={4} />
        <div className="panel panel--success" role="status">
          <p>{t('done.text')}</p>
          <p>{t('done.status')}</p>
        </div>
        <section className="card form-wide" aria-labelledby="summary-heading">
          <h2 id="summary-heading">{t('done.summary')}</h2>
          <dl className="definition-list">
            <dt>{t('fields.payee')}</dt>
            <dd>{d.payeeName ?? t(`payee.${d.payee}`)}</dd>
            <dt>{t('fields.paidOn')}</dt>
            <dd>{formatDate(d.paidOn, locale)}</dd>
            <dt>{t('fields.amountPlain')}</dt>
            <dd>{formatMoney(d.amountMinor, d.currency, locale)}</dd>
            <dt>{t('fields.receipts')}</dt>
            <dd>{d.receipts.join(', ')}</dd>
          </dl>
        </section>
        <p>{t('done.mail')}</p>
        <ButtonLinkLine to={href(variant, '/dashboard')}>{t('done.dashboard')}</ButtonLinkLine>
      </div>
    );
  }

  const step: Step = (actionData?.step as Step | undefined) ?? 10;
  const values: Values = { ...loaderData.defaults, ...(actionData?.values ?? {}) };
  return (
    <div className="container page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <Stepper steps={stepLabels} current={step === 10 ? 0 : step === 20 ? 1 : step === 30 ? 2 : 3} />
      {step === 10 ? <PayeeStep key="10" values={values} /> : null}
      {step === 20 ? <PaymentStep key="20" values={values} /> : null}
      {step === 30 ? <ReceiptsStep key="30" values={values} /> : null}
      {step === 40 ? <ReviewStep key="40" values={values} /> : null}
    </div>
  );
}
