import { loadClaimInformation } from '../../claims/information.ts';
import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers } from './offers.ts';
import { fileState, refusal } from './rules.ts';

/**
 * What is owed and why (explain_costs): the claim information page's own figures (the same
 * function), said in sentences: the main claim with the original invoices, the interest and how
 * it is calculated, each collection cost with the legal basis the file names, the payments made,
 * and then the link to the page. The catalogue's level (full) gives a reference-only session the
 * password step-up first: the claim details need it.
 */
export default intentTool(
  'explain_costs',
  'Explains what is owed and why: main claim with the original invoices, interest, collection costs with their legal basis, payments made.',
  async (ctx) => {
    const state = await fileState(ctx, 'explain_costs');
    if (state.refused) return state.refused;
    const info = await loadClaimInformation(ctx.db, ctx.session!.fileId, ctx.today);
    if (!info) return refusal(ctx, 'explain_costs', 'noFile');
    return {
      kind: 'explain',
      intent: 'explain_costs',
      currency: info.currency,
      country: ctx.variant.legal.country,
      reference: info.reference,
      creditor: info.creditor.name,
      subject: info.subject,
      totalMinor: info.breakdown.totalMinor,
      mainClaimMinor: info.breakdown.mainClaimMinor,
      interestMinor: info.breakdown.interestMinor,
      costsMinor: info.breakdown.costsMinor,
      paymentsMinor: info.breakdown.paymentsMinor,
      invoices: info.invoices.map((i) => ({
        number: i.number,
        date: i.date,
        amountMinor: i.amountMinor,
        description: i.description,
        descriptions: i.descriptions,
      })),
      interest: { rateBp: info.interest.rateBp, basis: info.interest.basis, fromDate: info.interest.fromDate },
      costs: info.costs.map((c) => ({ kind: c.kind, amountMinor: c.amountMinor, legalBasis: c.legalBasis })),
      unitemisedCostsMinor: info.unitemisedCostsMinor,
      payments: info.payments
        .filter((p) => p.turnover === 'payment')
        .map((p) => ({ bookedOn: p.bookedOn, amountMinor: p.amountMinor })),
      href: linkOf('explain_costs')!,
      offers: await fileOffers(ctx, ['settlement', 'otherFiles']),
    };
  },
);
