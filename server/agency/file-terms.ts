/**
 * A file's own terms as the agency's resources (decision 103): `GET/PUT
 * /files/{reference}/payment-methods` (the methods allowed per purpose) and `GET/PUT
 * /files/{reference}/instalment-terms` (the plan limits and fees), each a part every file has from
 * the start (its variant's), versioned as the other parts (decision 102, parts.ts
 * `putStandingPart`).
 *
 * The agency narrows what the file's variant allows, never widens it (server/terms/file-terms.ts):
 * a method the variant does not allow for the purpose, a longer plan or a lower monthly amount is
 * 422 `notApplicable` with the field's path. The representation says what the file allows now
 * (`methods`, `effective`), what the agency set (`set`, null for the variant's) and the variant's
 * defaults, so an integration team sees the result of its choice beside the bound it has.
 *
 * Terms apply to new choices only: a payment under way keeps its method and a plan or a deferral
 * agreed keeps its instalments, fee and method (they are stored with it); the next payment, plan
 * or deferral the debtor chooses reads the terms as they are then.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { CostRules } from '../instalments/config.ts';
import type { FeeRule } from '../instalments/fees.ts';
import { allowedPurposes, type AllowedPurpose } from '../payments/allowed-methods.ts';
import { methodKeys } from '../payments/methods.ts';
import {
  effectiveTerms,
  fileMethodsFor,
  instalmentTermsIssues,
  methodListIssues,
  variantMethodsFor,
  type FileTerms,
  type InstalmentTerms,
  type MethodLists,
} from '../terms/file-terms.ts';
import { maxAmountMinor } from './import/line.ts';
import {
  currencyIssues,
  putStandingPart,
  readPart,
  type PartFile,
  type PartIssue,
  type StandingPartWrite,
} from './parts.ts';
import { parseReference, referenceOf } from './reference.ts';
import type { Preconditions } from './versions.ts';

// ---------------------------------------------------------------------------------------------
// Payment methods per purpose
// ---------------------------------------------------------------------------------------------

const purposeList = (purpose: AllowedPurpose, what: string) =>
  z
    .array(z.string().regex(/^[A-Za-z0-9]{1,32}$/))
    .min(1)
    .max(methodKeys.length)
    .refine((list) => new Set(list).size === list.length, 'a method is listed twice')
    .nullable()
    .optional()
    .describe(
      `The methods the file may use for ${what} (\`${purpose}\`): some of what the variant allows for it. Left out or null: the variant's.`,
    );

export const agencyPaymentMethodsInput = z
  .object({
    normal: purposeList('normal', 'paying the open amount'),
    instalmentPlan: purposeList('instalmentPlan', 'collecting a plan’s instalments (direct debit 3, transfer 6)'),
    instalments: purposeList('instalments', 'paying an instalment on the payment page'),
    specialDeal: purposeList('specialDeal', 'paying a special offer'),
    partialPayment: purposeList('partialPayment', 'a partial payment'),
    extension: purposeList('extension', 'pay later (transfer 6, direct debit 3)'),
  })
  .strict()
  .meta({
    id: 'AgencyPaymentMethodsInput',
    description: 'The file’s own list of methods per purpose; a purpose left out follows the variant.',
  });

export type AgencyPaymentMethodsInput = z.output<typeof agencyPaymentMethodsInput>;

const purposeMethods = z.object({
  methods: z
    .array(z.string())
    .describe(
      'What the file may use for the purpose now: `variantDefaults` narrowed by `set`, in the variant’s order.',
    ),
  set: z.array(z.string()).nullable().describe('The list you set; null: the variant’s defaults.'),
  variantDefaults: z.array(z.string()).describe('What the file’s variant allows for the purpose in its currency.'),
});

export const agencyPaymentMethodsSchema = z
  .object({
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    variant: z.string(),
    currency: z.string(),
    defaults: z.boolean().describe('True while the file has no list of its own: every purpose is the variant’s.'),
    purposes: z.object({
      normal: purposeMethods,
      instalmentPlan: purposeMethods,
      instalments: purposeMethods,
      specialDeal: purposeMethods,
      partialPayment: purposeMethods,
      extension: purposeMethods,
    }),
  })
  .meta({
    id: 'AgencyPaymentMethods',
    description:
      'The methods the file may use per purpose. At payment time the amount (cash up to its limit), a blocked file or online payment switched off can take more away.',
  });

export type AgencyPaymentMethods = z.infer<typeof agencyPaymentMethodsSchema>;

/** The file's stored terms (its row's columns). */
async function termsOf(db: Database, fileId: number): Promise<FileTerms> {
  const [row] = await db
    .select({ paymentMethods: t.files.paymentMethods, instalmentTerms: t.files.instalmentTerms })
    .from(t.files)
    .where(eq(t.files.id, fileId));
  return { paymentMethods: row?.paymentMethods ?? null, instalmentTerms: row?.instalmentTerms ?? null };
}

