/**
 * What the Zahlung calls present alike: the file of the token (or 404), the allowed-methods answer,
 * an agreement's costs and a plan's rows in the spec's money shape, and which refusals of an
 * action's offer are the answer itself rather than a refusal.
 */
import { z } from 'zod';
import { methodOptionsFor } from '../../../payments/service/options.ts';
import { type ApiContext, type ApiResult } from '../../define.ts';
import {
  fileOf,
  methodOptionSchema,
  methodOptionView,
  money,
  moneySchema,
  noFile,
  variantOf,
} from '../payment-support.ts';
import type { FileContext } from '../../../instalments/context.ts';
import type { PlanRow } from '../../../instalments/plan.ts';
import type { AllowedPurpose } from '../../../payments/allowed-methods.ts';
import type { ActionFailure } from '../../../actions/define.ts';
import { fileRuleReasons } from '../../../actions/rules.ts';

export const allowedMethodsSchema = z.object({
  purpose: z.enum(['normal', 'instalmentPlan', 'instalments', 'specialDeal', 'partialPayment', 'extension']),
  /** What the file pays for this purpose now (for `partialPayment` the most it may pay; for `instalmentPlan` the regular minimum rate). */
  amount: moneySchema,
  methods: z.array(methodOptionSchema),
});
export type AllowedMethods = z.input<typeof allowedMethodsSchema>;

/** The methods of an agreement (plan, extension) for an amount, after the agreement's own action check. */
export function agreementMethods(file: FileContext, as: AllowedPurpose, amountMinor: number): AllowedMethods {
  const currency = file.facts.currency;
  return {
    purpose: as,
    amount: money(amountMinor, currency),
    methods: methodOptionsFor(file.facts, variantOf(file), as, amountMinor).map((m) => methodOptionView(m, currency)),
  };
}

/** The file of the token, else 404 (no file). */
export async function withFile<V>(ctx: ApiContext, run: (file: FileContext) => Promise<ApiResult<V>> | ApiResult<V>) {
  const file = await fileOf(ctx);
  return file ? run(file) : noFile();
}

/** An agreement's costs (a quote, an offer or a plan made) in the spec's money shape. */
export function costsView(
  costs: { residualClaimMinor: number; feeMinor: number; expensesMinor: number; vatMinor: number; totalMinor: number },
  currency: string,
) {
  return {
    residualClaim: money(costs.residualClaimMinor, currency),
    instalmentFee: money(costs.feeMinor, currency),
    expenses: money(costs.expensesMinor, currency),
    vat: money(costs.vatMinor, currency),
    total: money(costs.totalMinor, currency),
  };
}

/** A plan's row (quoted or made) in the spec's shape. */
export function planRowView(r: PlanRow, currency: string) {
  return {
    position: r.position,
    dueDate: r.dueOn,
    amount: money(r.amountMinor, currency),
    claim: money(r.claimMinor, currency),
    remaining: money(r.remainingMinor, currency),
    isFinal: r.isFinal,
  };
}

/**
 * A refusal of the action's offer (not of its file rules): the parameter calls answer it as the
 * eligibility instead of refusing, as the pages show it.
 */
export function isEligibilityAnswer(failure: ActionFailure): boolean {
  return (
    failure.kind === 'refused' &&
    !(fileRuleReasons as readonly string[]).includes(failure.reason) &&
    failure.reason !== 'noFile'
  );
}
