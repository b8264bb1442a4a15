/**
 * The answers the assistant says in sentences (issue 26): what is owed and why, who we are,
 * hardship, abuse, and what the file itself offers. Each sentence is a translation with the file's
 * figures put in by the portal's formatters (money, dates, lists and plurals for the language and
 * the variant's country), never a figure of its own.
 */
import { Link } from '~/components/ui/Link';
import { useTranslation } from 'react-i18next';
import type { FileOffer, ToolResult } from '#server/assistant/tools/results.ts';
import { claimSubjectText, invoiceDescription, legalBasisText } from '~/lib/claim-texts';
import { formatDate, formatMoney, formatNumber, supportHoursLines } from '~/lib/format';
import { href, type PublicVariant } from '~/lib/variant';

type Of<K extends ToolResult['kind']> = Extract<ToolResult, { kind: K }>;

interface ViewProps<K extends ToolResult['kind']> {
  result: Of<K>;
  variant: PublicVariant;
  locale: string;
}

/** A list in the language's own way ("A, B und C", "A, B and C"). */
function listOf(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * A label used inside a sentence ("for purchase of clothing"): its first letter in lower case,
 * except in German, where nouns keep their capital.
 */
function inSentence(label: string, language: string): string {
  return language.startsWith('de') ? label : label.charAt(0).toLocaleLowerCase(language) + label.slice(1);
}

/** The screen through /assistant/follow, so that the intent log learns the offer was taken. */
function followHref(variant: PublicVariant, path: string): string {
  return `${href(variant, '/assistant/follow')}?to=${encodeURIComponent(path)}`;
}

/** A person in the answer itself: the phone with the support hours, and the callback. */
function PersonInAnswer({ variant, locale, textKey }: { variant: PublicVariant; locale: string; textKey: string }) {
  const { t } = useTranslation('assistant');
  const hours = supportHoursLines(variant.support.hours.days, locale).join(', ');
  const [before, after = ''] = t(textKey, { phone: '\u0000', hours }).split('\u0000');
  return (
    <>
      <p data-testid="chat-person-in-answer">
        {before}
        <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a>
        {after}
      </p>
      <Link className="button" to={followHref(variant, '/service/contact?action=callback')}>
        {t('person.callback')}
      </Link>
    </>
  );
}

export function ExplainView({ result, variant, locale }: ViewProps<'explain'>) {
  const { t, i18n } = useTranslation(['assistant', 'claimInfo', 'claim']);
  const money = (minor: number) => formatMoney(minor, result.currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const subject = inSentence(claimSubjectText(t, result.subject), i18n.language);
  const invoices = result.invoices.map((i) =>
    t('explain.invoice', {
      number: i.number,
      date: date(i.date),
      amount: money(i.amountMinor),
      description: invoiceDescription(i, i18n.language),
    }),
  );
  const { rateBp, basis, fromDate } = result.interest;
  const percent = (bp: number) => formatNumber(bp / 100, locale, 2);
  const interestBasis =
    basis === 'none' || rateBp === null
      ? null
      : basis === 'contractual'
        ? t('claimInfo:legal.interestContractual', { rate: percent(rateBp) })
        : t(`claimInfo:legal.interestStatutory.${result.country}`, {
            rate: percent(rateBp),
            business: basis === 'statutoryDefaultBusiness',
          });
  const costs = result.costs.map((c) =>
    t('explain.cost', {
      kind: inSentence(t(`claimInfo:costKinds.${c.kind}`), i18n.language),
      amount: money(c.amountMinor),
      basis: legalBasisText(t, c.legalBasis),
    }),
  );
  const last = result.payments[0];
  return (
    <div className="chat-card" data-testid="chat-explain">
      <p>{t('explain.total', { amount: money(result.totalMinor), creditor: result.creditor })}</p>
      <p>
        {invoices.length > 0
          ? t('explain.mainClaim', {
              count: invoices.length,
              amount: money(result.mainClaimMinor),
              subject,
              invoices: listOf(invoices, locale),
            })
          : t('explain.mainClaimNoInvoice', { amount: money(result.mainClaimMinor), subject })}
      </p>
      <p>
        {interestBasis && result.interestMinor > 0
          ? t('explain.interest', {
              amount: money(result.interestMinor),
              basis: interestBasis,
              date: fromDate ? date(fromDate) : '',
              context: fromDate ? 'since' : undefined,
            })
          : t('explain.interestNone')}
      </p>
      {costs.length > 0 ? (
        <p>
          {t('explain.costs', {
            count: costs.length,
            amount: money(result.costsMinor),
            costs: listOf(
              result.unitemisedCostsMinor > 0
                ? [...costs, t('explain.costUnitemised', { amount: money(result.unitemisedCostsMinor) })]
                : costs,
              locale,
            ),
          })}
        </p>
      ) : result.costsMinor > 0 ? (
        <p>{t('explain.costsUnitemised', { amount: money(result.costsMinor) })}</p>
      ) : null}
      <p>
        {last
          ? t('explain.payments', {
              count: result.payments.length,
              amount: money(result.paymentsMinor),
              date: date(last.bookedOn),
            })
          : result.paymentsMinor > 0
            ? t('explain.paymentsTotal', { amount: money(result.paymentsMinor) })
            : t('explain.paymentsNone')}
      </p>
      <OffersList offers={result.offers} variant={variant} locale={locale} />
      <p>{t('explain.more')}</p>
      <Link className="button button--secondary" to={followHref(variant, result.href)}>
        {t('explain.button')}
      </Link>
    </div>
  );
}

export function WhoWeAreView({ result, variant, locale }: ViewProps<'whoWeAre'>) {
  const { t, i18n } = useTranslation(['assistant', 'claim']);
  const file = result.file;
  return (
    <div className="chat-card" data-testid="chat-who-we-are">
      <p>
        {t('whoWeAre.agency', {
          brand: result.brand,
          legalName: result.legalName,
          address: result.legalAddress,
          register: result.register,
        })}
      </p>
      {file ? (
        <>
          <p>
            {t('whoWeAre.why', {
              creditor: file.creditor,
              subject: inSentence(claimSubjectText(t, file.subject), i18n.language),
            })}
          </p>
          {file.originalCreditor ? (
            <p>{t('whoWeAre.original', { original: file.originalCreditor, creditor: file.creditor })}</p>
          ) : null}
        </>
      ) : (
        <p>{t('whoWeAre.whyVisitor')}</p>
      )}
      <p>
        {file
          ? t('whoWeAre.check', { reference: file.reference, phone: result.phone })
          : t('whoWeAre.checkVisitor', { phone: result.phone })}
      </p>
      <p className="muted">
        {t('whoWeAre.hours', { hours: supportHoursLines(variant.support.hours.days, locale).join(', ') })}
      </p>
      <Link className="button button--secondary" to={followHref(variant, result.href)}>
        {t('whoWeAre.button')}
      </Link>
    </div>
  );
}

export function HardshipView({ result, variant, locale, signedIn }: ViewProps<'hardship'> & { signedIn: boolean }) {
  const { t } = useTranslation('assistant');
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <div className="chat-card" data-testid="chat-hardship">
      <p>{t('hardship.lead')}</p>
      <OffersList offers={result.offers} variant={variant} locale={locale} />
      {result.relief.length > 0 ? (
        <>
          <p>{t('hardship.relief')}</p>
          <ul className="chat-facts">
            {result.relief.map((r) => {
              const money = (minor: number) => formatMoney(minor, r.currency, locale);
              return (
                <li key={r.kind}>
                  <Link to={followHref(variant, r.href)}>
                    {r.kind === 'deferral'
                      ? t('hardship.deferral', {
                          date: date(r.payBy),
                          fee: money(r.feeMinor),
                          context: r.feeMinor > 0 ? 'fee' : undefined,
                        })
                      : r.kind === 'lowerInstalment'
                        ? t('hardship.lowerInstalment', {
                            amount: money(r.minMonthlyMinor),
                            regular: money(r.regularMinMinor),
                            context: r.regularMinMinor > r.minMonthlyMinor ? 'proof' : undefined,
                          })
                        : t('hardship.skip', { amount: money(r.amountMinor), date: date(r.dueOn) })}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>{t(signedIn ? 'hardship.none' : 'hardship.visitor')}</p>
      )}
      <p>{t('hardship.page')}</p>
      <Link className="button" to={followHref(variant, result.href)} data-testid="chat-hardship-link">
        {t('hardship.pageButton')}
      </Link>
      <PersonInAnswer variant={variant} locale={locale} textKey="hardship.person" />
    </div>
  );
}

export function AbuseView({ result, variant, locale }: ViewProps<'abuse'>) {
  const { t } = useTranslation('assistant');
  return (
    <div className="chat-card" data-testid="chat-abuse">
      <p>{t(result.ended ? 'abuse.ended' : result.strike > 1 ? 'abuse.again' : 'abuse.calm')}</p>
      <PersonInAnswer variant={variant} locale={locale} textKey="abuse.person" />
    </div>
  );
}

/** "Yes, you have until …": an answer that is only what the file already has. */
export function OffersView({ result, variant, locale }: ViewProps<'offers'>) {
  return (
    <div className="chat-card" data-testid="chat-offers">
      <OffersList offers={result.offers} variant={variant} locale={locale} />
    </div>
  );
}

/** What the file offers, one sentence each with the button that takes it. */
export function OffersList({
  offers,
  variant,
  locale,
  except,
  said = [],
}: {
  offers: FileOffer[] | undefined;
  variant: PublicVariant;
  locale: string;
  /** The answer's own link: an offer leading there gets no second button. */
  except?: string;
  /** Offers the answer has already said in its own sentence (a refusal naming the deposit): only their button. */
  said?: ReadonlyArray<FileOffer['kind']>;
}) {
  const { t } = useTranslation('assistant');
  if (!offers || offers.length === 0) return null;
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <div className="chat-offers" data-testid="chat-file-offers">
      {offers.map((offer) => {
        const money = (minor: number) =>
          formatMoney(minor, 'currency' in offer ? offer.currency : variant.currency, locale);
        let text: string;
        let button: string | null = null;
        switch (offer.kind) {
          case 'settlement':
            text = t('offers.settlement', {
              amount: money(offer.amountMinor),
              full: money(offer.settlesMinor),
              date: date(offer.validTill),
            });
            button = t('offers.settlementButton', { amount: money(offer.amountMinor) });
            break;
          case 'downPayment':
            text = t('offers.downPayment', {
              amount: money(offer.amountMinor),
              date: offer.dueOn ? date(offer.dueOn) : '',
              context: offer.dueOn ? 'due' : undefined,
            });
            button = t('offers.downPaymentButton', { amount: money(offer.amountMinor) });
            break;
          case 'deposit':
            text = t('offers.deposit', { amount: money(offer.amountMinor) });
            button = t('offers.depositButton', { amount: money(offer.amountMinor) });
            break;
          case 'directDebit':
            text = t('offers.directDebit', { amount: money(offer.amountMinor), date: date(offer.dueOn) });
            button = t('offers.directDebitButton');
            break;
          case 'deferral':
            text = t('offers.deferral', {
              date: date(offer.payBy),
              context: offer.covers === true ? 'yes' : offer.covers === false ? 'no' : undefined,
            });
            break;
          case 'documents':
            text = t('offers.documents', { count: offer.count });
            button = t('offers.documentsButton');
            break;
          case 'otherFiles':
            text = t('offers.otherFiles', { count: offer.count, amount: money(offer.totalMinor) });
            button = t('offers.otherFilesButton');
            break;
        }
        return (
          <p key={offer.kind} data-testid={`chat-offer-${offer.kind}`}>
            {said.includes(offer.kind) ? null : `${text} `}
            {button && offer.href !== except ? (
              <Link className="chip" to={followHref(variant, offer.href)}>
                {button}
              </Link>
            ) : null}
          </p>
        );
      })}
    </div>
  );
}
