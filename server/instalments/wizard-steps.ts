/**
 * The instalment wizard's steps and the choices its address carries: plain data, shared by the
 * journey (wizard.ts) and the page's address codec, which the browser loads too.
 */
import type { IncomeProofType, PlanMethod } from './options.ts';

export const wizardSteps = ['amount', 'date', 'overview', 'method', 'mandate', 'summary'] as const;
export type WizardStep = (typeof wizardSteps)[number];

/** The choices made so far, as the address carries them. */
export interface WizardChoices {
  monthly: number | null;
  first: string | null;
  proof: IncomeProofType | null;
  method: PlanMethod | null;
}
