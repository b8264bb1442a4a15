export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';
/**
 * Pay in instalments (spec 2.5, 3, 4.3, 5, 8, 9): choose the monthly amount (with an optional
 * affordability helper), the first date, the overview with the full repayment plan and its
 * costs in writing, the method (SEPA direct debit 3, bank transfer 6, or paying each instalment
 * online), the SEPA mandate when chosen, then the summary. Each step is its own GET page whose
 * choices travel in the address, so back, reload and no-JavaScript all work and nothing typed
 * is lost; each form posts to the action, which checks it on the server and redirects on.
 *
 * Files that may not have a plan see why (error codes 1 to 6, API error, default); a required
 * deposit (code 5) or a pending down payment is paid first through /checkout/pay-direct.
 */
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { affordableFromTyped, householdFields } from '#server/instalments/affordability.ts';
import { offeredMethods } from '#server/instalments/context.ts';
import { planMethods } from '#server/instalments/options.ts';
import { planOffer } from '#server/instalments/plans.ts';
import { wizardPage } from '#server/instalments/wizard.ts';
import { withBase } from '#server/variants/resolve.ts';
import { actionContext, returnPathOf, runAction } from '~/lib/actions.server';
import { fieldError } from '~/lib/form-errors';
import { readForm } from '~/lib/form.server';
import { agreementPageFacts, agreementRefusal, instalmentPage } from '~/lib/instalments.server';
import { documentTitle } from '~/lib/route-helpers.server';
import styles from '~/styles/instalments.css?url';
import { carried, stepOf, stepPath } from './address';
import { amountSchema, dateInWindowSchema, handoverSchema, mandateSchema, offeredMethodSchema } from './schemas';
import { useWizardData } from './shared';
import { Flow } from './steps';
import { AwaitingProof, Continue, Handover, Refused, Summary } from './views';
import { privatePageMeta, stylesheets } from '~/lib/meta';

export const handle = { i18n: ['common', 'instalments'] };
export const links = stylesheets(styles);

