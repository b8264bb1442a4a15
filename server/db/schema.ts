/**
 * The portal's data model (section 3 of the spec). Money is always an integer of minor units
 * (cents, öre, Rappen) next to an ISO currency code; never a float.
 *
 * One module per area in ./schema/; this module is what the code imports (`* as t`) and what
 * drizzle-kit reads (drizzle.config.ts).
 */
export * from './schema/files.ts';
export * from './schema/agreements.ts';
export * from './schema/requests.ts';
export * from './schema/access.ts';
export * from './schema/operations.ts';
export * from './schema/payments.ts';
export * from './schema/agency.ts';
export * from './schema/imports.ts';
