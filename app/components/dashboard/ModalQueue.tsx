import { getFormProps } from '@conform-to/react';
import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailCaptureSchema } from '#server/claims/modal-forms.ts';
import type { PendingModal } from '#server/claims/modals.ts';
import { ErrorSummary } from '~/components/ui/ErrorSummary';
import { Modal } from '~/components/ui/Modal';
import { formatDate, formatMoney } from '~/lib/format';
import type { ModalActionData } from '~/lib/modals.server';
import { useSubmissionRounds } from '~/lib/use-submission';
import type { PublicVariant } from '~/lib/variant';
import { useZodForm } from '~/lib/use-zod-form';
import { FormField } from '~/components/forms/FormField';

type EmailForm = Extract<ModalActionData, { modalForm: unknown }>['modalForm'];

/**
 * The modals of section 2.4, one at a time in the server's order (orderNo). The first one is
 * rendered open in the HTML, so it works without JavaScript with plain forms; with JavaScript it
 * is a modal dialog with focus inside. A notice is acknowledged by its button, by Escape or by
 * the close button; a decision (e-mail address, settlement offer) is only taken by its own
 * buttons: closing it just puts it aside until the next visit.
 */
export function ModalQueue({
  modals,
  actionData,
  variant,
  locale,
}: {
  modals: PendingModal[];
  actionData: unknown;
  variant: PublicVariant;
  locale: string;
}) {
  const [putAside, setPutAside] = useState<string[]>([]);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const emailForm = isEmailForm(actionData) ? actionData.modalForm : null;
  // After a refused e-mail address the same modal stays in front.
  const ordered = emailForm
    ? [...modals].sort((a, b) => Number(b.ref === emailForm.modal) - Number(a.ref === emailForm.modal))
    : modals;
  const current = ordered.find((m) => !putAside.includes(m.ref));
  if (!current) return null;

  const acknowledge = () =>
    submit({ intent: 'acknowledge', modal: current.ref }, { method: 'post', preventScrollReset: true });
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (current.acknowledgeOnClose) {
      event.preventDefault();
      if (!busy) acknowledge();
    }
    // A decision: let the dialog close; onClose puts it aside.
  };
  const onClose = () => setPutAside((refs) => (refs.includes(current.ref) ? refs : [...refs, current.ref]));

  return (
    <ModalContent
      key={current.ref}
      modal={current}
      emailForm={emailForm?.modal === current.ref ? emailForm : null}
      variant={variant}
      locale={locale}
      onCancel={onCancel}
      onClose={onClose}
      busy={busy}
    />
  );
}

function isEmailForm(value: unknown): value is { modalForm: EmailForm } {
  return typeof value === 'object' && value !== null && 'modalForm' in value;
}

function ModalContent({
  modal,
  emailForm,
  variant,
  locale,
  onCancel,
  onClose,
  busy,
}: {
  modal: PendingModal;
  emailForm: EmailForm | null;
  variant: PublicVariant;
  locale: string;
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['modals', 'common']);
  const title = t(`${modal.kind}.title`);
  const phone = <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>;
  let body: ReactNode;
  switch (modal.kind) {
    case 'emailCapture':
      body = <EmailCapture modal={modal} emailForm={emailForm} busy={busy} />;
      break;
    case 'specialOffer':
      body = <SpecialOffer modal={modal} locale={locale} busy={busy} />;
      break;
    case 'maintenance':
      body = (
        <>
          <p>{maintenanceText(modal, locale, t)}</p>
          <p>{t('maintenance.noDisadvantage')}</p>
          <Acknowledge modal={modal} busy={busy} />
        </>
      );
      break;
    case 'floodArea':
    case 'redirectNotice':
    case 'dataMisuse':
      body = (
        <>
          <p>{t(`${modal.kind}.text`)}</p>
          <p>
            {t(`${modal.kind}.help`)} {phone}
          </p>
          <Acknowledge modal={modal} busy={busy} />
        </>
      );
      break;
    case 'deliveryCosts':
    case 'unbilledEnforcementCosts':
      body = (
        <>
          <p>{t(`${modal.kind}.text`)}</p>
          <Acknowledge modal={modal} busy={busy} />
        </>
      );
      break;
  }
  return (
    <Modal open serverOpen title={title} onCancel={onCancel} onClose={onClose} className={`modal--${modal.kind}`}>
      {body}
    </Modal>
  );
}

