import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { toneClass } from '~/components/claim/tone';
import { claimSubjectText } from '~/lib/claim-texts';
import { loadDashboardPageForPage } from '#server/claims/dashboard.ts';
import { modalDoneMessages, type ModalDone } from '#server/claims/modal-done.ts';
import { runtime } from '#server/runtime.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { withBase } from '#server/variants/resolve.ts';
import { AnnouncedPaymentNote } from '~/components/claim/AnnouncedPayment';
import { ExplanationVideo } from '~/components/claim/ExplanationVideo';
import { TileIcon } from '~/components/claim/TileIcon';
import { UploadCenterTile } from '~/components/uploads/UploadCenterTile';
import { NoticeOfCompletionCard } from '~/components/dashboard/NoticeOfCompletion';
import { actionContext, runAction, stepUpRedirect } from '~/lib/actions.server';
import { requireDebtor } from '~/lib/auth.server';
import { handleModalAnswer } from '~/lib/modals.server';
import { formatDate, formatMoney } from '~/lib/format';
import { documentTitle, pageContext } from '~/lib/route-helpers.server';
import { href, signInHref } from '~/lib/variant';
import { useRootData } from '~/root';
import claimStyles from '~/styles/claim.css?url';
import { readForm } from '~/lib/form.server';
import { onDemand } from '~/lib/on-demand';
import { privatePageMeta, stylesheets } from '~/lib/meta';
import { CallUsLink } from '~/components/ui/CallUsLink';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

// The modals (and their form code: conform, zod) are fetched only by a dashboard that has one.
const modalQueue = onDemand(() => import('~/components/dashboard/ModalQueue').then((m) => m.ModalQueue));
export { RouteErrorBoundary as ErrorBoundary } from '~/components/pages/ErrorBoundary';

export const handle = { i18n: ['common', 'dashboard', 'claim', 'claimInfo', 'modals', 'uploads', 'documents'] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { variant, t } = await pageContext(request, params, 'dashboard');
  // The session the root loader reads serves this guard too (one read per page view).
  const session = await requireDebtor(request, variant, { context });
  const announcement = await runtime().maintenanceAnnouncement(request, variant);
  // One statement for the whole page: the view, the facts the modals and the notice are judged
  // on (the same day's file), and the documents still asked for (server/claims/dashboard.ts).
  const page = await loadDashboardPageForPage(session.fileId, { level: session.level, announcement });
  if (!page) throw redirect(withBase(variant, '/signin?action=AZonly'));
  const { view, modals, notice } = page;
  // Each file lives in its own country variant (spec 2.2).
  if (view.variant !== variant.id)
    throw redirect(withBase(variants[view.variant as VariantId] ?? variant, '/dashboard'));
  // In the HTML with the rest of the page, so that the modal works without JavaScript.
  if (modals.length > 0) await modalQueue.preload();
  return {
    title: documentTitle(t('title'), variant.brand.name),
    view,
    level: session.level,
    modals,
    notice,
    // Documents still asked for (upload center, spec 3); the tile shows only while some are.
    outstandingDocuments: page.outstandingDocuments,
  };
}

