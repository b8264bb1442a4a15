/**
 * The wizard's choices carried in the address (each step is its own GET page, so back, reload and
 * no-JavaScript all work): read from a URL and written into the next step's link.
 */
import { isIsoDate } from '#server/instalments/dates.ts';
import { incomeProofTypes, planMethods, type PlanMethod } from '#server/instalments/options.ts';
import { wizardSteps, type WizardChoices, type WizardStep } from '#server/instalments/wizard-steps.ts';

export type Step = WizardStep;
export type Carried = WizardChoices;

/** The step named in the address; an unknown one is the first. */
export function stepOf(url: URL): Step {
  const requested = url.searchParams.get('step') ?? 'amount';
  return (wizardSteps as readonly string[]).includes(requested) ? (requested as Step) : 'amount';
}

/**
 * The choices carried in the address. The assistant's deep links (intents.md) name the slots
 * `rate` (major units, `50` or `199.90`) and `firstDate`; they prefill the amount step the same way.
 */
export function carried(url: URL): Carried {
  const rate = url.searchParams.get('rate');
  const fromRate = rate && /^\d{1,7}(\.\d{1,2})?$/.test(rate) ? Math.round(Number(rate) * 100) : NaN;
  const monthly = Number(url.searchParams.get('monthly') ?? fromRate);
  const first = url.searchParams.get('first') ?? url.searchParams.get('firstDate');
  const proof = url.searchParams.get('proof');
  const method = url.searchParams.get('method');
  return {
    monthly: Number.isInteger(monthly) && monthly > 0 ? monthly : null,
    first: first && isIsoDate(first) ? first : null,
    proof: (incomeProofTypes as readonly string[]).includes(proof ?? '') ? (proof as Carried['proof']) : null,
    method: (planMethods as readonly string[]).includes(method ?? '') ? (method as PlanMethod) : null,
  };
}

/** The query of a step with the choices made (`?step=…&monthly=…`); the page's own links drop the method. */
export function carriedQuery(c: Partial<Carried>, step: Step): string {
  const q = new URLSearchParams({ step });
  if (c.monthly) q.set('monthly', String(c.monthly));
  if (c.first) q.set('first', c.first);
  if (c.proof) q.set('proof', c.proof);
  if (c.method) q.set('method', c.method);
  return `?${q.toString()}`;
}

/** The path of a step with the choices made, where the action redirects to. */
export function stepPath(step: Step, c: Partial<Carried>): string {
  return `/checkout/pay-installments${carriedQuery(c, step)}`;
}
