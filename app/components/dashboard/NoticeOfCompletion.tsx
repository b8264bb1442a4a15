import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { NoticeOfCompletionResult, NoticeOfCompletionState } from '#server/claims/notice-of-completion.ts';
import { formatDate } from '~/lib/format';
import { type PublicVariant, signInHref } from '~/lib/variant';
import { CallUsLink } from '~/components/ui/CallUsLink';
import { ButtonLinkLine } from '~/components/ui/ButtonLink';

/**
 * The request for a notice of completion on a settled file (spec 2.4, 4.3): a plain POST form,
 * then the confirmation (by e-mail or by post), an earlier request with its date, or the
 * failure text of the error catalogue.
 */
export function NoticeOfCompletionCard({
  state,
  result,
  level,
  variant,
  locale,
}: {
  state: NoticeOfCompletionState;
  result: NoticeOfCompletionResult | null;
  level: 'limited' | 'full';
  variant: PublicVariant;
  locale: string;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const navigation = useNavigation();
  const requestedAt = result?.ok ? null : result?.error === 'alreadyRequested' ? result.requestedAt : state.requestedAt;
  let content;
  if (result?.ok) {
    content = (
      <div className="panel panel--success" role="status">
        <p>{t(result.delivery === 'email' ? 'notice.requestedEmail' : 'notice.requestedPost')}</p>
        <p>{t('notice.closed')}</p>
      </div>
    );
  } else if (requestedAt) {
    content = (
      <div className="panel" role={result ? 'status' : undefined}>
        <p>{t('notice.alreadyRequested', { date: formatDate(requestedAt, locale) })}</p>
      </div>
    );
  } else if (state.available) {
    content = (
      <>
        {result && !result.ok ? (
          <div className="panel panel--warning" role="alert">
            <p>{t(result.error === 'notAllowed' ? 'notice.notAllowed' : 'notice.failed')}</p>
            <p>
              <CallUsLink variant={variant} />
            </p>
          </div>
        ) : null}
        <p>{t('notice.text')}</p>
        <p className="muted">{t(state.delivery === 'email' ? 'notice.byEmail' : 'notice.byPost')}</p>
        {level === 'full' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="requestNoticeOfCompletion" />
            <button type="submit" className="button" disabled={navigation.state !== 'idle'}>
              {t('notice.request')}
            </button>
          </Form>
        ) : (
          <ButtonLinkLine to={signInHref(variant, '/dashboard')}>{t('notice.signInFirst')}</ButtonLinkLine>
        )}
      </>
    );
  } else {
    return null;
  }
  return (
    <section className="card notice-card" aria-labelledby="notice-heading">
      <h3 id="notice-heading">{t('notice.title')}</h3>
      {content}
    </section>
  );
}