/** The lists of a body or of the file's row, in the purposes' order; null without any. */
function listsOf(lists: Partial<Record<AllowedPurpose, readonly string[] | null | undefined>> | null) {
  const set = allowedPurposes.filter((purpose) => lists?.[purpose]);
  return set.length === 0
    ? null
    : (Object.fromEntries(set.map((purpose) => [purpose, [...lists![purpose]!]])) as MethodLists);
}

function paymentMethodsOf(file: PartFile, reference: string, terms: FileTerms): AgencyPaymentMethods {
  const lists = listsOf(terms.paymentMethods);
  const purpose = (p: AllowedPurpose) => ({
    methods: fileMethodsFor(file.variant, p, file.currency, terms),
    set: lists?.[p] ?? null,
    variantDefaults: variantMethodsFor(file.variant, p, file.currency),
  });
  return {
    reference,
    variant: file.variant,
    currency: file.currency,
    defaults: lists === null,
    purposes: {
      normal: purpose('normal'),
      instalmentPlan: purpose('instalmentPlan'),
      instalments: purpose('instalments'),
      specialDeal: purpose('specialDeal'),
      partialPayment: purpose('partialPayment'),
      extension: purpose('extension'),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Instalment terms
// ---------------------------------------------------------------------------------------------

export const agencyInstalmentTermsInput = z
  .object({
    currency: z.enum(['EUR', 'CHF', 'SEK', 'NOK']).describe('Must be the file’s currency.'),
    maxMonths: z
      .number()
      .int()
      .min(1)
      .max(600)
      .nullable()
      .default(null)
      .describe(
        'The longest plan in months, with or without proof of income: between the variant’s fewest instalments and its longest plan. Null: the variant’s.',
      ),
    minMonthlyMinor: z
      .number()
      .int()
      .min(1)
      .max(maxAmountMinor)
      .nullable()
      .default(null)
      .describe(
        'The lowest monthly amount in minor units, with or without proof of income: at least the variant’s lowest. Null: the variant’s.',
      ),
    waiveInstalmentFee: z.boolean().default(false).describe('No instalment fee for a plan agreed from now on.'),
    waiveSettlementFee: z.boolean().default(false).describe('No settlement fee for pay later agreed from now on.'),
  })
  .strict()
  .meta({
    id: 'AgencyInstalmentTermsInput',
    description:
      'The file’s own instalment terms: they may only narrow the variant’s (a shorter plan, a higher monthly amount, a fee waived).',
  });

export type AgencyInstalmentTermsInput = z.output<typeof agencyInstalmentTermsInput>;

const feeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('flat'), amountMinor: z.number().int() }),
    z.object({
      kind: z.literal('statutoryTable'),
      table: z.string(),
      factorPermille: z.number().int(),
      basisPercent: z.number().int(),
    }),
  ])
  .describe('`none`, a `flat` amount, or `factorPermille`/1000 of the `table`’s fee on `basisPercent` % of the claim.');

const termsSchema = z.object({
  maxMonths: z.number().int().describe('The longest plan without proof of income.'),
  proofMaxMonths: z.number().int().describe('The longest plan with proof of income.'),
  minMonthlyMinor: z.number().int().describe('The lowest monthly amount without proof of income.'),
  proofMinMonthlyMinor: z.number().int().describe('The lowest monthly amount with proof of income.'),
  minInstalments: z.number().int(),
  minClaimMinor: z.number().int().describe('A smaller claim gets no plan (instalment error code 1).'),
  firstDueEarliestDays: z.number().int(),
  firstDueLatestDays: z.number().int(),
  instalmentFee: feeSchema,
  settlementFee: feeSchema,
  planExpensesMinor: z.number().int(),
  vatRateBp: z.number().int().describe('VAT on fees and expenses in basis points.'),
  deferralNoticeDays: z.array(z.number().int()).describe('The periods of pay later, in days.'),
});

