/**
 * Hardship (issue 26, decisions 068, 069): asking for a breathing space. Full login only: the
 * request carries what happened (an illness, a death) and the household's figures, personal data
 * of the kind only the debtor should give, and it pauses collection on the file. A reference-only
 * session sees the same view (server/hardship/view.ts) and is asked for the password here, as for
 * a dispute or a message.
 */
import { variants, type VariantId } from '../variants/config.ts';
import { requestBreathingSpace as requestService } from '../hardship/request.ts';
import { breathingSpaceSchema } from '../hardship/schema.ts';
import { instalmentFits, notPossibleReason } from '../hardship/view.ts';
import { intlLocale } from '../i18n/negotiate.ts';
import { isLanguage } from '../i18n/languages.ts';
import { debtorContext, defineAction, ok, refuse, type FileRule } from './define.ts';
import { contactLimits } from './contact.ts';
import { alternativesFor, refuseFor } from './rules.ts';

/** A closed file, a measure running or blocked functions: no breathing space online (a person instead). */
const breathingSpacePossible: FileRule = (file) => {
  const reason = notPossibleReason(file);
  return reason ? refuseFor(file, reason, []) : null;
};

export const requestBreathingSpace = defineAction({
  name: 'requestBreathingSpace',
  description:
    'Ask for a breathing space in hardship (job loss, illness, bereavement, separation, other): collection and reminders pause for 30 days while the agency reviews it; once per file in 12 months. Optional monthly income and outgoings give the instalment that would fit.',
  level: 'full',
  rules: [breathingSpacePossible],
  input: ({ ctx, file }) => {
    const language = isLanguage(ctx.locale) ? ctx.locale : 'de';
    const variant = variants[file.variant as VariantId] ?? variants.de;
    return breathingSpaceSchema({ locale: intlLocale(language, variant), currency: file.facts.currency });
  },
  // A message to the agency: the contact limits (contact.ts).
  limits: contactLimits,
  async handler(input, scope) {
    const { ctx, file } = scope;
    const result = await requestService(ctx.db, {
      ...debtorContext(scope),
      reason: input.reason,
      statement: input.statement || undefined,
      incomeMinor: input.income,
      expensesMinor: input.expenses,
      fromAssistant: ctx.door === 'assistant',
      today: file.today,
    });
    if (result.ok) {
      const fits =
        input.income !== undefined
          ? instalmentFits(file, { incomeMinor: input.income, outgoingsMinor: input.expenses ?? 0 })
          : null;
      return ok({ requestedOn: result.requestedOn, pausedUntil: result.pausedUntil, remindersPaused: true, fits });
    }
    // A person, and what else the file allows, in every refusal: this is someone in difficulty.
    const alternatives = alternativesFor(file);
    if (result.reason === 'alreadyPaused')
      return refuse('alreadyPaused', { detail: { date: result.pausedUntil }, alternatives });
    if (result.reason === 'usedThisYear')
      return refuse('usedThisYear', { detail: { date: result.nextPossibleOn }, alternatives });
    return refuse('noFile');
  },
});
