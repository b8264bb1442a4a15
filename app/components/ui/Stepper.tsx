import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepFocus } from '~/lib/use-step-focus';

/**
 * Progress through a journey: done steps ticked, the current one marked for assistive tech.
 * Every journey shows it, so it is also where a step change moves focus to the page's heading
 * (useStepFocus): the same for every multi-step flow.
 */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  useStepFocus(current, () => list.current?.closest('main')?.querySelector<HTMLElement>('h1'));
  return (
    <ol ref={list} className="stepper" aria-label={t('form.progress', { current: current + 1, total: steps.length })}>
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
