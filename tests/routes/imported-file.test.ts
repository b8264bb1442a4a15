/**
 * A file that came in by the bulk import (decision 096) is shown as any other: the dashboard and
 * the claim information of one file of every variant, made from nothing but its import line (no
 * invoices, costs or payments rows of its own), and the same file after a later line changed it.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { importBatch } from '#server/agency/import/run.ts';
import type { ImportLineInput } from '#server/agency/import/line.ts';
import type { ClaimInformation } from '#server/claims/information.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { loader as dashboard } from '~/routes/$portal.dashboard';
import { loader as claimInformation } from '~/routes/$portal.claim-information';
import { getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { cookieFor } = demoFiles(database);

const currencies: Record<VariantId, ImportLineInput['currency']> = {
  de: 'EUR',
  at: 'EUR',
  paycare: 'EUR',
  ch: 'CHF',
  se: 'SEK',
  no: 'NOK',
};

function lineFor(variant: VariantId, index: number): ImportLineInput {
  return {
    reference: String(990_000_000 + index),
    variant,
    currency: currencies[variant],
    debtor: {
      key: `route-${variant}`,
      salutation: 1,
      firstName: 'Max',
      lastName: 'Mustermann',
      streetName: 'Hauptstraße',
      houseNumber: '5',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    },
    creditor: { name: 'Telvia', street: 'Funkturmstraße 3', postalCode: '80331', city: 'München', country: 'DE' },
    statusCode: '1',
    statusDate: '2026-11-20',
    claimSubject: 'Mobilfunkvertrag Nr. 4471229',
    mainClaimMinor: 24_900,
    interestMinor: 312,
    costsMinor: 5_480,
  };
}

type View = { view: { reference: string; openAmountMinor: number; currency: string; status: { labelKey: string } } };

describe('a file made by the import', () => {
  it.each(Object.keys(variants).map((id, index) => [id as VariantId, index] as const))(
    'shows the %s file on its dashboard and claim information',
    async (variant, index) => {
      const line = lineFor(variant, index);
      const report = await importBatch(database.db, Readable.from([JSON.stringify(line)]));
      expect(report).toMatchObject({ status: 'done', accepted: 1, filesCreated: 1 });
      const params = { portal: variants[variant].basePath.slice(1) };
      const cookie = await cookieFor(line.reference);
      const page = await run(
        dashboard,
        getRequest(`${variants[variant].basePath}/dashboard`, { Cookie: cookie }),
        params,
      );
      expect(page.status).toBe(200);
      const { view } = page.data as View;
      expect(view).toMatchObject({ reference: line.reference, openAmountMinor: 24_900 + 312 + 5_480 });
      expect(view.currency).toBe(line.currency);
      const info = await run(
        claimInformation,
        getRequest(`${variants[variant].basePath}/claim-information`, { Cookie: cookie }),
        params,
      );
      expect(info.status).toBe(200);
      expect((info.data as { info: ClaimInformation }).info.breakdown).toEqual({
        mainClaimMinor: 24_900,
        interestMinor: 312,
        costsMinor: 5_480,
        paymentsMinor: 0,
        totalMinor: 30_692,
      });
      // The line itemised none of its costs: the page names them as not yet itemised (decision 105).
      expect((info.data as { info: ClaimInformation }).info).toMatchObject({ costs: [], unitemisedCostsMinor: 5_480 });
    },
  );

  it('itemises the costs a line gives, each with its kind, amount and legal basis', async () => {
    const line: ImportLineInput = {
      ...lineFor('ch', 21),
      costLines: [
        { kind: 'dunningFee', amountMinor: 2_000, legalBasis: 'CH.or106' },
        { kind: 'collectionFee', amountMinor: 3_000, legalBasis: 'CH.or106', vatIncluded: true },
      ],
    };
    await importBatch(database.db, Readable.from([JSON.stringify(line)]));
    const info = await run(
      claimInformation,
      getRequest(`${variants.ch.basePath}/claim-information`, { Cookie: await cookieFor(line.reference) }),
      { portal: variants.ch.basePath.slice(1) },
    );
    expect((info.data as { info: ClaimInformation }).info).toMatchObject({
      costs: [
        { kind: 'dunningFee', amountMinor: 2_000, legalBasis: 'CH.or106', vatIncluded: false },
        { kind: 'collectionFee', amountMinor: 3_000, legalBasis: 'CH.or106', vatIncluded: true },
      ],
      unitemisedCostsMinor: 480,
    });
  });

  it('shows what a later line changed: a payment and a settled status', async () => {
    const line = lineFor('de', 20);
    await importBatch(database.db, Readable.from([JSON.stringify(line)]));
    const settled = { ...line, statusCode: '3' as const, paymentsMinor: 30_692 };
    expect(await importBatch(database.db, Readable.from([JSON.stringify(settled)]))).toMatchObject({
      filesUpdated: 1,
      statusChanges: 1,
    });
    const page = await run(
      dashboard,
      getRequest('/serviceportal/dashboard', { Cookie: await cookieFor(line.reference) }),
      { portal: 'serviceportal' },
    );
    const { view } = page.data as View;
    expect(view.openAmountMinor).toBe(0);
    expect(view.status.labelKey).not.toBe('status.open');
  });
});
