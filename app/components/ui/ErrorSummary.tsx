import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryError {
  /** The id of the field the message belongs to; the summary links to it. */
  fieldId: string;
  message: string;
}

/**
 * The GOV.UK error summary: a titled list of every error, each a link to its field. It is shown
 * after a submit and takes focus once per submit (`round`), so that keyboard and screen-reader
 * users land on it — and never while someone is still typing.
 */
export function ErrorSummary({ errors, round }: { errors: SummaryError[]; round: number }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  const focusedRound = useRef(0);
  useEffect(() => {
    // Focus once per submit, as soon as its errors are known (client checks land a render
    // after the submit itself); later changes of the messages leave the focus alone.
    if (round > focusedRound.current && hasErrors) {
      focusedRound.current = round;
      ref.current?.focus();
    }
  }, [round, hasErrors]);
  if (!hasErrors || round === 0) return null;
  return (
    // No aria-labelledby here: a plain div may not be named (ARIA 1.2); the alert inside is read
    // with its heading when the summary takes focus, as in GOV.UK's own markup.
    <div className="error-summary" ref={ref} tabIndex={-1}>
      <div role="alert">
        <h2 id="error-summary-title">{t('form.errorSummaryTitle')}</h2>
        <ul>
          {errors.map((error) => (
            <li key={`${error.fieldId}-${error.message}`}>
              <a href={`#${error.fieldId}`}>{error.message}</a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
