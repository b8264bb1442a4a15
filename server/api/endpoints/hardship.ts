/**
 * Hardship over the JSON API (issue 26, item 3): beyond the calls of spec section 7, the same view
 * and action the page /service/hardship presents, as a fourth thin door (decision 037). The view is
 * server/hardship/view.ts, the request the action `requestBreathingSpace` (which decides the login
 * level: a reference-only token gets 403 `stepUp`). Amounts are integer minor units here, handed
 * to the action in the form the debtor's page shows them, as Zahlung/announce does.
 */
import { z } from 'zod';
import { runAction } from '../../actions/run.ts';
import { hardshipReasons } from '../../hardship/rules.ts';
import { statementMaxLength } from '../../hardship/schema.ts';
import { hardshipView, type HardshipView } from '../../hardship/view.ts';
import { serverTranslator } from '../../i18n/translate.ts';
import { isLanguage } from '../../i18n/languages.ts';
import { intlLocale } from '../../i18n/negotiate.ts';
import { minorToInput } from '../../money/amount-input.ts';
import { apiOk, defineEndpoint, fromAction, type AnyEndpoint, type ApiContext } from '../define.ts';
import { isoDate, money, toMoney } from './claim-shapes.ts';
import { fileOf, noFile, variantOf } from './payment-support.ts';

const minor = z.coerce.number().int().min(0).max(100_000_000_00);

const fitsShape = z
  .object({
    kind: z.enum(['ok', 'belowMinimum', 'noRoom']),
    amount: money.nullable(),
    proofRequired: z.boolean(),
    /** The instalment wizard prefilled with this amount (without the variant's base path), when it fits. */
    path: z.string().nullable(),
  })
  .nullable()
  .meta({ description: 'What the affordability helper says would fit the given income and outgoings.' });

const viewShape = z.object({
  reference: z.string(),
  breathingSpace: z.object({
    state: z.enum(['available', 'running', 'usedRecently', 'notPossible']),
    requestedOn: isoDate.nullable(),
    pausedUntil: isoDate.nullable(),
    nextPossibleOn: isoDate.nullable(),
    notPossibleReason: z.enum(['finished', 'measureRunning', 'blocked']).nullable(),
  }),
  canRequest: z.boolean(),
  needsFullLogin: z.boolean(),
  pauseDays: z.number().int(),
  relief: z.object({
    deferral: z
      .object({ kind: z.enum(['offered', 'granted']), path: z.string(), payBy: isoDate, fee: money })
      .nullable(),
    instalment: z
      .object({ path: z.string(), regularMinimum: money, minimumWithProof: money, maximum: money, fits: fitsShape })
      .nullable(),
    skip: z.object({ path: z.string(), dueDate: isoDate, amount: money }).nullable(),
  }),
  advice: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      url: z.string(),
      kind: z.enum(['public', 'nonProfit']),
      description: z.string(),
      phone: z.string().nullable(),
    }),
  ),
  support: z.object({
    phone: z.string(),
    phoneHref: z.string(),
    email: z.string(),
    hours: z.array(z.object({ weekday: z.number().int(), open: z.string(), close: z.string() })),
    callbackPath: z.string(),
  }),
});