function maintenanceText(
  modal: PendingModal,
  locale: string,
  t: (key: string, options?: Record<string, string>) => string,
): string {
  const when = (iso: string) =>
    `${formatDate(iso, locale)}, ${new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso))}`;
  const from = modal.maintenance?.from;
  const until = modal.maintenance?.until;
  if (from && until) return t('maintenance.window', { from: when(from), until: when(until) });
  if (from) return t('maintenance.from', { from: when(from) });
  return t('maintenance.text');
}

/**
 * A form that answers a modal with one button: the answer (`intent`) and the modal's reference
 * travel as hidden fields. `keepScroll` keeps the page where it is (the answer stays on it).
 */
function AnswerButton({
  modal,
  intent,
  busy,
  secondary = false,
  keepScroll = true,
  className,
  children,
}: {
  modal: PendingModal;
  intent: string;
  busy: boolean;
  secondary?: boolean;
  keepScroll?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset={keepScroll || undefined} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="modal" value={modal.ref} />
      <button type="submit" className={secondary ? 'button button--secondary' : 'button'} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

/** "Understood": the notice is acknowledged and stays so. */
function Acknowledge({ modal, busy }: { modal: PendingModal; busy: boolean }) {
  const { t } = useTranslation('modals');
  return (
    <AnswerButton modal={modal} intent="acknowledge" busy={busy} className="button-row modal__actions">
      {t('acknowledge')}
    </AnswerButton>
  );
}

function EmailCapture({ modal, emailForm, busy }: { modal: PendingModal; emailForm: EmailForm | null; busy: boolean }) {
  const { t } = useTranslation(['modals', 'common']);
  const rounds = useSubmissionRounds(emailForm);
  const [form, fields] = useZodForm({
    id: `email-capture-${modal.ref}`,
    schema: emailCaptureSchema,
    lastResult: emailForm?.result,
  });
  const emailError = fields.email.errors?.[0] ? t(fields.email.errors[0]) : undefined;
  const summary = emailError ? [{ fieldId: fields.email.id, message: emailError }] : [];
  return (
    <>
      <p>{t('emailCapture.text')}</p>
      {emailForm?.notStored ? (
        <div className="panel panel--warning" role="alert">
          <p>{t('emailCapture.errors.notStored')}</p>
        </div>
      ) : null}
      <ErrorSummary errors={summary} round={rounds.round} />
      <Form method="post" preventScrollReset {...getFormProps(form)} onSubmitCapture={rounds.onSubmitCapture}>
        <input type="hidden" name="intent" value="captureEmail" />
        <input type="hidden" name="modal" value={modal.ref} />
        <FormField
          meta={fields.email}
          type="email"
          label={t('emailCapture.label')}
          hint={t('emailCapture.hint')}
          error={emailError}
          autoComplete="email"
          spellCheck={false}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {t('emailCapture.submit')}
        </button>
      </Form>
      <AnswerButton modal={modal} intent="continueWithoutEmail" busy={busy} secondary className="modal__actions">
        {t('emailCapture.skip')}
      </AnswerButton>
      <p className="muted">{t('emailCapture.privacy')}</p>
    </>
  );
}

function SpecialOffer({ modal, locale, busy }: { modal: PendingModal; locale: string; busy: boolean }) {
  const { t } = useTranslation('modals');
  const offer = modal.offer;
  if (!offer) return null;
  const amount = formatMoney(offer.amountMinor, offer.currency, locale);
  const validTill = formatDate(offer.validTill, locale);
  return (
    <>
      <p data-testid="offer-text">
        {t('specialOffer.text', {
          amount,
          date: validTill,
          total: formatMoney(offer.settlesMinor, offer.currency, locale),
        })}
      </p>
      <dl className="definition-list modal__facts">
        <dt>{t('specialOffer.amount')}</dt>
        <dd className="amount" data-testid="offer-amount">
          {amount}
        </dd>
        <dt>{t('specialOffer.validTill')}</dt>
        <dd>{validTill}</dd>
      </dl>
      <p className="muted">{t('specialOffer.declineHint')}</p>
      <div className="button-row modal__actions">
        {/* Accepting leads on to paying the offer: the new page starts at its top. */}
        <AnswerButton modal={modal} intent="acceptOffer" busy={busy} keepScroll={false}>
          {t('specialOffer.accept')}
        </AnswerButton>
        <AnswerButton modal={modal} intent="declineOffer" busy={busy} secondary>
          {t('specialOffer.decline')}
        </AnswerButton>
        {/* Closes the dialog without deciding anything (also without JavaScript). */}
        <form method="dialog">
          <button type="submit" className="button button--secondary">
            {t('specialOffer.later')}
          </button>
        </form>
      </div>
    </>
  );
}
