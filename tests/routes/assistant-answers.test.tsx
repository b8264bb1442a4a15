/**
 * The assistant's answers in sentences (issue 26), tool by tool against the seeded demo files:
 * each tool is called with its intent id, its result rendered by the pane's own component in the
 * language asked, and the text read back. Every figure asserted is read through the server code
 * the screens use (claim information, dashboard, checkout), formatted with the portal's
 * formatters for the language and the variant's country, so a tool that invents or drops a
 * figure, or a component that leaves one out, fails.
 */
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../intents/catalogue.ts';
import { createTools, type ToolResult } from '../../server/assistant/tools/index.ts';
import { loadClaimInformation } from '#server/claims/information.ts';
import { listDebtorCases } from '#server/claims/cases.ts';
import { loadUploadCenter } from '#server/documents/upload-center.ts';
import { loadDashboard } from '#server/claims/dashboard.ts';
import { loadFileFacts } from '#server/claims/facts.ts';
import { todayForVariant } from '#server/dates.ts';
import { loadFileContext } from '#server/instalments/context.ts';
import { planOffer } from '#server/instalments/plans.ts';
import { variants, type VariantId } from '#server/variants/config.ts';
import { ToolResultView } from '~/components/assistant/ToolResultView';
import { formatDate, formatMoney } from '~/lib/format';
import { publicVariant } from '~/lib/variant';
import { i18nConfig, namespaces } from '~/i18n';
import { resources } from '~/i18next.server';
import { demoFiles, useRouteDatabase } from '../helpers/routes.ts';
import { staticallyRouted } from '../statically-routed.tsx';

const database = useRouteDatabase();
const { fileOf } = demoFiles(database);

type Tools = Record<string, { execute: (input: object, options: object) => Promise<ToolResult> }>;

async function call(
  refno: string | null,
  intent: string,
  input: object = {},
  options: { level?: 'limited' | 'full'; variant?: VariantId; language?: Lang; abuseStrikes?: number } = {},
) {
  const variant = variants[options.variant ?? 'de'];
  const file = refno ? await fileOf(refno) : null;
  const tools = createTools({
    db: database.db,
    session: file ? { fileId: file.id, debtorId: file.debtorId, level: options.level ?? 'full' } : null,
    variant,
    language: options.language ?? 'de',
    today: todayForVariant(variant.id),
    conversation: { abuseStrikes: options.abuseStrikes ?? 0 },
  }) as unknown as Tools;
  return tools[intent]!.execute(input, { toolCallId: 'test', messages: [] });
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/[ \t\r\n]+/g, ' ');

/** The answer as the pane shows it, in `lang` for the variant's country; its text with spaces normalised (NBSP kept). */
async function answerText(result: ToolResult, lang: Lang, variantId: VariantId = 'de', signedIn = true) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: lang, ns: [...namespaces], resources });
  const variant = publicVariant(variants[variantId]);
  const locale = `${lang}-${variant.country}`;
  const routed = await staticallyRouted(
    <ToolResultView result={result} variant={variant} locale={locale} signedIn={signedIn} />,
    `${variant.basePath}/chatbot`,
  );
  const html = renderToStaticMarkup(<I18nextProvider i18n={i18n}>{routed}</I18nextProvider>);
  return { text: decode(html), html, locale };
}

const langs: Lang[] = ['de', 'en', 'es', 'fr', 'it', 'tr', 'sv'];

