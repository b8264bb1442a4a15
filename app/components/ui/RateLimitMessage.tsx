import { useTranslation } from 'react-i18next';
import type { SummaryError } from './ErrorSummary';

/** The wait a 429 answer carries (app/lib/rate-limit.server.ts), if this answer is one. */
function minutesOf(actionData: unknown): number | null {
  if (!actionData || typeof actionData !== 'object' || !('rateLimited' in actionData)) return null;
  const limited = (actionData as { rateLimited?: { minutes?: unknown } }).rateLimited;
  return typeof limited?.minutes === 'number' ? limited.minutes : null;
}

/**
 * The error summary's entry for a used-up rate limit, or undefined. It links to the form-level
 * message (`RateLimitMessage`) that stands above the form's button.
 */
export function useRateLimitError(actionData: unknown, formId: string): SummaryError | undefined {
  const { t } = useTranslation('common');
  const minutes = minutesOf(actionData);
  return minutes === null
    ? undefined
    : { fieldId: `${formId}-rate-limit`, message: t('form.rateLimited', { count: minutes }) };
}

/** The form-level message of a used-up rate limit, with the hidden "Error:" like every field error. */
export function RateLimitMessage({ error }: { error: SummaryError | undefined }) {
  const { t } = useTranslation('common');
  if (!error) return null;
  return (
    <p className="field-error form-error" id={error.fieldId} tabIndex={-1}>
      <span className="visually-hidden">{t('form.errorPrefix')}</span> {error.message}
    </p>
  );
}