// ---------------------------------------------------------------------------------------------
// Loader: the page the journey (server/instalments/wizard.ts) names for the file and the address
// ---------------------------------------------------------------------------------------------

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t, session, ctx } = await instalmentPage(request, params, { guards: 'sepa', context });
  const url = new URL(request.url);
  const page = await wizardPage(session, ctx, stepOf(url), carried(url));
  if (page.view === 'redirect')
    throw redirect(withBase(variant, page.to === 'dashboard' ? '/dashboard' : stepPath(page.to.step, page.to.choices)));
  return {
    ...agreementPageFacts(
      { variant, ctx },
      documentTitle(t('payInstalments.title'), variant.brand.name),
      'instalmentFee',
    ),
    ...page,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => privatePageMeta(d?.title);

// ---------------------------------------------------------------------------------------------
// Action: each form parsed with its schema, then one step on (a redirect) or one agreement action
// ---------------------------------------------------------------------------------------------

/** A form that does not hold: its reply with 400 (and whether the mandate asks for the password). */
function invalid(result: SubmissionResult<string[]>, askPassword = false) {
  return data({ result, askPassword, error: null }, { status: 400 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language, locale, session, ctx } = await instalmentPage(request, params, { guards: 'sepa' });
  const reading = { locale, currency: ctx.facts.currency };
  const c = carried(new URL(request.url));
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const offer = planOffer(ctx);
  const actx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
  const go = (path: string) => redirect(withBase(variant, path));
  const refused = (
    submission: Parameters<typeof agreementRefusal>[1],
    result: Parameters<typeof agreementRefusal>[2],
  ) => agreementRefusal(variant, submission, result, returnPathOf(request));

  if (intent === 'helper') {
    const typed = Object.fromEntries(householdFields.map((name) => [name, String(formData.get(name) ?? '')]));
    const helper = affordableFromTyped(offer.limits, typed, reading);
    const values = Object.fromEntries(householdFields.map((name) => [name, typed[name]!.slice(0, 20)]));
    return data(
      { result: undefined, askPassword: false, error: null, helper, helperValues: values },
      { status: helper.kind === 'invalid' ? 400 : 200 },
    );
  }

  if (intent === 'payDeposit' || intent === 'payDownPayment') {
    const submission = parseWithZod(formData, { error: fieldError, schema: handoverSchema });
    if (submission.status !== 'success') return invalid(submission.reply());
    // Money due now is paid through the payment pages (another module): hand over.
    if (intent === 'payDeposit' && offer.eligibility.kind === 'depositFirst')
      return go('/checkout/pay-direct?deposit=true');
    if (intent === 'payDownPayment' && offer.eligibility.kind === 'downPaymentFirst')
      return go('/checkout/pay-direct?downpayment=true');
    return go('/checkout/pay-installments');
  }

  if (intent === 'amount') {
    const submission = parseWithZod(formData, { error: fieldError, schema: amountSchema(offer.limits, reading) });
    if (submission.status !== 'success') return invalid(submission.reply());
    const monthly = submission.value.monthly;
    const proofRequired = monthly < offer.limits.regularMinMinor;
    return go(stepPath('date', { ...c, monthly, proof: proofRequired ? (submission.value.proofType ?? null) : null }));
  }

  if (intent === 'date') {
    const submission = parseWithZod(formData, { error: fieldError, schema: dateInWindowSchema(offer.firstDue) });
    if (submission.status !== 'success') return invalid(submission.reply());
    return go(stepPath('overview', { ...c, first: submission.value.firstDueOn }));
  }

  if (intent === 'method' || intent === 'continueMethod') {
    const submission = parseWithZod(formData, {
      error: fieldError,
      schema: offeredMethodSchema(offeredMethods(planMethods, ctx, 'instalmentPlan')),
    });
    if (submission.status !== 'success') return invalid(submission.reply());
    const method = submission.value.method;
    if (method === '3') return go(stepPath('mandate', { ...c, method }));
    if (intent === 'continueMethod') {
      const result = await runAction('continuePendingPlan', actx, { method });
      if (!result.ok) return refused(submission, result);
      return go(method === 'online' ? '/checkout/pay-direct?installment=true' : stepPath('summary', {}));
    }
    if (!c.monthly || !c.first) return go(stepPath('amount', c));
    const result = await runAction('agreePlan', actx, {
      monthlyMinor: c.monthly,
      firstDueOn: c.first,
      method,
      incomeProofType: c.proof,
    });
    if (!result.ok) return refused(submission, result);
    // The first instalment is paid online now: hand over to the payment pages.
    if (method === 'online' && result.value.status === 'active') return go('/checkout/pay-direct?installment=true');
    return go(stepPath('summary', {}));
  }

  if (intent === 'mandate' || intent === 'continueMandate') {
    const submission = parseWithZod(formData, { error: fieldError, schema: mandateSchema });
    if (submission.status !== 'success')
      return invalid(submission.reply({ hideFields: ['password'] }), Boolean(formData.get('password')));
    const v = submission.value;
    const mandate = { accountHolder: v.accountHolder, iban: v.iban, bic: v.bic ?? null };
    const identity = { postalCode: v.postalCode, password: v.password };
    if (intent !== 'continueMandate' && (!c.monthly || !c.first)) return go(stepPath('amount', c));
    const result =
      intent === 'continueMandate'
        ? await runAction('continuePendingPlan', actx, { method: '3', mandate, identity })
        : await runAction('agreePlan', actx, {
            monthlyMinor: c.monthly,
            firstDueOn: c.first,
            method: '3',
            incomeProofType: c.proof,
            mandate,
            identity,
          });
    if (!result.ok) return refused(submission, result);
    return go(stepPath('summary', {}));
  }

  return go(stepPath('amount', c));
}

// ---------------------------------------------------------------------------------------------
// Page: one view for the file's state; the flow's steps in steps.tsx and amount-step.tsx
// ---------------------------------------------------------------------------------------------

export default function PayInstallments() {
  const d = useWizardData();
  const { t } = useTranslation(['instalments', 'common']);
  return (
    <div className="container page instalments">
      <div className="form-card form-card--wide">
        <h1>{t('payInstalments.title')}</h1>
        {d.view === 'flow' ? <Flow d={d} /> : null}
        {d.view === 'refused' ? <Refused code={d.code} messageKey={d.messageKey} /> : null}
        {d.view === 'deposit' ? <Handover kind="deposit" amountMinor={d.amountMinor} /> : null}
        {d.view === 'downPayment' ? <Handover kind="downPayment" amountMinor={d.amountMinor} dueOn={d.dueOn} /> : null}
        {d.view === 'awaitingProof' ? <AwaitingProof /> : null}
        {d.view === 'continue' ? <Continue /> : null}
        {d.view === 'summary' ? <Summary /> : null}
      </div>
    </div>
  );
}