describe('explain_costs: what is owed and why, in sentences', () => {
  it.each(langs)(
    '100000001 in %s: main claim with the invoices, interest, each cost with its legal basis',
    async (lang) => {
      const file = await fileOf('100000001');
      const info = (await loadClaimInformation(database.db, file.id, todayForVariant('de')))!;
      const result = await call('100000001', 'explain_costs', {}, { language: lang });
      expect(result.kind).toBe('explain');
      const { text, locale } = await answerText(result, lang);
      const money = (minor: number) => formatMoney(minor, 'EUR', locale);
      expect(text).toContain(money(info.breakdown.totalMinor));
      expect(text).toContain(money(info.breakdown.mainClaimMinor));
      expect(text).toContain(money(info.breakdown.interestMinor));
      expect(text).toContain(money(info.breakdown.costsMinor));
      expect(info.invoices.length).toBe(2);
      for (const invoice of info.invoices) {
        expect(text).toContain(invoice.number);
        expect(text).toContain(formatDate(invoice.date, locale));
        expect(text).toContain(money(invoice.amountMinor));
        expect(text).toContain(invoice.descriptions[lang] ?? invoice.description);
      }
      expect(info.costs.length).toBeGreaterThan(0);
      for (const cost of info.costs) expect(text).toContain(money(cost.amountMinor));
      // The legal bases are the claim information page's own words for the file's codes.
      const claimInfo = (
        resources as unknown as Record<string, { claimInfo: { legal: { bases: { DE: Record<string, string> } } } }>
      )[lang]!.claimInfo;
      const bases = claimInfo.legal.bases.DE;
      expect(text).toContain(bases.rdgRvg);
      expect(text).toContain(bases.bgbDefault);
      expect(text).toContain(formatDate(info.interest.fromDate!, locale));
    },
  );

  it('names the payments made (100000002: two instalments paid) and the link to the claim information', async () => {
    const file = await fileOf('100000002');
    const info = (await loadClaimInformation(database.db, file.id, todayForVariant('de')))!;
    const result = await call('100000002', 'explain_costs');
    const { text, html } = await answerText(result, 'en');
    const paid = info.payments.filter((p) => p.turnover === 'payment');
    expect(paid.length).toBe(2);
    expect(text).toContain(`Your 2 payments of ${formatMoney(info.breakdown.paymentsMinor, 'EUR', 'en-DE')} in total`);
    expect(text).toContain(formatDate(paid[0]!.bookedOn, 'en-DE'));
    expect(html).toContain(encodeURIComponent('/claim-information'));
  });

  it('gives a reference-only session the password step-up, not the details', async () => {
    expect(await call('100000001', 'explain_costs', {}, { level: 'limited' })).toEqual({
      kind: 'stepUp',
      intent: 'explain_costs',
      returnTo: '/claim-information',
    });
  });

  it('words Swiss costs with their Swiss legal basis in French (300000001)', async () => {
    const result = await call('300000001', 'explain_costs', {}, { variant: 'ch', language: 'fr' });
    const { text } = await answerText(result, 'fr', 'ch');
    expect(text).toContain('CO');
    expect(text).toMatch(/CHF/);
  });
});

describe('who_we_are', () => {
  it.each(langs)('names the agency, the creditor and the original creditor, and how to check (%s)', async (lang) => {
    const file = await fileOf('100000001');
    const view = (await loadDashboard(database.db, file.id))!;
    const result = await call('100000001', 'who_we_are', {}, { language: lang });
    const { text, html } = await answerText(result, lang);
    expect(text).toContain('Clarus Inkasso');
    expect(text).toContain(variants.de.legal.name);
    expect(text).toContain(view.creditor.name);
    expect(text).toContain(view.originalCreditor!);
    expect(text).toContain(view.reference);
    expect(text).toContain(variants.de.support.phone);
    expect(html).toContain(encodeURIComponent('/legal-notice'));
  });

  it('a visitor hears who the agency is and how to check, without any file', async () => {
    const result = await call(null, 'who_we_are');
    expect(result).toMatchObject({ kind: 'whoWeAre', file: null });
    const { text } = await answerText(result, 'en', 'de', false);
    expect(text).toContain('Clarus Inkasso GmbH');
    expect(text).toContain('If you sign in');
  });
});

describe('hardship: acknowledged, the relief the file allows, the page and a person', () => {
  it.each(langs)('100000001 in %s: deferral and lower instalments with the checkout’s figures', async (lang) => {
    const file = await fileOf('100000001');
    const today = todayForVariant('de');
    const ctx = (await loadFileContext(database.db, { fileId: file.id, debtorId: file.debtorId }, today))!;
    const offer = planOffer(ctx);
    const result = await call('100000001', 'hardship', {}, { language: lang });
    if (result.kind !== 'hardship') throw new Error(`no hardship answer: ${result.kind}`);
    const { text, html, locale } = await answerText(result, lang);
    expect(text).toContain(formatMoney(offer.limits.absoluteMinMinor, 'EUR', locale));
    const deferral = result.relief.find((r) => r.kind === 'deferral');
    expect(deferral).toBeDefined();
    expect(text).toContain(formatDate(deferral!.kind === 'deferral' ? deferral!.payBy : '', locale));
    expect(html).toContain(encodeURIComponent('/service/hardship'));
    expect(html).toContain(encodeURIComponent('/service/contact?action=callback'));
    expect(html).toContain(`tel:${variants.de.support.phoneHref}`);
    expect(text).toContain(variants.de.support.phone);
  });

  it('offers skipping the next instalment of a running plan (100000002)', async () => {
    const file = await fileOf('100000002');
    const view = (await loadDashboard(database.db, file.id))!;
    const result = await call('100000002', 'hardship');
    const { text } = await answerText(result, 'de');
    expect(text).toContain(
      `die nächste Rate von ${formatMoney(view.nextInstalment!.amountMinor, 'EUR', 'de-DE')} am ${formatDate(view.nextInstalment!.dueOn, 'de-DE')} einmal aussetzen`,
    );
  });

  it('a file with a measure running still gets the page and a person, never a question (100000007)', async () => {
    const result = await call('100000007', 'hardship');
    expect(result).toMatchObject({ kind: 'hardship', relief: [] });
    const { text } = await answerText(result, 'de');
    expect(text).toContain('ein Mitarbeiter kann mit Ihnen eine Lösung suchen');
    expect(text).toContain(variants.de.support.phone);
  });

  it('a visitor gets the page and a person', async () => {
    const result = await call(null, 'hardship');
    expect(result).toMatchObject({ kind: 'hardship', relief: [], offers: [], href: '/service/hardship' });
  });
});

