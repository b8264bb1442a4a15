import { describe, expect, it } from 'vitest';
import { languages } from '../i18n/languages.ts';
import type { MailData, MailTemplate } from './outbox.ts';
import { renderMail } from './templates.ts';

const person = { name: 'Céline Favre', salutation: 2 };
const chf = (amountMinor: number) => ({ amountMinor, currency: 'CHF' });
export const samples: { [K in MailTemplate]: MailData[K] } = {
  passwordReset: { ...person, link: 'https://portal.example/serviceportal/password/reset/abc', validMinutes: 30 },
  noticeOfCompletion: { ...person, reference: '300000001', creditor: 'Limmat Versand AG', settledOn: '2026-11-02' },
  instalmentPlan: {
    ...person,
    reference: '300000001',
    monthly: chf(15000),
    firstDueOn: '2026-12-01',
    instalmentCount: 2,
    fees: [{ kind: 'instalmentFee', amountMinor: 3605 }],
    total: chf(28605),
    rows: [
      {
        position: 1,
        dueOn: '2026-12-01',
        amountMinor: 15000,
        claimMinor: 28605,
        remainingMinor: 13605,
        isFinal: false,
      },
      { position: 2, dueOn: '2027-01-01', amountMinor: 13605, claimMinor: 13605, remainingMinor: 0, isFinal: true },
    ],
  },
  bankTransferDetails: {
    ...person,
    reference: '300000001',
    amount: chf(123456),
    recipient: 'Clarus Inkasso AG',
    iban: 'CH9300762011623852957',
    bic: 'POFICHBEXXX',
    remittance: '300000001',
    qrPngDataUrl: null,
  },
  paymentConfirmation: {
    ...person,
    reference: '300000001',
    amount: chf(123456),
    provider: 'TWINT',
    purpose: '300000001',
    paidAt: '2026-11-20T09:30:00Z',
  },
  deferralConfirmation: { ...person, reference: '300000001', payBy: '2026-12-20', fee: null },
  agencyMessage: {
    reference: '300000001',
    subjectId: 2,
    subSubject: null,
    body: 'Warum <b>so</b> hoch?',
    replyEmail: 'a@example.org',
    replyPhone: null,
    attachmentCount: 1,
    fromAssistant: false,
  },
  agencyCallback: {
    reference: '300000001',
    phone: '+41 79 123 45 67',
    reason: 'Ratenzahlung',
    weekday: 2,
    timeOfDay: 'morning',
    hour: '09:30',
  },
  agencyAnnouncedPayment: {
    reference: '300000001',
    payee: 'agency',
    paidOn: '2026-11-10',
    amount: chf(50000),
    payerName: 'Céline Favre',
    receiptCount: 1,
  },
  agencyDispute: {
    reference: '300000001',
    reason: 'goodsReturned',
    statement: 'Ware am 3. November zurückgeschickt.',
    dateGoodsReturn: '2026-11-03',
    evidenceCount: 2,
    debtorName: 'Céline Favre',
    replyEmail: 'celine.favre@example.org',
    disputedAt: '2026-11-20T09:30:00Z',
  },
  agencyHardship: {
    reference: '300000001',
    reason: 'jobLoss',
    statement: 'Seit Oktober arbeitslos, Arbeitslosengeld ist beantragt.',
    income: { amountMinor: 180000, currency: 'CHF' },
    expenses: { amountMinor: 150000, currency: 'CHF' },
    pausedUntil: '2026-12-20',
    debtorName: 'Céline Favre',
    replyEmail: null,
    requestedAt: '2026-11-20T09:30:00Z',
    fromAssistant: true,
  },
  receipt: { ...person, reference: '300000001', kind: 'announcedPayment' },
};

describe('mail templates', () => {
  const templates = Object.keys(samples) as MailTemplate[];
  it.each(languages.flatMap((language) => templates.map((template) => [language, template] as const)))(
    '%s %s renders without raw keys',
    (language, template) => {
      const mail = renderMail(template, samples[template] as never, { language, variant: 'ch' });
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(
          /\b(labels|greeting|receipt|passwordReset|instalmentPlan|agency\w+|subjects|timeOfDay|payees)\.[a-zA-Z0-9]+/,
        );
        expect(part.length).toBeGreaterThan(10);
      }
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.text).toContain('Clarus Inkasso');
    },
  );

  it('formats money and dates for the language and the variant’s country (fr-CH)', () => {
    const mail = renderMail('paymentConfirmation', samples.paymentConfirmation, { language: 'fr', variant: 'ch' });
    expect(mail.text).toContain(new Intl.NumberFormat('fr-CH', { style: 'currency', currency: 'CHF' }).format(1234.56));
    expect(mail.text).toContain('Bonjour Céline Favre,');
    expect(mail.subject).toBe('Paiement reçu – dossier 300000001');
  });

  it('uses the brand of the variant and Swedish formats for sv-SE', () => {
    const mail = renderMail(
      'deferralConfirmation',
      { ...samples.deferralConfirmation, fee: { amountMinor: 5000, currency: 'SEK' } },
      { language: 'sv', variant: 'se' },
    );
    expect(mail.text).toContain('20 december 2026');
    expect(mail.text).toContain(new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(50));
    const paycare = renderMail('receipt', samples.receipt, { language: 'de', variant: 'paycare' });
    expect(paycare.text).toContain('Ihr Team von Paycare');
  });

  it.each(languages)('confirms a breathing space in %s with the day it ends', (language) => {
    const mail = renderMail(
      'receipt',
      { ...person, reference: '300000001', kind: 'hardship', pausedUntil: '2026-12-20' },
      { language, variant: 'ch' },
    );
    expect(mail.text).toContain(
      new Intl.DateTimeFormat(`${language}-CH`, { dateStyle: 'long' }).format(new Date('2026-12-20T12:00:00Z')),
    );
  });

  it('escapes what the debtor typed in the HTML', () => {
    const mail = renderMail('agencyMessage', samples.agencyMessage, { language: 'de', variant: 'de' });
    expect(mail.html).toContain('Warum &lt;b&gt;so&lt;/b&gt; hoch?');
    expect(mail.html).not.toContain('<b>so</b>');
  });

  it('addresses a company without a personal greeting', () => {
    const mail = renderMail(
      'receipt',
      { name: 'Muster GmbH', salutation: 3, reference: '1', kind: 'message' },
      { language: 'en', variant: 'de' },
    );
    expect(mail.text.startsWith('Dear Sir or Madam,\n\nThank you for your message.')).toBe(true);
  });
});
