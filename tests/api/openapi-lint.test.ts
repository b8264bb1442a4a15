/**
 * Both published API documents linted with Spectral's OpenAPI ruleset (issue 29: "OpenAPI 3.1
 * published and linted (Spectral)"), as the documents are served: the debtor API's
 * (/api/openapi.json) and the agency API's (/agency/v1/openapi.json). An error fails; warnings are
 * listed here by rule and allowed only where this file says why.
 */
import * as spectralCore from '@stoplight/spectral-core';
import * as spectralParsers from '@stoplight/spectral-parsers';
import * as spectralRulesets from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { agencyOpenApiDocument } from '#server/agency/openapi.ts';
import { openApiDocument, operationIdOf } from '#server/api/openapi.ts';

// The packages are CommonJS: their names arrive on the namespace or on its default export.
type Core = typeof spectralCore;
const core = ('Spectral' in spectralCore ? spectralCore : (spectralCore as { default: Core }).default) as Core;
const { Json } = (
  'Json' in spectralParsers ? spectralParsers : (spectralParsers as { default: typeof spectralParsers }).default
) as typeof spectralParsers;
const { oas } = (
  'oas' in spectralRulesets ? spectralRulesets : (spectralRulesets as { default: typeof spectralRulesets }).default
) as typeof spectralRulesets;

/**
 * Warnings allowed, with the reason. `info-contact`: the agency's own contact is configured per
 * deployment, not in the code; `oas3-api-servers`: the document is served by the portal it
 * describes, whose address differs per deployment (paths are absolute from it).
 */
const allowedWarnings = new Set(['info-contact', 'oas3-api-servers']);

async function lint(name: string, document: unknown) {
  const spectral = new core.Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended']] } as never);
  const results = await spectral.run(new core.Document(JSON.stringify(document, null, 2), Json, `${name}.json`));
  const described = (r: (typeof results)[number]) => `${r.code} at ${r.path.join('.')}: ${r.message}`;
  return {
    errors: results.filter((r) => r.severity === 0).map(described),
    warnings: results.filter((r) => r.severity === 1 && !allowedWarnings.has(String(r.code))).map(described),
  };
}

describe('the published OpenAPI documents pass Spectral', () => {
  it('the debtor API', async () => {
    expect(await lint('debtor-api', openApiDocument())).toEqual({ errors: [], warnings: [] });
  }, 60_000);

  it('the agency API', async () => {
    expect(await lint('agency-api', agencyOpenApiDocument())).toEqual({ errors: [], warnings: [] });
  }, 60_000);

  it('names two endpoints of one name by their own paths', () => {
    expect(operationIdOf({ group: 'Forderung', name: 'GetRechnungen' })).toBe('Forderung_GetRechnungen');
    expect(
      operationIdOf({ group: 'Forderung', name: 'GetRechnungen', path: '/api/Forderung/GetRechnungen/{invoiceId}' }),
    ).toBe('Forderung_GetRechnungen_byInvoiceId');
    expect(
      operationIdOf({ group: 'Country', name: 'CreatePaymentRequest', path: '/api/Swish/CreatePaymentRequest' }),
    ).toBe('Swish_CreatePaymentRequest');
  });
});
