/**
 * Renders an outbox row into a mail: subject, plain text and simple accessible HTML, in the
 * mail's language (namespace `mail`, German as fallback), with money and dates formatted for
 * the language and the variant's country and the variant's brand name. One renderer per
 * template of the `MailData` contract; the compiler insists on all of them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { fallbackLanguage, isLanguage, languages, type Language } from '../i18n/languages.ts';
import { intlLocale } from '../i18n/negotiate.ts';
import { defaultVariantId, variants, type Variant, type VariantId } from '../variants/config.ts';
import type { MailData, MailTemplate } from './outbox.ts';
import { escapeHtml, mailDate, mailDateTime, mailMoney, mailWeekday } from './format.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Inline images referenced from the HTML as cid: (the transfer QR code). */
  attachments: Array<{ cid: string; filename: string; dataUrl: string }>;
}

/** The content of a mail before it becomes text and HTML. */
interface Body {
  subject: string;
  /** Addressed to a person (greeting and closing) or an internal mail to the agency. */
  greeting: string | null;
  paragraphs: string[];
  details?: Array<[string, string]>;
  action?: { label: string; url: string };
  table?: { caption: string; head: string[]; rows: string[][] };
  image?: { cid: string; alt: string; dataUrl: string };
  after?: string[];
}

let translator: typeof i18next | undefined;
function mailI18n(): typeof i18next {
  if (translator) return translator;
  const resources: Record<string, { mail: Record<string, unknown> }> = {};
  for (const language of languages) {
    const file = path.resolve(process.cwd(), 'locales', language, 'mail.json');
    resources[language] = { mail: JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown> };
  }
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: fallbackLanguage,
    fallbackLng: fallbackLanguage,
    ns: ['mail'],
    defaultNS: 'mail',
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  translator = instance;
  return instance;
}

type Ctx = {
  t: TFunction;
  locale: string;
  variant: Variant;
  money: (m: { amountMinor: number; currency: string }) => string;
  date: (iso: string) => string;
};

function greeting(ctx: Ctx, addressee: { name: string; salutation: number }): string {
  if (addressee.salutation === 3 || !addressee.name.trim()) return ctx.t('greeting.general');
  return ctx.t('greeting.person', { name: addressee.name.trim() });
}

