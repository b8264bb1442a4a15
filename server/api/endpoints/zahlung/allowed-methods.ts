/** The Zahlung calls that name the methods a file may pay with, per purpose. */
import { and, desc, eq } from 'drizzle-orm';
import { checkAction } from '../../../actions/run.ts';
import * as t from '../../../db/schema.ts';
import { deferralOffer } from '../../../instalments/deferral.ts';
import { planOffer } from '../../../instalments/plans.ts';
import { checkoutOptionsFor } from '../../../payments/service/options.ts';
import { apiOk, defineEndpoint, problem, problemFromAction, type ApiContext, type ApiResult } from '../../define.ts';
import { idParam, methodOptionView, money, variantOf } from '../payment-support.ts';
import type { FileContext } from '../../../instalments/context.ts';
import type { PaymentPurpose } from '../../../payments/purpose.ts';
import type { AllowedPurpose } from '../../../payments/allowed-methods.ts';
import { agreementMethods, allowedMethodsSchema, withFile, type AllowedMethods } from './presenters.ts';

/** The pay-direct page's list for a payment purpose (its guards: 403 with the guard's reason). */
function payNowMethods(file: FileContext, purpose: PaymentPurpose, as: AllowedPurpose): ApiResult<AllowedMethods> {
  const options = checkoutOptionsFor(file.facts, variantOf(file), purpose, file.today);
  if (!options.ok) return problem(403, options.error === 'guard' ? options.decision.reason : 'nothingToPay');
  return apiOk({
    purpose: as,
    amount: money(options.amountMinor, options.currency),
    methods: options.methods.map((m) => methodOptionView(m, options.currency)),
  });
}

const allowed = (
  name: string,
  summary: string,
  run: (file: FileContext, ctx: ApiContext) => Promise<ApiResult<AllowedMethods>> | ApiResult<AllowedMethods>,
) =>
  defineEndpoint({
    group: 'Zahlung',
    name,
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary,
    response: allowedMethodsSchema,
    handler: (_input, ctx) => withFile(ctx, (file) => run(file, ctx)),
  });

/** Whether the id names the session's file's instalment plan (any of its plans). */
async function ownPlan(ctx: ApiContext, id: number): Promise<boolean> {
  const [row] = await ctx.action.db
    .select({ id: t.instalmentPlans.id })
    .from(t.instalmentPlans)
    .where(and(eq(t.instalmentPlans.id, id), eq(t.instalmentPlans.fileId, ctx.action.session!.fileId)));
  return row !== undefined;
}

/**
 * Whether the id names the special offer the session's file has now: the latest, not withdrawn
 * by the agency, as the claim facts read it. An earlier or withdrawn offer's id is unknown, as
 * another file's is, so no methods are listed for an offer that can no longer be paid.
 */
async function currentOffer(ctx: ApiContext, id: number): Promise<boolean> {
  const [latest] = await ctx.action.db
    .select({ id: t.specialOffers.id, withdrawnAt: t.specialOffers.withdrawnAt })
    .from(t.specialOffers)
    .where(eq(t.specialOffers.fileId, ctx.action.session!.fileId))
    .orderBy(desc(t.specialOffers.id))
    .limit(1);
  return latest?.id === id && latest.withdrawnAt === null;
}

/** The methods to pay one of the file's own rows (its plan, its special offer) by id; another file's is 404. */
const allowedFor = (
  name: string,
  summary: string,
  of: {
    owns: (ctx: ApiContext, id: number) => Promise<boolean>;
    notFound: 'planNotFound' | 'offerNotFound';
    purpose: PaymentPurpose;
    as: AllowedPurpose;
  },
) =>
  defineEndpoint({
    group: 'Zahlung',
    name,
    path: `/api/Zahlung/${name}/{id}`,
    method: 'GET',
    auth: 'limited',
    cache: 'private15',
    summary,
    params: idParam,
    response: allowedMethodsSchema,
    handler: ({ params }, ctx) =>
      withFile(ctx, async (file) => {
        if (!(await of.owns(ctx, params.id))) return problem(404, of.notFound);
        return payNowMethods(file, of.purpose, of.as);
      }),
  });

export const allowedMethodCalls = {
  GetAllowedPaymentMethods: allowed(
    'GetAllowedPaymentMethods',
    'The methods the file may pay with now (the open amount, or the remainder of a plan), with fees.',
    (file) => payNowMethods(file, file.facts.plan?.status === 'active' ? 'remainder' : 'openAmount', 'normal'),
  ),
  GetAllowedPaymentMethodsForRZV: allowed(
    'GetAllowedPaymentMethodsForRZV',
    "The methods that may collect an instalment plan's rates.",
    async (file, ctx) => {
      const check = await checkAction('agreePlan', ctx.action);
      if (check) return problemFromAction(check);
      return apiOk(agreementMethods(file, 'instalmentPlan', planOffer(file).limits.regularMinMinor));
    },
  ),
  GetAllowedPaymentMethodsForInstallments: allowedFor(
    'GetAllowedPaymentMethodsForInstallments',
    "The methods to pay the plan's current instalment now; id = the file's plan (another file's plan is 404).",
    { owns: ownPlan, notFound: 'planNotFound', purpose: 'instalment', as: 'instalments' },
  ),
  GetAllowedPaymentMethodsForSpecialDeal: allowedFor(
    'GetAllowedPaymentMethodsForSpecialDeal',
    "The methods to pay the file's special offer; id = the offer (another file's offer is 404).",
    { owns: currentOffer, notFound: 'offerNotFound', purpose: 'specialOffer', as: 'specialDeal' },
  ),
  GetAllowedPaymentMethodsForPartialPayment: allowed(
    'GetAllowedPaymentMethodsForPartialPayment',
    'The methods for a partial payment (amount: the most that may be paid).',
    (file) => payNowMethods(file, 'partial', 'partialPayment'),
  ),
  GetAllowedPaymentMethodsForExtension: allowed(
    'GetAllowedPaymentMethodsForExtension',
    'The methods of pay later (an extension), for the amount due then.',
    async (file, ctx) => {
      const check = await checkAction('grantDeferral', ctx.action);
      if (check) return problemFromAction(check);
      const terms = deferralOffer(file).terms;
      return apiOk(agreementMethods(file, 'extension', terms.totalMinor));
    },
  ),
};
