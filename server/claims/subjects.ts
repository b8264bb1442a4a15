/**
 * What a claim is for, as the agency's system codes it (decision 029): a key of this catalogue
 * and its parameters (contract, order or account numbers, the kind of goods). The portal words it
 * in the page's language (locales/<lang>/claim.json, `subjects` and `goods`). A file whose subject
 * came only as the creditor's free text shows that text as it is.
 */
export const claimSubjectKeys = [
  'purchase',
  'mobileContract',
  'telecomContract',
  'broadbandContract',
  'electricity',
  'gasFinal',
  'water',
  'districtHeating',
  'membership',
] as const;
export type ClaimSubjectKey = (typeof claimSubjectKeys)[number];

/** Kinds of goods a purchase can be for; a parameter value outside the list is shown as it is. */
export const goodsKeys = [
  'clothing',
  'householdGoods',
  'gardenTools',
  'electronics',
  'furniture',
  'tools',
  'appliances',
  'buildingMaterials',
] as const;

export interface ClaimSubject {
  /** The creditor's own wording, always there. */
  text: string;
  /** The coded subject, when the agency's system sent one the portal knows. */
  code: { key: ClaimSubjectKey; params: Record<string, string> } | null;
}

export function claimSubject(text: string, key: string | null, params: Record<string, string> | null): ClaimSubject {
  const known = key !== null && (claimSubjectKeys as readonly string[]).includes(key);
  return { text, code: known ? { key: key as ClaimSubjectKey, params: params ?? {} } : null };
}