const renderers: { [K in MailTemplate]: (data: MailData[K], ctx: Ctx) => Body } = {
  passwordReset: (d, ctx) => ({
    subject: ctx.t('passwordReset.subject', { brand: ctx.variant.brand.name }),
    greeting: greeting(ctx, d),
    paragraphs: [ctx.t('passwordReset.intro')],
    action: { label: ctx.t('passwordReset.action'), url: d.link },
    after: [ctx.t('passwordReset.valid', { minutes: d.validMinutes }), ctx.t('passwordReset.notYou')],
  }),
  noticeOfCompletion: (d, ctx) => ({
    subject: ctx.t('noticeOfCompletion.subject', { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [
      ctx.t('noticeOfCompletion.intro', { creditor: d.creditor, date: ctx.date(d.settledOn) }),
      ctx.t('noticeOfCompletion.closed'),
    ],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.creditor'), d.creditor],
      [ctx.t('labels.settledOn'), ctx.date(d.settledOn)],
    ],
  }),
  instalmentPlan: (d, ctx) => ({
    subject: ctx.t('instalmentPlan.subject', { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [
      ctx.t('instalmentPlan.intro'),
      ...(d.directDebit
        ? [
            ctx.t('instalmentPlan.directDebit', {
              account: d.directDebit.account,
              mandate: d.directDebit.mandateReference,
              first: ctx.date(d.firstDueOn),
              last: ctx.date(d.rows.at(-1)?.dueOn ?? d.firstDueOn),
            }),
          ]
        : []),
    ],
    details: [
      [ctx.t('labels.reference'), d.reference],
      ...(d.directDebit
        ? ([
            [ctx.t('instalmentPlan.mandateReference'), d.directDebit.mandateReference],
            [ctx.t('instalmentPlan.debitedAccount'), d.directDebit.account],
          ] satisfies Array<[string, string]>)
        : []),
      [ctx.t('instalmentPlan.monthly'), ctx.money(d.monthly)],
      [ctx.t('instalmentPlan.firstDueOn'), ctx.date(d.firstDueOn)],
      [ctx.t('instalmentPlan.count'), String(d.instalmentCount)],
      ...d.fees.map((fee): [string, string] => [
        ctx.t(`instalmentPlan.fees.${fee.kind}`),
        ctx.money({ amountMinor: fee.amountMinor, currency: d.total.currency }),
      ]),
      [ctx.t('instalmentPlan.total'), ctx.money(d.total)],
    ],
    table: {
      caption: ctx.t('instalmentPlan.tableCaption'),
      head: [
        ctx.t('instalmentPlan.position'),
        ctx.t(d.directDebit ? 'instalmentPlan.debitOn' : 'instalmentPlan.dueOn'),
        ctx.t('instalmentPlan.amount'),
        ctx.t('instalmentPlan.remaining'),
      ],
      rows: d.rows.map((row) => [
        row.isFinal ? `${row.position} (${ctx.t('instalmentPlan.final')})` : String(row.position),
        ctx.date(row.dueOn),
        ctx.money({ amountMinor: row.amountMinor, currency: d.total.currency }),
        ctx.money({ amountMinor: row.remainingMinor, currency: d.total.currency }),
      ]),
    },
    after: [ctx.t(d.directDebit ? 'instalmentPlan.keepDirectDebit' : 'instalmentPlan.keep')],
  }),
  bankTransferDetails: (d, ctx) => ({
    subject: ctx.t('bankTransferDetails.subject', { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [ctx.t('bankTransferDetails.intro')],
    details: [
      [ctx.t('labels.recipient'), d.recipient],
      [ctx.t('labels.iban'), d.iban],
      [ctx.t('labels.bic'), d.bic],
      [ctx.t('labels.amount'), ctx.money(d.amount)],
      [ctx.t('labels.remittance'), d.remittance],
    ],
    image: d.qrPngDataUrl
      ? { cid: 'transfer-qr', alt: ctx.t('bankTransferDetails.qrAlt'), dataUrl: d.qrPngDataUrl }
      : undefined,
    after: [ctx.t('bankTransferDetails.remittanceHint')],
  }),
  paymentConfirmation: (d, ctx) => ({
    subject: ctx.t('paymentConfirmation.subject', { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [ctx.t('paymentConfirmation.intro', { amount: ctx.money(d.amount) })],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.amount'), ctx.money(d.amount)],
      [ctx.t('labels.provider'), d.provider],
      [ctx.t('labels.purpose'), d.purpose],
      [ctx.t('labels.paidAt'), mailDateTime(d.paidAt, ctx.locale)],
    ],
    after: [ctx.t('paymentConfirmation.booking')],
  }),
  deferralConfirmation: (d, ctx) => ({
    subject: ctx.t('deferralConfirmation.subject', { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [
      ctx.t('deferralConfirmation.intro', { date: ctx.date(d.payBy) }),
      ctx.t('deferralConfirmation.waiver'),
    ],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.payBy'), ctx.date(d.payBy)],
      ...(d.fee ? [[ctx.t('labels.fee'), ctx.money(d.fee)] as [string, string]] : []),
    ],
  }),
  agencyMessage: (d, ctx) => ({
    subject: ctx.t('agencyMessage.subject', {
      reference: d.reference,
      subject: ctx.t(`subjects.${d.subjectId}`, { defaultValue: String(d.subjectId) }),
    }),
    greeting: null,
    paragraphs: [ctx.t(d.fromAssistant ? 'agencyMessage.introAssistant' : 'agencyMessage.intro')],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.subject'), `${d.subjectId} – ${ctx.t(`subjects.${d.subjectId}`, { defaultValue: '' })}`],
      ...(d.subSubject ? [[ctx.t('labels.subSubject'), d.subSubject] as [string, string]] : []),
      [ctx.t('labels.replyEmail'), d.replyEmail ?? '–'],
      [ctx.t('labels.replyPhone'), d.replyPhone ?? '–'],
      [ctx.t('labels.attachments'), String(d.attachmentCount)],
    ],
    after: [ctx.t('labels.message'), d.body],
  }),
  agencyCallback: (d, ctx) => ({
    subject: ctx.t('agencyCallback.subject', { reference: d.reference }),
    greeting: null,
    paragraphs: [ctx.t('agencyCallback.intro')],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.phone'), d.phone],
      [ctx.t('labels.reason'), d.reason],
      [ctx.t('labels.weekday'), mailWeekday(d.weekday, ctx.locale)],
      [ctx.t('labels.timeOfDay'), ctx.t(`timeOfDay.${d.timeOfDay}`, { defaultValue: d.timeOfDay })],
      [ctx.t('labels.hour'), d.hour],
    ],
  }),
  agencyAnnouncedPayment: (d, ctx) => ({
    subject: ctx.t('agencyAnnouncedPayment.subject', { reference: d.reference }),
    greeting: null,
    paragraphs: [ctx.t('agencyAnnouncedPayment.intro')],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.payee'), ctx.t(`payees.${d.payee}`, { defaultValue: d.payee })],
      [ctx.t('labels.paidOn'), ctx.date(d.paidOn)],
      [ctx.t('labels.amount'), ctx.money(d.amount)],
      [ctx.t('labels.payerName'), d.payerName],
      [ctx.t('labels.receipts'), String(d.receiptCount)],
    ],
    after: [ctx.t('agencyAnnouncedPayment.review')],
  }),
  agencyDispute: (d, ctx) => ({
    subject: ctx.t('agencyDispute.subject', { reference: d.reference }),
    greeting: null,
    paragraphs: [ctx.t('agencyDispute.intro'), d.statement],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.disputeReason'), ctx.t(`disputeReasons.${d.reason}`, { defaultValue: d.reason })],
      [ctx.t('labels.debtorName'), d.debtorName],
      [ctx.t('labels.disputedAt'), ctx.date(d.disputedAt)],
      ...(d.dateGoodsReturn
        ? [[ctx.t('labels.goodsReturnedOn'), ctx.date(d.dateGoodsReturn)] as [string, string]]
        : []),
      [ctx.t('labels.evidence'), String(d.evidenceCount)],
      [ctx.t('labels.replyEmail'), d.replyEmail ?? ctx.t('agencyDispute.noEmail')],
    ],
    after: [ctx.t('agencyDispute.paused')],
  }),
  agencyHardship: (d, ctx) => ({
    subject: ctx.t('agencyHardship.subject', { reference: d.reference }),
    greeting: null,
    paragraphs: [
      ctx.t('agencyHardship.intro'),
      ...(d.statement ? [d.statement] : [ctx.t('agencyHardship.noStatement')]),
    ],
    details: [
      [ctx.t('labels.reference'), d.reference],
      [ctx.t('labels.hardshipReason'), ctx.t(`hardshipReasons.${d.reason}`, { defaultValue: d.reason })],
      [ctx.t('labels.debtorName'), d.debtorName],
      [ctx.t('labels.requestedAt'), ctx.date(d.requestedAt)],
      [ctx.t('labels.pausedUntil'), ctx.date(d.pausedUntil)],
      [ctx.t('labels.monthlyIncome'), d.income ? ctx.money(d.income) : ctx.t('agencyHardship.notGiven')],
      [ctx.t('labels.monthlyExpenses'), d.expenses ? ctx.money(d.expenses) : ctx.t('agencyHardship.notGiven')],
      [ctx.t('labels.replyEmail'), d.replyEmail ?? ctx.t('agencyDispute.noEmail')],
    ],
    after: [ctx.t('agencyHardship.paused'), ...(d.fromAssistant ? [ctx.t('agencyHardship.fromAssistant')] : [])],
  }),
  receipt: (d, ctx) => ({
    subject: ctx.t(`receipt.${d.kind}.subject`, { reference: d.reference }),
    greeting: greeting(ctx, d),
    paragraphs: [
      d.pausedUntil
        ? ctx.t(`receipt.${d.kind}.intro`, { date: ctx.date(d.pausedUntil) })
        : ctx.t(`receipt.${d.kind}.intro`),
      d.callback
        ? ctx.t('receipt.callback.when', {
            day: mailWeekday(d.callback.weekday, ctx.locale),
            time: d.callback.hour,
            phone: d.callback.phone,
          })
        : ctx.t('receipt.next'),
    ],
    details: [
      [ctx.t('labels.reference'), d.reference],
      ...(d.callback
        ? ([
            [ctx.t('labels.weekday'), mailWeekday(d.callback.weekday, ctx.locale)],
            [ctx.t('labels.hour'), d.callback.hour],
            [ctx.t('labels.phone'), d.callback.phone],
          ] as Array<[string, string]>)
        : []),
    ],
  }),
};

/**
 * The payment reference a debtor writes on a bank transfer, in their language ("Az 100000001",
 * "Ref. 100000001", "Ärende 100000001"): the agency's bank matching reads the number, so only the
 * word before it changes.
 */
export function transferReferenceText(language: string, reference: string): string {
  const lng = isLanguage(language) ? language : fallbackLanguage;
  return mailI18n().getFixedT(lng, 'mail')('bankTransferDetails.referenceText', { reference });
}

export function renderMail<K extends MailTemplate>(
  template: K,
  data: MailData[K],
  options: { language: string; variant: string },
): RenderedMail {
  const renderer = renderers[template] as ((data: MailData[K], ctx: Ctx) => Body) | undefined;
  if (!renderer) throw new Error(`unknown mail template ${String(template)}`);
  const variant = variants[options.variant as VariantId] ?? variants[defaultVariantId];
  const language: Language = isLanguage(options.language) ? options.language : variant.defaultLanguage;
  const locale = intlLocale(language, variant);
  const t = mailI18n().getFixedT(language, 'mail');
  const ctx: Ctx = {
    t,
    locale,
    variant,
    money: (m) => mailMoney(m.amountMinor, m.currency, locale),
    date: (iso) => mailDate(iso, locale),
  };
  const body = renderer(data, ctx);
  // After the greeting, German and Italian letters go on in lower case; the others start anew.
  if (body.greeting && language !== 'de' && language !== 'it' && body.paragraphs[0]) {
    body.paragraphs[0] = body.paragraphs[0].charAt(0).toLocaleUpperCase(locale) + body.paragraphs[0].slice(1);
  }
  const closing = body.greeting === null ? [] : [t('closing', { brand: variant.brand.name })];
  const footer = t('footer', { brand: variant.brand.name, phone: variant.support.phone, email: variant.support.email });
  return {
    subject: body.subject,
    text: toText(body, closing, footer, language),
    html: toHtml(body, closing, footer, language, variant),
    attachments: body.image ? [{ cid: body.image.cid, filename: 'qr-code.png', dataUrl: body.image.dataUrl }] : [],
  };
}

function toText(body: Body, closing: string[], footer: string, language: string): string {
  const lines: string[] = [];
  // French puts a (narrow) space before the colon.
  const colon = language === 'fr' ? '\u00a0:' : ':';
  if (body.greeting) lines.push(body.greeting, '');
  for (const p of body.paragraphs) lines.push(p, '');
  if (body.action) lines.push(`${body.action.label}${colon}`, body.action.url, '');
  if (body.details) {
    const width = Math.max(...body.details.map(([label]) => label.length + colon.length));
    for (const [label, value] of body.details) lines.push(`${`${label}${colon}`.padEnd(width + 1)}${value}`);
    lines.push('');
  }
  if (body.table) {
    lines.push(body.table.caption);
    lines.push(body.table.head.join(' | '));
    for (const row of body.table.rows) lines.push(row.join(' | '));
    lines.push('');
  }
  for (const p of body.after ?? []) lines.push(p, '');
  for (const c of closing) lines.push(c, '');
  lines.push('--', footer);
  return lines.join('\n');
}

function toHtml(body: Body, closing: string[], footer: string, language: string, variant: Variant): string {
  const e = escapeHtml;
  const para = (text: string) => `<p style="margin:0 0 16px">${e(text).replace(/\n/g, '<br>')}</p>`;
  const parts: string[] = [];
  parts.push(
    `<p style="margin:0 0 24px;font-weight:700;color:${variant.brand.theme.primaryDark}">${e(variant.brand.name)}</p>`,
  );
  parts.push(`<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px">${e(body.subject)}</h1>`);
  if (body.greeting) parts.push(para(body.greeting));
  for (const p of body.paragraphs) parts.push(para(p));
  if (body.action) {
    parts.push(
      `<p style="margin:0 0 16px"><a href="${e(body.action.url)}" style="display:inline-block;padding:12px 20px;background:${variant.brand.theme.primary};color:#ffffff;text-decoration:underline;border-radius:6px;font-weight:700">${e(body.action.label)}</a></p>`,
    );
    parts.push(para(body.action.url));
  }
  if (body.details) {
    parts.push('<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">');
    for (const [label, value] of body.details) {
      parts.push(
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${e(label)}</th><td style="padding:4px 0">${e(value)}</td></tr>`,
      );
    }
    parts.push('</table>');
  }
  if (body.table) {
    parts.push(
      `<table style="border-collapse:collapse;margin:0 0 16px"><caption style="text-align:left;font-weight:700;padding:0 0 8px">${e(body.table.caption)}</caption><thead><tr>`,
    );
    for (const h of body.table.head)
      parts.push(
        `<th scope="col" style="text-align:left;padding:4px 12px 4px 0;border-bottom:1px solid #8a96a3">${e(h)}</th>`,
      );
    parts.push('</tr></thead><tbody>');
    for (const row of body.table.rows)
      parts.push(`<tr>${row.map((cell) => `<td style="padding:4px 12px 4px 0">${e(cell)}</td>`).join('')}</tr>`);
    parts.push('</tbody></table>');
  }
  if (body.image)
    parts.push(
      `<p style="margin:0 0 16px"><img src="cid:${body.image.cid}" alt="${e(body.image.alt)}" width="180" height="180"></p>`,
    );
  for (const p of body.after ?? []) parts.push(para(p));
  for (const c of closing) parts.push(para(c));
  parts.push(
    `<hr style="border:0;border-top:1px solid #cfd6de;margin:24px 0 12px"><p style="margin:0;font-size:13px;color:#4a5563">${e(footer)}</p>`,
  );
  return `<!doctype html><html lang="${e(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(body.subject)}</title></head><body style="margin:0;padding:24px;background:#ffffff;color:#1b242e;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5"><div style="max-width:600px">${parts.join('')}</div></body></html>`;
}