function shape(view: HardshipView, language: ApiContext['language']): z.input<typeof viewShape> {
  const c = view.currency;
  const t = serverTranslator(language, 'hardship');
  const b = view.breathingSpace;
  const { deferral, instalment, skip } = view.relief;
  return {
    reference: view.reference,
    breathingSpace: {
      state: b.state,
      requestedOn: b.state === 'running' || b.state === 'usedRecently' ? b.requestedOn : null,
      pausedUntil: b.state === 'running' ? b.pausedUntil : null,
      nextPossibleOn: b.state === 'usedRecently' ? b.nextPossibleOn : null,
      notPossibleReason: b.state === 'notPossible' ? b.reason : null,
    },
    canRequest: view.canRequest,
    needsFullLogin: view.needsFullLogin,
    pauseDays: view.pauseDays,
    relief: {
      deferral: deferral
        ? {
            kind: deferral.kind,
            path: deferral.path,
            payBy: deferral.payBy,
            fee: toMoney(deferral.feeMinor + deferral.vatMinor, c),
          }
        : null,
      instalment: instalment
        ? {
            path: instalment.path,
            regularMinimum: toMoney(instalment.regularMinMinor, c),
            minimumWithProof: toMoney(instalment.absoluteMinMinor, c),
            maximum: toMoney(instalment.maxMinor, c),
            fits: fitsOf(instalment.fits, c),
          }
        : null,
      skip: skip ? { path: skip.path, dueDate: skip.dueOn, amount: toMoney(skip.amountMinor, c) } : null,
    },
    advice: view.advice.map((a) => ({
      id: a.id,
      name: a.name,
      url: a.url,
      kind: a.kind,
      description: t(`advice.services.${a.id}`),
      phone: a.phone?.display ?? null,
    })),
    support: { ...view.support, hours: [...view.support.hours] },
  };
}

function fitsOf(fits: NonNullable<HardshipView['relief']['instalment']>['fits'], currency: string) {
  if (!fits) return null;
  return {
    kind: fits.kind,
    amount: fits.kind === 'noRoom' ? null : toMoney(fits.amountMinor, currency),
    proofRequired: fits.kind === 'ok' && fits.proofRequired,
    path: fits.path,
  };
}

export const hardshipEndpoints: AnyEndpoint[] = [
  defineEndpoint({
    group: 'Portal',
    name: 'GetHardship',
    method: 'GET',
    auth: 'limited',
    cache: 'none',
    summary:
      'Help in hardship for the token’s file: whether a breathing space can be asked for (once in 12 months) or runs until when, the relief the file allows (pay later, instalments, skipping one) with their figures, free debt advice of the country, the support line. With `income` and `expenses` (minor units a month): the instalment that would fit.',
    query: z.object({ income: minor.optional(), expenses: minor.optional() }),
    response: viewShape,
    async handler({ query }, ctx) {
      const file = await fileOf(ctx);
      if (!file) return noFile();
      const household =
        query.income !== undefined && query.income > 0
          ? { incomeMinor: query.income, outgoingsMinor: query.expenses ?? 0 }
          : null;
      const view = await hardshipView(ctx.action.db, file, ctx.action.session!.level, household);
      return apiOk(shape(view, ctx.language));
    },
  }) as unknown as AnyEndpoint,
  defineEndpoint({
    group: 'Portal',
    name: 'RequestBreathingSpace',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Ask for a breathing space (password sign-in): collection and reminders pause for 30 days while the agency reviews it; once per file in 12 months (`alreadyPaused`, `usedThisYear`). Income and outgoings (minor units a month) are optional.',
    body: z.object({
      reason: z.enum(hardshipReasons),
      statement: z
        .string()
        .max(statementMaxLength * 2)
        .optional(),
      income: minor.optional(),
      expenses: minor.optional(),
    }),
    response: z.object({
      requestedOn: isoDate,
      pausedUntil: isoDate,
      remindersPaused: z.literal(true),
      fits: fitsShape,
    }),
    async handler({ body }, ctx) {
      const file = await fileOf(ctx);
      if (!file) return noFile();
      // The action reads amounts as the debtor's page shows them: hand it the figures in that form.
      const language = isLanguage(ctx.action.locale) ? ctx.action.locale : 'de';
      const locale = intlLocale(language, variantOf(file));
      const asInput = (value: number | undefined) =>
        value === undefined ? undefined : minorToInput(value, locale, file.facts.currency);
      const result = await runAction('requestBreathingSpace', ctx.action, {
        reason: body.reason,
        statement: body.statement,
        income: asInput(body.income),
        expenses: asInput(body.expenses),
      });
      return fromAction(result, (v) => ({
        requestedOn: v.requestedOn,
        pausedUntil: v.pausedUntil,
        remindersPaused: true as const,
        fits: fitsOf(v.fits, file.facts.currency),
      }));
    },
  }) as unknown as AnyEndpoint,
];
