/**
 * The instalment capability, one module per job (decision 084): the file's context (context.ts),
 * the plan's offer, quote and agreement (plans.ts), the plan to look at and by mail (plan-view.ts),
 * pay later (deferral.ts), skipping an instalment (skip.ts), the SEPA mandate (mandate.ts), and what
 * every agreement does alike (agreement.ts).
 *
 * TODO(issue 30): this index only serves the assistant's tools (intents/tools), which move to
 * server/assistant/ in another branch; import the capability modules instead, then delete it.
 */
export * from './context.ts';
export * from './deferral.ts';
export * from './mandate.ts';
export * from './plan-view.ts';
export * from './plans.ts';
export * from './skip.ts';
export {
  deferralMethods,
  incomeProofTypes,
  planMethods,
  type DeferralMethod,
  type IncomeProofType,
  type PlanMethod,
} from './options.ts';
