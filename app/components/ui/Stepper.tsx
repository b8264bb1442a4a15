import { useTranslation } from 'react-i18next';

/** Progress through a journey: done steps ticked, the current one marked for assistive tech. */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="stepper" aria-label={t('form.progress', { current: current + 1, total: steps.length })}>
      {steps.map((label, index) => (
        <li
          key={label}
          aria-current={index === current ? 'step' : undefined}
          className={index < current ? 'is-done' : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}
