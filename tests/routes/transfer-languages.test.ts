/**
 * Bank transfers per language and variant (issue 12, finding 5): the payment reference is worded
 * in the debtor's language, and a Swiss transfer in francs comes with a QR-bill (the variant's
 * QR-IBAN, the file's QR reference) served only to the file's own debtor.
 */
import { eq } from 'drizzle-orm';
import { isQRReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import * as t from '#server/db/schema.ts';
import { action as payDirect } from '~/routes/$portal.checkout.pay-direct';
import { loader as paymentPage } from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId';
import { loader as qrBill } from '~/routes/$portal.checkout.pay-direct_.payment.$paymentId_.qr-bill[.]svg';
import { formRequest, getRequest, run, useRouteDatabase, demoFiles } from '../helpers/routes.ts';

const database = useRouteDatabase();
const { fileOf, cookieFor } = demoFiles(database);

type PaymentPageData = {
  instructions: { remittance: string; iban: string };
  qr: string | null;
  qrBill: { reference: string; iban: string } | null;
};

/** Starts a bank transfer for the file in the given language and returns its payment page. */
async function transfer(refno: string, portal: string, language: string) {
  const cookie = await cookieFor(refno);
  const started = await run(
    payDirect,
    formRequest(
      `/${portal}/checkout/pay-direct?hl=${language}`,
      { intent: 'pay', method: '6', idempotencyKey: crypto.randomUUID() },
      { Cookie: cookie },
    ),
    { portal },
  );
  expect(started.status).toBe(302);
  const file = await fileOf(refno);
  const [payment] = await database.db.select().from(t.payments).where(eq(t.payments.fileId, file.id));
  const params = { portal, paymentId: payment!.id };
  const page = await run(
    paymentPage,
    getRequest(`/${portal}/checkout/pay-direct/payment/${payment!.id}?hl=${language}`, { Cookie: cookie }),
    params,
  );
  expect(page.status).toBe(200);
  return { data: page.data as PaymentPageData, params, cookie, paymentId: payment!.id };
}

describe('the payment reference of a transfer', () => {
  it('reads "Ärende" in Swedish, not the German "Az"', async () => {
    const { data } = await transfer('400000001', 'serviceportal-se', 'sv');
    expect(data.instructions.remittance).toBe('Ärende 400000001');
    // Kronor have neither an EPC code nor a QR-bill.
    expect(data.qr).toBeNull();
    expect(data.qrBill).toBeNull();
  });

  it('reads "Dosya" in Turkish in the German variant, with the GiroCode', async () => {
    const { data } = await transfer('100000004', 'serviceportal', 'tr');
    expect(data.instructions.remittance).toBe('Dosya 100000004');
    expect(data.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.qrBill).toBeNull();
  });
});

describe('the Swiss QR-bill', () => {
  it('comes with a Swiss transfer: QR-IBAN, a valid QR reference, an Italian reference text, and only for the own debtor', async () => {
    const { data, params, paymentId } = await transfer('300000001', 'serviceportal-ch', 'it');
    expect(data.instructions.remittance).toBe('Rif. 300000001');
    expect(data.qrBill?.iban).toBe('CH4431999123000889012');
    expect(isQRReferenceValid(data.qrBill!.reference.replace(/\s/g, ''))).toBe(true);

    const path = `/serviceportal-ch/checkout/pay-direct/payment/${paymentId}/qr-bill.svg`;
    const own = await run(qrBill, getRequest(path, { Cookie: await cookieFor('300000001') }), params);
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    const svg = await own.response!.text();
    expect(svg).toContain('CH44 3199 9123 0008 8901 2');
    expect(svg).toContain('Céline Favre');
    expect(svg).toContain('Ricevuta');

    const download = await run(
      qrBill,
      getRequest(`${path}?download=1`, { Cookie: await cookieFor('300000001') }),
      params,
    );
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="qr-bill-300000001.svg"');

    // Another debtor never sees it: sent to their own variant, where the payment is unknown.
    const stranger = await cookieFor('100000002');
    const moved = await run(qrBill, getRequest(path, { Cookie: stranger }), params);
    expect(moved.status).toBe(302);
    const inOwnVariant = await run(qrBill, getRequest(moved.headers.get('Location')!, { Cookie: stranger }), {
      portal: 'serviceportal',
      paymentId,
    });
    expect(inOwnVariant.status).toBe(404);
  });
});