describe('abuse: calm, a person, the third time ends the conversation', () => {
  it.each(langs)('the first answer offers a person without ending (%s)', async (lang) => {
    const result = await call('100000001', 'abuse', {}, { language: lang });
    expect(result).toMatchObject({ kind: 'abuse', strike: 1, ended: false });
    const { text, html } = await answerText(result, lang);
    expect(text).toContain(variants.de.support.phone);
    expect(html).toContain(encodeURIComponent('/service/contact?action=callback'));
  });

  it('ends the conversation at the third time', async () => {
    expect(await call(null, 'abuse', {}, { abuseStrikes: 1 })).toMatchObject({ strike: 2, ended: false });
    const third = await call(null, 'abuse', {}, { abuseStrikes: 2 });
    expect(third).toMatchObject({ strike: 3, ended: true });
    const { text } = await answerText(third, 'en');
    expect(text).toContain('I am ending this conversation here');
  });
});

describe('what the file offers, brought up where it matters', () => {
  it('100000008 asking to pay all at once hears of its settlement offer, with the amount and the last day', async () => {
    const file = await fileOf('100000008');
    const view = (await loadDashboard(database.db, file.id))!;
    expect(view.specialOffer).not.toBeNull();
    const result = await call('100000008', 'pay_now');
    const { text, html } = await answerText(result, 'en');
    expect(text).toContain(
      `pay ${formatMoney(view.specialOffer!.amountMinor, 'EUR', 'en-DE')} by ${formatDate(view.specialOffer!.validTill, 'en-DE')}`,
    );
    expect(text).toContain(formatMoney(view.openAmountMinor, 'EUR', 'en-DE'));
    expect(html).toContain(encodeURIComponent('/checkout/pay-direct?offer=true'));
  });

  it('100000012 asking what it owes hears of the documents still asked for, counted as the upload centre counts them', async () => {
    const file = await fileOf('100000012');
    const center = await loadUploadCenter(database.db, file.id);
    expect(center.showUploadCenter && center.outstanding).toBe(3);
    const result = await call('100000012', 'claim_balance');
    expect(result).toMatchObject({ kind: 'balance' });
    expect('offers' in result && result.offers).toContainEqual(
      expect.objectContaining({ kind: 'documents', count: center.outstanding }),
    );
  });

  it('100000003 hears of its pending down payment, with its amount and due date', async () => {
    const file = await fileOf('100000003');
    const facts = (await loadFileFacts(database.db, file.id, { today: todayForVariant('de') }))!;
    const result = await call('100000003', 'pay_partial');
    const { text, html } = await answerText(result, 'es');
    expect(text).toContain(
      `Su pago inicial acordado de ${formatMoney(facts.downPayment!.amountMinor, 'EUR', 'es-DE')} vence el ${formatDate(facts.downPayment!.dueOn!, 'es-DE')}`,
    );
    expect(html).toContain(encodeURIComponent('/checkout/pay-direct?downpayment=true'));
  });

  it('100000005 asking for instalments is refused with the deposit and the link to pay it', async () => {
    const file = await fileOf('100000005');
    const facts = (await loadFileFacts(database.db, file.id, { today: todayForVariant('de') }))!;
    const result = await call('100000005', 'pay_instalments', { rate: 50 });
    expect(result).toMatchObject({ kind: 'refused', reason: 'depositFirst' });
    const { text, html } = await answerText(result, 'fr');
    expect(text).toContain(formatMoney(facts.depositRequiredMinor!, 'EUR', 'fr-DE'));
    expect(html).toContain(encodeURIComponent('/checkout/pay-direct?deposit=true'));
  });

  it('100000010 hears the total over its three files, as the claims list sums them', async () => {
    const file = await fileOf('100000010');
    const cases = await listDebtorCases(database.db, { debtorId: file.debtorId, fileId: file.id, level: 'full' });
    expect(cases.length).toBe(3);
    const total = cases.reduce((sum, c) => sum + c.totalMinor, 0);
    const result = await call('100000010', 'claim_balance');
    const { text } = await answerText(result, 'es');
    expect(text).toContain(`Tiene 3 deudas con nosotros, en total ${formatMoney(total, 'EUR', 'es-DE')}`);
  });

  it('100000011 asking to stop the direct debit this month hears its next amount and day, and what is allowed', async () => {
    const file = await fileOf('100000011');
    const view = (await loadDashboard(database.db, file.id))!;
    expect(view.nextInstalment?.isSepa).toBe(true);
    const result = await call('100000011', 'skip_instalment');
    const { text } = await answerText(result, 'de');
    expect(text).toContain(
      `die nächste über ${formatMoney(view.nextInstalment!.amountMinor, 'EUR', 'de-DE')} am ${formatDate(view.nextInstalment!.dueOn, 'de-DE')}`,
    );
    expect(text).toContain('Rückruf');
  });

  it('100000012 hears how many documents are asked for, with the upload link', async () => {
    const result = await call('100000012', 'upload_documents');
    const { text, html } = await answerText(result, 'tr');
    expect(text).toContain('Sizden hâlâ 3 belge bekliyoruz');
    expect(html).toContain(encodeURIComponent('/upload-center'));
  });

  it('100000004 asking to pay at the end of the month hears yes, until its granted deferral date', async () => {
    const file = await fileOf('100000004');
    const facts = (await loadFileFacts(database.db, file.id, { today: todayForVariant('de') }))!;
    const payBy = facts.deferral!.payBy;
    const result = await call('100000004', 'pay_later', { date: payBy });
    expect(result.kind).toBe('offers');
    const { text } = await answerText(result, 'de');
    expect(text).toContain(`Ja, das geht: Sie haben Zeit bis zum ${formatDate(payBy, 'de-DE')}`);
    // A day after it: the refusal names the pay-by day.
    const later = await call('100000004', 'pay_later', { date: '2099-01-31' });
    expect(later).toMatchObject({ kind: 'refused', reason: 'alreadyGranted' });
  });

  it('a reference-only session asking for documents gets the password step-up', async () => {
    expect(await call('100000012', 'upload_documents', {}, { level: 'limited' })).toMatchObject({ kind: 'stepUp' });
  });
});