/**
 * The dashboard's forms: the answers to the modals (shared with the /modals resource route, so
 * that a refused e-mail address comes back to this page with its errors) and the request for a
 * notice of completion.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { variant, language } = await pageContext(request, params, 'dashboard');
  const session = await requireDebtor(request, variant);
  const formData = await readForm(request);
  if (formData.get('intent') === 'requestNoticeOfCompletion') {
    const ctx = await actionContext({ request, session, variant, language, clientAddress: context.clientAddress });
    const result = await runAction('requestNoticeOfCompletion', ctx, {});
    if (!result.ok && result.kind === 'stepUp')
      throw stepUpRedirect(variant, withBase(variant, '/dashboard'), result.signIn);
    // The page's notice panel reads the service's own shape: requestedAt and delivery, or the error.
    const notice = result.ok
      ? { ok: true as const, ...result.value }
      : result.kind === 'refused' && result.reason === 'alreadyRequested'
        ? {
            ok: false as const,
            error: 'alreadyRequested' as const,
            requestedAt: String(result.detail?.requestedAt ?? ''),
          }
        : result.kind === 'refused' && result.reason === 'failed'
          ? { ok: false as const, error: 'failed' as const }
          : { ok: false as const, error: 'notAllowed' as const };
    const status = notice.ok
      ? 200
      : notice.error === 'alreadyRequested'
        ? 409
        : notice.error === 'notAllowed'
          ? 403
          : 503;
    return data({ notice }, { status });
  }
  return handleModalAnswer({
    request,
    formData,
    variant,
    session,
    clientAddress: context.clientAddress,
    language,
    returnTo: '/dashboard',
  });
}

export const links = stylesheets(claimStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => privatePageMeta(data?.title);

export default function Dashboard() {
  const { view, level, modals, notice, outstandingDocuments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as Record<string, unknown> | undefined;
  const [searchParams] = useSearchParams();
  const { variant, locale } = useRootData()!;
  const { t } = useTranslation(['dashboard', 'claim', 'common', 'modals', 'claimInfo', 'documents']);
  const doneParam = searchParams.get('done');
  const done = (modalDoneMessages as readonly string[]).includes(doneParam ?? '') ? (doneParam as ModalDone) : null;
  const modalError = typeof actionData?.modalError === 'string' ? actionData.modalError : null;
  const noticeResult =
    actionData && 'notice' in actionData
      ? (actionData.notice as Parameters<typeof NoticeOfCompletionCard>[0]['result'])
      : null;
  const money = (minor: number) => formatMoney(minor, view.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const f = view.flags;
  const name = view.debtor.companyName ?? [view.debtor.firstName, view.debtor.lastName].filter(Boolean).join(' ');
  const payKind = view.amountToPay.kind;
  // A special offer is stated in full below (amount, deadline, what it settles): not twice.
  const payKindLabel =
    payKind === 'openAmount' || payKind === 'nothing' || (payKind === 'specialDeal' && view.specialOffer)
      ? null
      : t(`amountKind.${payKind}`);
  // What needs a full login (decision 018) is offered to a reference-only session as what it is:
  // the sign-in with password, which then leads to the page, never a page that asks by surprise.
  const full = level === 'full';
  const fullOnly = (path: string) => (full ? href(variant, path) : signInHref(variant, path));
  const stepUpTag = full ? null : <span className="tile-step-up">{t('common:shell.stepUp.needsPassword')}</span>;

  const actions: Array<{ key: string; to: string; primary?: boolean }> = [];
  if (view.amountToPay.kind === 'downPayment' && f.showPayDirect)
    actions.push({ key: 'payDownPayment', to: '/checkout/pay-direct?downpayment=true', primary: true });
  else if (view.amountToPay.kind === 'deposit' && f.showPayDirect)
    actions.push({ key: 'payDeposit', to: '/checkout/pay-direct?deposit=true', primary: true });
  else if (view.amountToPay.kind === 'specialDeal' && f.showPayDirect)
    actions.push({ key: 'paySpecialDeal', to: '/checkout/pay-direct?offer=true', primary: true });
  if (f.showPayDirectInstallmentTrue)
    actions.push({ key: 'payInstalment', to: '/checkout/pay-direct?installment=true', primary: true });
  if (f.showPayDirect)
    actions.push({
      key: view.remainingPlanMinor !== null ? 'payRemainder' : 'payNow',
      to: '/checkout/pay-direct',
      primary: actions.length === 0,
    });
  if (f.showPayInstallments) actions.push({ key: 'payInstalments', to: '/checkout/pay-installments' });
  if (f.showPayLater) actions.push({ key: 'payLater', to: '/checkout/pay-later' });
  if (f.showPayPartialPayment) actions.push({ key: 'payPartial', to: '/checkout/pay-direct?partial=true' });
  if (f.showSkipInstallment) actions.push({ key: 'skipInstalment', to: '/skip-installment' });
  if (f.showInstallmentPlan) actions.push({ key: 'instalmentPlan', to: '/installment-plan' });

  return (
    <div className="container page dashboard">
      <h1>{name ? t('greeting', { name }) : t('title')}</h1>
      <p className="lead">{t('reference', { reference: view.reference })}</p>
      {searchParams.get('password') === 'changed' ? (
        <div className="panel panel--success" role="status">
          <p>{t('passwordChanged')}</p>
        </div>
      ) : null}
      {done ? (
        <div className="panel panel--success" role="status">
          <p>{t(`modals:done.${done}`)}</p>
        </div>
      ) : null}
      {modalError ? (
        <div className="panel panel--warning" role="alert">
          <p>{t(modalError === 'offerUnavailable' ? 'modals:errors.offerUnavailable' : 'modals:errors.refused')}</p>
        </div>
      ) : null}
      {modals.length > 0 ? (
        <Suspense fallback={null}>
          <modalQueue.Component modals={modals} actionData={actionData} variant={variant} locale={locale} />
        </Suspense>
      ) : null}

      <div className={view.nextInstalment ? 'grid grid-2' : 'grid'}>
        <section className="card claim-card" aria-labelledby="claim-heading">
          <h2 id="claim-heading">{t('claim.title')}</h2>
          <p>
            <span className={toneClass[view.status.tone]}>
              {t(`claim:${view.status.labelKey}`, { date: date(view.status.date) })}
            </span>{' '}
            <span className="muted" data-testid="as-of">
              {t('claim.since', { date: date(view.asOf) })}
            </span>
          </p>
          <AnnouncedPaymentNote payment={view.announcedPayment} locale={locale} />
          <div className="creditor">
            {view.creditor.logo ? <img src={view.creditor.logo} alt="" width={48} height={48} /> : null}
            <div>
              <p className="creditor__name">{view.creditor.name}</p>
              {view.originalCreditor ? (
                <p className="muted">{t('claim.originalCreditor', { name: view.originalCreditor })}</p>
              ) : null}
              <p className="muted">{claimSubjectText(t, view.claimSubject)}</p>
            </div>
          </div>
          <p className="amount-label">{t('claim.openAmount')}</p>
          <p className="amount" data-testid="open-amount">
            {money(view.openAmountMinor)}
          </p>
          {payKindLabel ? (
            <p className="panel" data-testid="due-now">
              {t('claim.dueNow', { kind: payKindLabel, amount: money(view.amountToPay.amountMinor) })}
              {view.downPaymentDueOn ? ` ${t('claim.dueBy', { date: date(view.downPaymentDueOn) })}` : ''}
            </p>
          ) : null}
          {view.specialOffer ? (
            <p className="panel" data-testid="offer-terms">
              {t('claim.offerTerms', {
                amount: money(view.specialOffer.amountMinor),
                date: date(view.specialOffer.validTill),
                total: money(view.specialOffer.settlesMinor),
              })}
            </p>
          ) : null}
          <p>
            <Link to={fullOnly('/claim-information')}>{t('claim.details')}</Link>
            {full ? null : <span className="muted"> ({t('common:shell.stepUp.needsPassword')})</span>}
          </p>
        </section>

        {view.nextInstalment ? (
          <section className="card" aria-labelledby="next-heading">
            <h2 id="next-heading">{t('next.title')}</h2>
            <dl className="definition-list">
              <dt>{t('next.dueOn')}</dt>
              <dd>{date(view.nextInstalment.dueOn)}</dd>
              <dt>{t('next.amount')}</dt>
              <dd>{money(view.nextInstalment.amountMinor)}</dd>
              {view.remainingPlanMinor !== null ? (
                <>
                  <dt>{t('next.remaining')}</dt>
                  <dd>{money(view.remainingPlanMinor)}</dd>
                </>
              ) : null}
            </dl>
            {view.nextInstalment.isSepa ? (
              <p className="muted">{t(view.nextInstalment.sepaFailed ? 'next.sepaFailed' : 'next.sepaHint')}</p>
            ) : null}
          </section>
        ) : null}
      </div>

      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">{t('actions.title')}</h2>
        {view.status.labelKey === 'status.disputed' ? (
          <div className="panel" role="status">
            <p>{t('documents:dispute.paused')}</p>
          </div>
        ) : null}
        {view.functionsBlocked ? (
          <div className="panel panel--warning">
            <p>{t('common:errors.forbidden.text')}</p>
            <p>
              <CallUsLink variant={variant} />
            </p>
          </div>
        ) : actions.length > 0 ? (
          <>
            <ul className="action-list">
              {actions.map((action) => (
                <li key={action.key}>
                  <Link className={`button${action.primary ? '' : ' button--secondary'}`} to={href(variant, action.to)}>
                    {t(`actions.${action.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
            {/* Something is owed: a debtor who cannot pay it finds help (issue 26, item 3). */}
            <p className="hardship-link">
              <Link to={href(variant, '/service/hardship')}>{t('hardshipLink')}</Link>
            </p>
          </>
        ) : notice && (notice.available || notice.requestedAt || noticeResult) ? (
          <NoticeOfCompletionCard
            state={notice}
            result={noticeResult}
            level={level}
            variant={variant}
            locale={locale}
          />
        ) : f.showNoticeOfCompletion ? (
          <div className="panel panel--success">
            <p>{t('actions.settled')}</p>
          </div>
        ) : (
          <p>{t('actions.none')}</p>
        )}
      </section>

      <section aria-labelledby="more-heading">
        <h2 id="more-heading">{t('more.title')}</h2>
        {full ? null : (
          <div className="panel" data-testid="step-up">
            <h3>{t('common:shell.stepUp.dashboardTitle')}</h3>
            <p>{t('common:shell.stepUp.dashboardText')}</p>
            <ButtonLinkLine to={signInHref(variant, '/dashboard')} secondary>
              {t('common:shell.stepUp.link')}
            </ButtonLinkLine>
          </div>
        )}
        <ul className="tiles tiles--icons">
          <li>
            <Link to={fullOnly('/announce-payment')}>
              <TileIcon name="receipt" />
              <strong>{t('more.announce')}</strong>
              <span>{t('more.announceText')}</span>
              {stepUpTag}
            </Link>
          </li>
          <li>
            <Link to={fullOnly('/service/contact')}>
              <TileIcon name="chat" />
              <strong>{t('more.contact')}</strong>
              <span>{t('more.contactText')}</span>
              {stepUpTag}
            </Link>
          </li>
          <UploadCenterTile
            variant={variant}
            outstanding={outstandingDocuments}
            stepUp={
              full ? undefined : { to: fullOnly('/upload-center'), label: t('common:shell.stepUp.needsPassword') }
            }
          />
          <li>
            <Link to={fullOnly('/download-center')}>
              <TileIcon name="form" />
              <strong>{t('more.forms')}</strong>
              <span>{t('more.formsText')}</span>
              {stepUpTag}
            </Link>
          </li>
          <li>
            <Link to={href(variant, '/service/faq')}>
              <TileIcon name="question" />
              <strong>{t('more.faq')}</strong>
              <span>{t('more.faqText')}</span>
            </Link>
          </li>
        </ul>
      </section>

      {view.hasVideo ? (
        <section aria-labelledby="video-heading">
          <h2 id="video-heading">{t('claimInfo:video.title')}</h2>
          <p>{t('claimInfo:video.lead')}</p>
          <ExplanationVideo />
        </section>
      ) : null}
    </div>
  );
}
