import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Estimator = (password: string) => number;

/**
 * A live strength meter. The dictionaries are large, so they load only when the debtor starts
 * typing; the server applies the same estimate when the form is sent.
 */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation('signin');
  const [estimate, setEstimate] = useState<Estimator | null>(null);
  useEffect(() => {
    if (!password || estimate) return;
    let cancelled = false;
    void import('#server/auth/password-policy.ts')
      .then((m) => m.passwordEstimator())
      .then((estimator) => {
        if (!cancelled) setEstimate(() => (value: string) => estimator(value));
      });
    return () => {
      cancelled = true;
    };
  }, [password, estimate]);
  const score = password && estimate ? estimate(password) : null;
  const label = score === null ? t('strength.empty') : t(`strength.level${score}`);
  return (
    <div className="strength" id={id} aria-live="polite">
      <meter min={0} max={4} low={2} high={3} optimum={4} value={score ?? 0} aria-hidden="true" />
      <span>
        {t('strength.label')}: {label}
      </span>
    </div>
  );
}