/**
 * `SCREENSHOTS=1`: the hardship and explain answers as the pane shows them on a 390 px phone, in
 * German and Spanish, with the portal's own style sheets and the variant's colours, written to
 * e2e/.artifacts/screenshots/ (the classifier learns these intents on the dialogue branch, so the
 * journeys cannot ask for them by text yet).
 */
describe.runIf(process.env.SCREENSHOTS === '1')('phone screenshots of the answers', () => {
  it('hardship and explain in de and es', async () => {
    const { chromium } = await import('@playwright/test');
    const { readFileSync, mkdirSync } = await import('node:fs');
    const css = ['app/styles/app.css', 'app/styles/assistant.css'].map((f) => readFileSync(f, 'utf8')).join('\n');
    const theme = variants.de.brand.theme;
    const vars = `:root{--brand:${theme.primary};--brand-dark:${theme.primaryDark};--brand-tint:${theme.tint};--accent:${theme.accent};}`;
    const out = 'e2e/.artifacts/screenshots';
    mkdirSync(out, { recursive: true });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      for (const lang of ['de', 'es'] as const) {
        for (const [name, refno, intent] of [
          ['hardship', '100000001', 'hardship'],
          ['explain', '100000001', 'explain_costs'],
        ] as const) {
          const result = await call(refno, intent, {}, { language: lang });
          const { html } = await answerText(result, lang);
          await page.setContent(
            `<!doctype html><html lang="${lang}"><head><style>${vars}\n${css}</style></head><body>` +
              `<div class="chat-pane" role="dialog"><div class="chat-pane__log"><div class="chat-message chat-message--assistant">${html}</div></div></div></body></html>`,
          );
          await page.screenshot({ path: `${out}/answers-${name}-${lang}.png`, fullPage: true });
        }
      }
    } finally {
      await browser.close();
    }
  }, 120_000);
});