export const agencyInstalmentTermsSchema = z
  .object({
    reference: z.string().describe('The file’s reference, `-<subcase>` when not 1.'),
    variant: z.string(),
    currency: z.string(),
    defaults: z.boolean().describe('True while the file has no terms of its own: `effective` is `variantDefaults`.'),
    set: z
      .object({
        maxMonths: z.number().int().nullable(),
        minMonthlyMinor: z.number().int().nullable(),
        waiveInstalmentFee: z.boolean(),
        waiveSettlementFee: z.boolean(),
      })
      .nullable()
      .describe('What you set; null: nothing.'),
    effective: termsSchema.describe('What a new plan or pay later of the file gets now.'),
    variantDefaults: termsSchema.describe('The variant’s terms: the bound of what you may set.'),
  })
  .meta({ id: 'AgencyInstalmentTerms', description: 'The file’s plan limits and fees: its own, and its variant’s.' });

export type AgencyInstalmentTerms = z.infer<typeof agencyInstalmentTermsSchema>;

function feeOf(rule: FeeRule): z.infer<typeof feeSchema> {
  switch (rule.kind) {
    case 'none':
      return { kind: 'none' };
    case 'flat':
      return { kind: 'flat', amountMinor: rule.amountMinor };
    case 'statutoryTable':
      return {
        kind: 'statutoryTable',
        table: rule.table.id,
        factorPermille: rule.factorPermille,
        basisPercent: rule.basisPercent,
      };
  }
}

const termsViewOf = (rules: CostRules): z.infer<typeof termsSchema> => ({
  maxMonths: rules.plan.regularMaxMonths,
  proofMaxMonths: rules.plan.proofMaxMonths,
  minMonthlyMinor: rules.plan.minMonthlyFloorMinor,
  proofMinMonthlyMinor: rules.plan.proofMonthlyFloorMinor,
  minInstalments: rules.plan.minInstalments,
  minClaimMinor: rules.plan.minClaimMinor,
  firstDueEarliestDays: rules.plan.firstDueEarliestDays,
  firstDueLatestDays: rules.plan.firstDueLatestDays,
  instalmentFee: feeOf(rules.instalmentFee),
  settlementFee: feeOf(rules.settlementFee),
  planExpensesMinor: rules.planExpensesMinor,
  vatRateBp: rules.vatRateBp,
  deferralNoticeDays: [...rules.deferralNoticeDays],
});

/** The terms of a body or of the file's row, in one order of fields; null when they set nothing. */
function ownTermsOf(terms: Partial<InstalmentTerms> | null): InstalmentTerms | null {
  const own = {
    maxMonths: terms?.maxMonths ?? null,
    minMonthlyMinor: terms?.minMonthlyMinor ?? null,
    waiveInstalmentFee: terms?.waiveInstalmentFee === true,
    waiveSettlementFee: terms?.waiveSettlementFee === true,
  };
  const nothing =
    own.maxMonths === null && own.minMonthlyMinor === null && !own.waiveInstalmentFee && !own.waiveSettlementFee;
  return nothing ? null : own;
}

function instalmentTermsOf(file: PartFile, reference: string, terms: FileTerms): AgencyInstalmentTerms {
  const set = ownTermsOf(terms.instalmentTerms);
  return {
    reference,
    variant: file.variant,
    currency: file.currency,
    defaults: set === null,
    set,
    effective: termsViewOf(effectiveTerms(file.variant, { ...terms, instalmentTerms: set }).rules),
    variantDefaults: termsViewOf(effectiveTerms(file.variant, null).rules),
  };
}

// ---------------------------------------------------------------------------------------------
// GET and PUT, as every part of a file every file has
// ---------------------------------------------------------------------------------------------

