/**
 * What the debtor's file itself offers (intents.md: "brought up where it matters"): an open
 * settlement offer, a pending down payment, a deposit a new plan needs, a running direct debit, a
 * deferral already granted, documents asked for, the debtor's other files. Every figure is read
 * through the server code the screens use: the dashboard's view, the pay-direct step's amount per
 * purpose (`amountFor`), the upload centre's count, the claims list. Nothing is computed here.
 */
import { dashboardAndFacts, turnCases } from './actions.ts';
import { amountFor } from '../../payments/purpose.ts';
import type { Slots } from '../../../intents/slots/index.ts';
import { offerOf } from './check.ts';
import { linkOf, type ToolContext } from './context.ts';
import type { FileOffer, ToolResult } from './results.ts';

export type OfferKind = FileOffer['kind'];

/** The screens that take each offer (paths without the variant's base path). */
export const offerHref = {
  settlement: '/checkout/pay-direct?offer=true',
  downPayment: '/checkout/pay-direct?downpayment=true',
  deposit: '/checkout/pay-direct?deposit=true',
  directDebit: '/installment-plan',
  deferral: '/dashboard',
  documents: '/upload-center',
  otherFiles: '/claims-list',
} as const satisfies Record<OfferKind, string>;

/**
 * The offers of the session's file, of the kinds asked for, in the order asked. `askedDate`: a
 * day the debtor named (pay later): the granted deferral says whether it reaches it. A visitor's
 * or a missing file's answer is empty.
 */
export async function fileOffers(
  ctx: ToolContext,
  kinds: readonly OfferKind[],
  options: { askedDate?: string } = {},
): Promise<FileOffer[]> {
  const session = ctx.session;
  if (!session || kinds.length === 0) return [];
  const loaded = await dashboardAndFacts(ctx);
  if (!loaded) return [];
  const { view, facts } = loaded;
  const currency = view.currency;
  const offers: FileOffer[] = [];
  for (const kind of kinds) {
    switch (kind) {
      case 'settlement': {
        const amountMinor = amountFor(facts, 'specialOffer', ctx.today);
        if (amountMinor !== null && view.specialOffer)
          offers.push({
            kind,
            currency,
            amountMinor,
            validTill: view.specialOffer.validTill,
            settlesMinor: view.specialOffer.settlesMinor,
            href: offerHref[kind],
          });
        break;
      }
      case 'downPayment': {
        const amountMinor = amountFor(facts, 'downPayment', ctx.today);
        if (amountMinor !== null)
          offers.push({ kind, currency, amountMinor, dueOn: view.downPaymentDueOn, href: offerHref[kind] });
        break;
      }
      case 'deposit': {
        const amountMinor = amountFor(facts, 'deposit', ctx.today);
        if (amountMinor !== null) offers.push({ kind, currency, amountMinor, href: offerHref[kind] });
        break;
      }
      case 'directDebit': {
        const next = view.nextInstalment;
        if (next?.isSepa && !next.sepaFailed)
          offers.push({ kind, currency, amountMinor: next.amountMinor, dueOn: next.dueOn, href: offerHref[kind] });
        break;
      }
      case 'deferral': {
        const deferral = facts.deferral;
        if (deferral && deferral.payBy >= ctx.today && view.status.labelKey === 'status.deferred')
          offers.push({
            kind,
            payBy: deferral.payBy,
            covers: options.askedDate ? options.askedDate <= deferral.payBy : null,
            href: offerHref[kind],
          });
        break;
      }
      case 'documents': {
        // The dashboard's own count: documents are asked for only while the upload centre is on
        // (as the upload centre counts them); the upload needs the password.
        if (loaded.outstandingDocuments > 0)
          offers.push({ kind, count: loaded.outstandingDocuments, href: offerHref[kind] });
        break;
      }
      case 'otherFiles': {
        const cases = await turnCases(ctx);
        const same = cases.filter((c) => c.currency === currency);
        if (same.length > 1)
          offers.push({
            kind,
            currency,
            count: same.length,
            totalMinor: same.reduce((sum, c) => sum + Math.max(0, c.totalMinor), 0),
            href: offerHref[kind],
          });
        break;
      }
    }
  }
  return offers;
}

/** The result with the file's offers beside it (only when there are any). */
export function withOffers(result: ToolResult, offers: FileOffer[]): ToolResult {
  if (offers.length === 0 || !('offers' in result || result.kind === 'link' || result.kind === 'refused'))
    return result;
  return { ...result, offers: [...(('offers' in result && result.offers) || []), ...offers] } as ToolResult;
}

/**
 * Paying now, in full or in part: the pay-direct link for what the debtor asked (`input`), naming
 * the `slots` they gave, when the action layer offers a payment, else its refusal; either with the
 * file's offers of `kinds` beside it.
 */
export async function payDirectLink(
  ctx: ToolContext,
  intent: 'pay_now' | 'pay_partial',
  input: Slots,
  kinds: readonly OfferKind[],
  slots: Record<string, string | number>,
): Promise<ToolResult> {
  const href = linkOf(intent, input)!;
  const refused = await offerOf(ctx, intent, 'startPayment', href);
  const offers = await fileOffers(ctx, kinds);
  if (refused) return refused.kind === 'refused' ? withOffers(refused, offers) : refused;
  return withOffers({ kind: 'link', intent, href, slots }, offers);
}
