/**
 * The kinds of collection cost and the legal bases they are charged on (RDG § 13a: type, amount
 * and basis of every cost), as codes the portal names in the page's language (decision 029,
 * locales/<lang>/claimInfo.json `costKinds` and `legal.bases`). The agency's system itemises its
 * costs by these codes (the import line's `costLines`, decision 105); the portal's own agreement
 * fees are the last two kinds, charged when a plan or pay later is agreed (decision 026).
 */

/** The fees the portal itself charges; every other kind is the agency's to itemise. */
export const portalFeeKinds = ['instalmentFee', 'settlementFee'] as const;

/** The kinds of cost an agency's line itemises. */
export const agencyCostKinds = [
  'collectionFee',
  'dunningFee',
  'addressInquiry',
  'creditorCosts',
  'courtFee',
  'other',
] as const;

/** Every kind of collection cost a file holds (`collection_costs.kind`). */
export const costKinds = [...agencyCostKinds, ...portalFeeKinds] as const;

export type CostKind = (typeof costKinds)[number];

/** The legal bases with a text in every language, as `<country>.<law>`. */
export const legalBasisCodes = [
  'DE.bgbDefault',
  'DE.rdgRvg',
  'AT.abgb1333',
  'AT.abgb1333Fees',
  'CH.or106',
  'SE.costsAct',
  'SE.costsActOrdinance',
  'NO.debtCollectionAct17',
  'NO.debtCollectionRegulation',
] as const;

export type LegalBasisCode = (typeof legalBasisCodes)[number];