/** One of the two resources: its version's name, its representation, and its column of the file's row. */
interface TermsPart<I, P> {
  resource: 'paymentMethods' | 'instalmentTerms';
  of: (file: PartFile, reference: string, terms: FileTerms) => P;
  /** Whether the representation has nothing the agency set. */
  unset: (part: P) => boolean;
  /** Why the body widens the variant's terms or does not fit the file: 422 with these. */
  issues: (file: PartFile, input: I) => PartIssue[];
  /** The file's terms with the body's. */
  with: (terms: FileTerms, input: I) => FileTerms;
}

const paymentMethodsPart: TermsPart<AgencyPaymentMethodsInput, AgencyPaymentMethods> = {
  resource: 'paymentMethods',
  of: paymentMethodsOf,
  unset: (part) => part.defaults,
  issues: (file, input) => methodListIssues(file.variant, file.currency, input),
  with: (terms, input) => ({ ...terms, paymentMethods: listsOf(input) }),
};

const instalmentTermsPart: TermsPart<AgencyInstalmentTermsInput, AgencyInstalmentTerms> = {
  resource: 'instalmentTerms',
  of: instalmentTermsOf,
  unset: (part) => part.defaults,
  issues: (file, input) => {
    const currency = currencyIssues(file, input.currency);
    return currency.length > 0 ? currency : instalmentTermsIssues(file.variant, input);
  },
  with: (terms, input) => ({ ...terms, instalmentTerms: ownTermsOf(input) }),
};

export type TermsRead<P> = { ok: true; part: P; version: number } | { ok: false; problem: 'notFound' };

async function readTerms<P>(
  part: Pick<TermsPart<unknown, P>, 'resource' | 'of'>,
  db: Database,
  reference: string,
  now: Date,
): Promise<TermsRead<P>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  const read = await readPart(db, ref, { resource: part.resource, key }, now, async (tx, file) =>
    part.of(file, key, await termsOf(tx, file.id)),
  );
  return read.ok ? { ok: true, part: read.part, version: read.version } : { ok: false, problem: 'notFound' };
}

async function putTerms<I, P>(
  part: TermsPart<I, P>,
  db: Database,
  reference: string,
  input: I,
  preconditions: Preconditions,
  now: Date,
): Promise<StandingPartWrite<P>> {
  const ref = parseReference(reference);
  if (!ref) return { ok: false, problem: 'notFound' };
  const key = referenceOf(ref);
  return putStandingPart(db, ref, { resource: part.resource, key }, preconditions, now, {
    read: async (tx, file) => part.of(file, key, await termsOf(tx, file.id)),
    unset: part.unset,
    check: (file) => part.issues(file, input),
    write: async (tx, file) => {
      const before = await termsOf(tx, file.id);
      const after = part.with(before, input);
      // The same terms again write nothing (jsonb keeps no order of keys: compared as the representation).
      if (JSON.stringify(part.of(file, key, after)) === JSON.stringify(part.of(file, key, before))) return;
      await tx
        .update(t.files)
        .set({ paymentMethods: after.paymentMethods, instalmentTerms: after.instalmentTerms })
        .where(eq(t.files.id, file.id));
    },
  });
}

/** GET /files/{reference}/payment-methods. */
export const readAgencyPaymentMethods = (db: Database, reference: string, now = new Date()) =>
  readTerms(paymentMethodsPart, db, reference, now);

/** PUT /files/{reference}/payment-methods: 422 for a method the variant does not allow for the purpose. */
export const putAgencyPaymentMethods = (
  db: Database,
  reference: string,
  input: AgencyPaymentMethodsInput,
  preconditions: Preconditions,
  now = new Date(),
) => putTerms(paymentMethodsPart, db, reference, input, preconditions, now);

/** GET /files/{reference}/instalment-terms. */
export const readAgencyInstalmentTerms = (db: Database, reference: string, now = new Date()) =>
  readTerms(instalmentTermsPart, db, reference, now);

/** PUT /files/{reference}/instalment-terms: 422 for terms wider than the variant's or another currency. */
export const putAgencyInstalmentTerms = (
  db: Database,
  reference: string,
  input: AgencyInstalmentTermsInput,
  preconditions: Preconditions,
  now = new Date(),
) => putTerms(instalmentTermsPart, db, reference, input, preconditions, now);
