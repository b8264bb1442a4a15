/**
 * Issue 12, finding 5: what the agency's system sends (claim subjects, invoice lines, legal bases,
 * event kinds) is worded in the page's language; the sandbox pages follow the journey's variant;
 * legal names follow the language; the Swiss QR-bill is built by the standard's rules.
 */
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { isQRReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
import { claimSubject } from '#server/claims/subjects.ts';
import { languages } from '#server/i18n/languages.ts';
import { negotiateLanguage } from '#server/i18n/negotiate.ts';
import { transferReferenceText } from '#server/mail/templates.ts';
import { qrReference, splitStreet, swissQrBillSvg, type QrBillInput } from '#server/payments/swiss-qr-bill.ts';
import { legalEntityIn, variants } from '#server/variants/config.ts';
import { resolveVariant, sandboxLink } from '#server/variants/resolve.ts';
import { claimSubjectText, invoiceDescription, legalBasisText } from '~/lib/claim-texts';

const namespaces = ['claim', 'claimInfo'] as const;
const resources = Object.fromEntries(
  languages.map((l) => [
    l,
    Object.fromEntries(namespaces.map((ns) => [ns, JSON.parse(readFileSync(`locales/${l}/${ns}.json`, 'utf8'))])),
  ]),
);
const i18n = i18next.createInstance();
await i18n.init({
  resources,
  lng: 'de',
  fallbackLng: 'de',
  ns: [...namespaces],
  interpolation: { escapeValue: false },
  initImmediate: false,
});
const tIn = (language: string) => i18n.getFixedT(language);

describe('texts from the agency system in the page language', () => {
  const subject = claimSubject('Köpeavtal, order 31-77820 (möbler)', 'purchase', {
    goods: 'furniture',
    order: '31-77820',
  });

  it.each([
    ['de', 'Kaufvertrag über Möbel, Bestellung 31-77820'],
    ['en', 'Purchase of furniture, order 31-77820'],
    ['sv', 'Köp av möbler, order 31-77820'],
    ['tr', 'Satın alma: mobilya, sipariş 31-77820'],
  ])('a coded claim subject reads in %s: %s', (language, expected) => {
    expect(claimSubjectText(tIn(language), subject)).toBe(expected);
  });

  it('shows free text from the agency as it came, and an unknown code as the creditor’s words', () => {
    expect(claimSubjectText(tIn('en'), claimSubject('Werkvertrag 7', null, null))).toBe('Werkvertrag 7');
    expect(claimSubjectText(tIn('en'), claimSubject('Werkvertrag 7', 'workContract', { no: '7' }))).toBe(
      'Werkvertrag 7',
    );
  });

  it('names an invoice line in the page language where the agency has it', () => {
    const line = {
      description: 'Wintermantel, Wollmischung',
      descriptions: { en: 'Winter coat, wool blend', sv: 'Vinterkappa, ullblandning' },
    };
    expect(invoiceDescription(line, 'sv')).toBe('Vinterkappa, ullblandning');
    expect(invoiceDescription(line, 'es')).toBe('Wintermantel, Wollmischung');
  });

  it('cites the Swiss Code of Obligations as CO in Italian and French, OR in German; free text stays', () => {
    expect(legalBasisText(tIn('it'), 'CH.or106')).toBe('art. 106 CO');
    expect(legalBasisText(tIn('fr'), 'CH.or106')).toBe('art. 106 CO');
    expect(legalBasisText(tIn('de'), 'CH.or106')).toBe('Art. 106 OR');
    expect(legalBasisText(tIn('en'), 'CH.or106')).toMatch(/Swiss Code of Obligations/);
    expect(legalBasisText(tIn('en'), '§ 4 AGB')).toBe('§ 4 AGB');
  });

  it.each(['en', 'sv', 'tr'])(
    'has a %s text for every event kind the server writes, the booked payment among them',
    (language) => {
      const t = tIn(language);
      for (const kind of ['handedOver', 'letterSent', 'payment', 'disputeRaised']) {
        const own = t(`claimInfo:events.kinds.${kind}`);
        expect(own).not.toBe(i18n.getFixedT('de')(`claimInfo:events.kinds.${kind}`));
        expect(own).not.toBe(t('claimInfo:events.kinds.other'));
      }
    },
  );
});

describe('the sandbox pages follow the journey', () => {
  it('takes the variant the link names, only on the sandbox pages', () => {
    const link = sandboxLink('/sandbox/bankid/abc', variants.se, 'sv');
    expect(link).toBe('/sandbox/bankid/abc?variant=se&hl=sv');
    expect(resolveVariant(new URL(`http://portal.test${link}`)).id).toBe('se');
    expect(sandboxLink('/sandbox/pay/x?embed=1', variants.ch, 'it')).toBe('/sandbox/pay/x?embed=1&variant=ch&hl=it');
    // Elsewhere the parameter means nothing; a real provider's page is left alone.
    expect(resolveVariant(new URL('http://portal.test/serviceportal/dashboard?variant=se')).id).toBe('de');
    expect(resolveVariant(new URL('http://portal.test/sandbox/pay/x?variant=nope')).id).toBe('de');
    expect(sandboxLink('https://provider.example/pay/1', variants.se, 'sv')).toBe('https://provider.example/pay/1');
  });

  it('speaks Swedish there during a Swedish journey', () => {
    const request = new Request('http://portal.test/sandbox/bankid/abc?variant=se', {
      headers: { Cookie: 'portal_lang=sv' },
    });
    expect(negotiateLanguage(request, resolveVariant(new URL(request.url)))).toBe('sv');
  });
});

describe('legal names per language', () => {
  it('names the Swiss authority in Italian and French, and keeps German where no other name exists', () => {
    expect(legalEntityIn(variants.ch, 'it').supervisoryAuthority.name).toBe(
      'Incaricato federale della protezione dei dati e della trasparenza (IFPDT)',
    );
    expect(legalEntityIn(variants.ch, 'fr').supervisoryAuthority.name).toMatch(/^Préposé fédéral/);
    expect(legalEntityIn(variants.ch, 'de').supervisoryAuthority.name).toMatch(/^Eidgenössischer/);
    expect(legalEntityIn(variants.de, 'en')).toBe(variants.de.legal);
  });
});

describe('the transfer reference', () => {
  it.each([
    ['de', 'Az 100000001'],
    ['sv', 'Ärende 100000001'],
    ['tr', 'Dosya 100000001'],
    ['it', 'Rif. 100000001'],
    ['fr', 'Réf. 100000001'],
  ])('in %s reads %s', (language, expected) => {
    expect(transferReferenceText(language, '100000001')).toBe(expected);
  });
});

describe('Swiss QR-bill', () => {
  const input: QrBillInput = {
    qrIban: 'CH4431999123000889012',
    creditor: {
      name: 'Clarus Inkasso AG',
      ...splitStreet('Löwenstrasse 29'),
      postalCode: '8001',
      city: 'Zürich',
      country: 'CH',
    },
    debtor: {
      name: 'Céline Favre',
      street: 'Rue de Lausanne',
      houseNumber: '64',
      postalCode: '1202',
      city: 'Genève',
      country: 'CH',
    },
    amountMinor: 80170,
    currency: 'CHF',
    reference: qrReference('300000001', 1),
    message: 'Rif. 300000001',
    language: 'it',
  };

  it('gives every file a valid QR reference of 27 digits, the subcase in it', () => {
    expect(qrReference('300000001', 1)).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(qrReference('300000001', 1))).toBe(true);
    expect(isQRReferenceValid(qrReference('100000010', 3))).toBe(true);
    expect(qrReference('100000010', 3)).not.toBe(qrReference('100000010', 2));
  });

  it('splits a street line into street and house number', () => {
    expect(splitStreet('Löwenstrasse 29')).toEqual({ street: 'Löwenstrasse', houseNumber: '29' });
    expect(splitStreet('Bahnhofstraße 3a')).toEqual({ street: 'Bahnhofstraße', houseNumber: '3a' });
    expect(splitStreet('Postfach')).toEqual({ street: 'Postfach' });
  });

  it('renders the bill in the page language with the QR-IBAN, the amount and the reference, scaling by its viewBox', () => {
    const svg = swissQrBillSvg(input)!;
    expect(svg.startsWith('<svg viewBox="0 0 793.701 396.850"')).toBe(true);
    expect(svg).toContain('CH44 3199 9123 0008 8901 2');
    expect(svg).toContain('801.70');
    expect(svg).toContain('Ricevuta'); // the receipt's title in Italian
  });

  it('refuses what cannot be a QR-bill: euros, a plain IBAN, no amount', () => {
    expect(swissQrBillSvg({ ...input, currency: 'EUR' })).toBeNull();
    expect(swissQrBillSvg({ ...input, qrIban: 'CH9300762011623852957' })).toBeNull();
    expect(swissQrBillSvg({ ...input, amountMinor: 0 })).toBeNull();
  });
});
