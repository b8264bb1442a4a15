/**
 * The tools' results as components (by result kind), shared by the chat pane and the
 * no-JavaScript page: figures formatted at the edge, links as links, forms as plain forms that
 * post to the classic screens' own actions (the same validation and messages).
 */
import { Form } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alternative, ToolResult } from '#server/assistant/tools/results.ts';
import { formatDate, formatMoney, weekdayName } from '~/lib/format';
import { href, type PublicVariant } from '~/lib/variant';
import { StepUp } from './StepUp';
import { AbuseView, ExplainView, HardshipView, OffersList, OffersView, WhoWeAreView } from './AnswerViews';

interface Props {
  result: ToolResult;
  variant: PublicVariant;
  locale: string;
  /** In the pane a clarifying button sends its question; without JavaScript it is a link. */
  onAsk?: (text: string) => void;
  /** The debtor's message this answers (asked again after a step-up). */
  question?: string | null;
  /** Whether this is the latest answer (only its forms take input; earlier ones link to their screens). */
  latest?: boolean;
  /** Whether a debtor is signed in (a visitor's hardship answer says that signing in shows the relief). */
  signedIn?: boolean;
}

export function ToolResultView({
  result,
  variant,
  locale,
  onAsk,
  question = null,
  latest = true,
  signedIn = true,
}: Props) {
  const { t } = useTranslation('assistant');
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const date = (iso: string) => formatDate(iso, locale);
  const to = (path: string) => href(variant, path);
  // The screen this answer offers, through /assistant/follow: the intent log learns it was followed.
  const follow = (path: string) => `${href(variant, '/assistant/follow')}?to=${encodeURIComponent(path)}`;
  switch (result.kind) {
    case 'balance':
      return (
        <div className="chat-card" data-testid="chat-balance">
          <p className="chat-card__title">{t('balance.title')}</p>
          <p className="chat-amount" data-testid="chat-open-amount">
            {money(result.openAmountMinor, result.currency)}
          </p>
          <p className="muted">{t('balance.asOf', { date: date(result.asOf), creditor: result.creditor })}</p>
          {result.breakdown ? (
            <dl className="chat-breakdown">
              <dt>{t('balance.mainClaim')}</dt>
              <dd>{money(result.breakdown.mainClaimMinor, result.currency)}</dd>
              <dt>{t('balance.interest')}</dt>
              <dd>{money(result.breakdown.interestMinor, result.currency)}</dd>
              <dt>{t('balance.costs')}</dt>
              <dd>{money(result.breakdown.costsMinor, result.currency)}</dd>
              <dt>{t('balance.payments')}</dt>
              <dd>
                {money(result.breakdown.paymentsMinor === 0 ? 0 : -result.breakdown.paymentsMinor, result.currency)}
              </dd>
              <dt>{t('balance.total')}</dt>
              <dd>
                <strong>{money(result.breakdown.totalMinor, result.currency)}</strong>
              </dd>
            </dl>
          ) : null}
          {result.dueNow ? (
            <p>{t('balance.dueNow', { amount: money(result.dueNow.amountMinor, result.currency) })}</p>
          ) : null}
          {result.nextInstalment ? (
            <p>
              {t('balance.next', {
                amount: money(result.nextInstalment.amountMinor, result.currency),
                date: date(result.nextInstalment.dueOn),
              })}
            </p>
          ) : null}
          {result.breakdownNeedsPassword ? <p className="muted">{t('balance.needsPassword')}</p> : null}
          <OffersList offers={result.offers} variant={variant} locale={locale} />
          <Alternatives items={result.alternatives} variant={variant} />
        </div>
      );
    case 'proposal':
      return (
        <div className="chat-card" data-testid="chat-proposal">
          <p className="chat-card__title">{t('proposal.title')}</p>
          <p>
            <strong>
              {t('proposal.rates', { count: result.count, amount: money(result.rateMinor, result.currency) })}
            </strong>
          </p>
          <ul className="chat-facts">
            <li>{t('proposal.first', { date: date(result.firstDueOn) })}</li>
            <li>
              {t('proposal.last', { amount: money(result.lastMinor, result.currency), date: date(result.lastDueOn) })}
            </li>
            <li>{t('proposal.fee', { amount: money(result.feeMinor, result.currency) })}</li>
            <li>{t('proposal.total', { amount: money(result.totalMinor, result.currency) })}</li>
          </ul>
          {result.proofRequired ? <p className="muted">{t('proposal.proof')}</p> : null}
          <Link className="button" to={follow(result.href)}>
            {t('proposal.continue', { amount: money(result.rateMinor, result.currency) })}
          </Link>
        </div>
      );
    case 'plan':
      return (
        <div className="chat-card" data-testid="chat-plan">
          <p className="chat-card__title">{t('plan.title')}</p>
          {result.next ? (
            <p>
              {t('plan.next', {
                amount: money(result.next.amountMinor, result.currency),
                date: date(result.next.dueOn),
              })}
            </p>
          ) : null}
          <p>{t('plan.remaining', { amount: money(result.remainingMinor, result.currency) })}</p>
          <Link className="button button--secondary" to={follow(result.href)}>
            {t('plan.open')}
          </Link>
        </div>
      );
    case 'link':
      return (
        <div className="chat-card">
          <OffersList offers={result.offers} variant={variant} locale={locale} except={result.href} />
          <p>{t('link.lead')}</p>
          <Link className="button" to={follow(result.href)} data-testid="chat-link">
            {t(`intents.${result.intent}`)}
          </Link>
        </div>
      );
    case 'refused':
      return (
        <div className="chat-card chat-card--warning" data-testid="chat-refused">
          <p>
            {t([`refused.byIntent.${result.intent}.${result.reason}`, `refused.${result.reason}`], {
              date: result.params.date ? date(result.params.date) : '',
              amount:
                result.params.amountMinor !== undefined
                  ? money(result.params.amountMinor, result.params.currency ?? variant.currency)
                  : '',
              phone: variant.support.phone,
            })}
          </p>
          <OffersList
            offers={result.offers}
            variant={variant}
            locale={locale}
            said={
              result.reason === 'depositFirst'
                ? ['deposit']
                : result.reason === 'downPaymentFirst'
                  ? ['downPayment']
                  : []
            }
          />
          {result.alternatives.length > 0 ? <p>{t('refused.instead')}</p> : null}
          <Alternatives items={result.alternatives} variant={variant} />
        </div>
      );
    case 'offers':
      return <OffersView result={result} variant={variant} locale={locale} />;
    case 'explain':
      return <ExplainView result={result} variant={variant} locale={locale} />;
    case 'whoWeAre':
      return <WhoWeAreView result={result} variant={variant} locale={locale} />;
    case 'hardship':
      return <HardshipView result={result} variant={variant} locale={locale} signedIn={signedIn} />;
    case 'abuse':
      return <AbuseView result={result} variant={variant} locale={locale} />;
    case 'stepUp':
      return <StepUp result={result} variant={variant} question={question} onAsk={onAsk} latest={latest} />;
    case 'signIn':
      return (
        <div className="chat-card" data-testid="chat-step-up">
          <p>{t('signIn.text')}</p>
          <Link
            className="button"
            to={`${to('/signin')}?action=AZonly&returnTo=${encodeURIComponent(to(result.returnTo))}`}
          >
            {t('signIn.button')}
          </Link>
        </div>
      );
    case 'clarify':
      return (
        <div className="chat-card">
          <p>{t('clarify')}</p>
          <ul className="chat-chips">
            {result.alternatives.map((a) => (
              <li key={a.intent}>
                {onAsk ? (
                  <button type="button" className="chip" onClick={() => onAsk(t(`ask.${a.intent}`))}>
                    {t(`intents.${a.intent}`)}
                  </button>
                ) : a.href ? (
                  <Link className="chip" to={to(a.href)}>
                    {t(`intents.${a.intent}`)}
                  </Link>
                ) : (
                  <span className="chip">{t(`intents.${a.intent}`)}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'form':
      return <InlineForm result={result} variant={variant} locale={locale} />;
    case 'carryOut': {
      const screen = t(`intents.${result.intent}`);
      return (
        <div className="chat-card" data-testid="chat-carry-out">
          <p>
            {result.plan
              ? t('carryOut.plan', {
                  count: result.plan.count,
                  amount: money(result.plan.rateMinor, result.plan.currency),
                  date: date(result.plan.firstDueOn),
                })
              : t('carryOut.link', { screen })}
          </p>
          <p>
            <strong>{t('carryOut.notYet')}</strong>
          </p>
          <Link className="button" to={follow(result.href)} data-testid="chat-carry-out-link">
            {t('carryOut.open', { screen })}
          </Link>
        </div>
      );
    }
    case 'withdrawn':
      return (
        <div className="chat-card" data-testid="chat-withdrawn">
          <p>{t('withdrawn.text')}</p>
          <Alternatives items={result.alternatives} variant={variant} />
        </div>
      );
    case 'ended':
      return (
        <div className="chat-card" data-testid="chat-ended">
          <p>{t('ended.text', { phone: variant.support.phone })}</p>
        </div>
      );
    case 'answer':
      return (
        <div className="chat-card" data-testid={`chat-answer-${result.topic}`}>
          <p>{t(`answers.${result.topic}`, { phone: variant.support.phone, brand: variant.brand.name })}</p>
          {result.topic === 'logout' ? (
            <Form method="post" action={to('/signout')}>
              <button type="submit" className="button">
                {t('answers.logoutButton')}
              </button>
            </Form>
          ) : result.href ? (
            <Link className="button button--secondary" to={follow(result.href)}>
              {t(`intents.${result.intent}`)}
            </Link>
          ) : null}
          {result.topic === 'greeting' ||
          result.topic === 'outOfScope' ||
          result.topic === 'hardship' ||
          result.topic === 'nothingPending' ? (
            <Alternatives items={result.alternatives} variant={variant} />
          ) : null}
        </div>
      );
  }
}

function Alternatives({ items, variant }: { items: Alternative[]; variant: PublicVariant }) {
  const { t } = useTranslation('assistant');
  const shown = items.filter((a) => a.href);
  if (shown.length === 0) return null;
  return (
    <ul className="chat-chips">
      {shown.map((a) => (
        <li key={a.intent}>
          <Link className="chip" to={href(variant, a.href!)}>
            {t(`intents.${a.intent}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The contact screen's callback and message forms, posting to its action. */
function InlineForm({
  result,
  variant,
  locale,
}: {
  result: Extract<ToolResult, { kind: 'form' }>;
  variant: PublicVariant;
  locale: string;
}) {
  const { t } = useTranslation(['assistant', 'contact']);
  const id = (name: string) => `chat-${result.form}-${name}`;
  if (result.form === 'announce') return <AnnounceForm result={result} variant={variant} />;
  if (result.form === 'feedback') return <FeedbackForm result={result} variant={variant} />;
  if (result.form === 'callback') {
    const hours = variant.support.callbackHours.days;
    const firstHour = (weekday: number) => hours.find((d) => d.weekday === weekday)?.open ?? '08:00';
    const weekday = Number(result.prefill.weekday ?? result.choices?.weekdays?.[0] ?? 1);
    return (
      <ChatForm result={result} variant={variant} name="callback" intent="callback" opens="screen">
        <label htmlFor={id('phone')}>{t('forms.phone')}</label>
        <input
          id={id('phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={result.prefill.phone}
          required
        />
        <label htmlFor={id('reason')}>{t('forms.reason')}</label>
        <input id={id('reason')} name="reason" defaultValue={t('forms.reasonDefault')} required minLength={5} />
        <label htmlFor={id('weekday')}>{t('forms.weekday')}</label>
        <select id={id('weekday')} name="weekday" defaultValue={String(weekday)}>
          {(result.choices?.weekdays ?? []).map((d) => (
            <option key={d} value={d}>
              {weekdayName(d, locale)}
            </option>
          ))}
        </select>
        <label htmlFor={id('timeOfDay')}>{t('forms.timeOfDay')}</label>
        <select id={id('timeOfDay')} name="timeOfDay" defaultValue={result.prefill.timeOfDay ?? 'morning'}>
          {(result.choices?.timesOfDay ?? []).map((time) => (
            <option key={time} value={time}>
              {t(`forms.times.${time}`)}
            </option>
          ))}
        </select>
        <label htmlFor={id('hour')}>{t('forms.hour')}</label>
        <input id={id('hour')} name="hour" type="time" step={1800} defaultValue={firstHour(weekday)} required />
      </ChatForm>
    );
  }
  return (
    <ChatForm result={result} variant={variant} name="message" intent="message" opens="screen">
      <label htmlFor={id('subjectId')}>{t('forms.subject')}</label>
      <select id={id('subjectId')} name="subjectId" defaultValue={result.prefill.subjectId ?? '1'}>
        {(result.choices?.subjects ?? []).map((s) => (
          <option key={s} value={s}>
            {t(`contact:subjects.${s}`)}
          </option>
        ))}
      </select>
      <label htmlFor={id('body')}>{t('forms.body')}</label>
      <textarea id={id('body')} name="body" rows={4} required minLength={20} />
      <label htmlFor={id('email')}>{t('forms.email')}</label>
      <input id={id('email')} name="email" type="email" autoComplete="email" defaultValue={result.prefill.email} />
      <label htmlFor={id('phone')}>{t('forms.phone')}</label>
      <input id={id('phone')} name="phone" type="tel" autoComplete="tel" defaultValue={result.prefill.phone} />
    </ChatForm>
  );
}

type FormResult = Extract<ToolResult, { kind: 'form' }>;

/**
 * The frame of every inline form: it posts to the screen's own action and holds the title
 * (`forms.<name>Title`), the screen's intent as a hidden field (where its action reads one), the
 * fields, the submit button (`forms.<name>Submit` unless `submit` names another) and the link that
 * opens the screen or its form (`forms.openScreen`, `forms.openForm`).
 */
function ChatForm({
  result,
  variant,
  name,
  intent,
  submit,
  opens,
  children,
}: {
  result: FormResult;
  variant: PublicVariant;
  /** Names the form: its texts, and `chat-<name>` for tests. */
  name: 'callback' | 'message' | 'announce' | 'feedback';
  intent?: string;
  submit?: string;
  opens: 'screen' | 'form';
  children: ReactNode;
}) {
  const { t } = useTranslation('assistant');
  return (
    <Form
      method="post"
      action={href(variant, result.action)}
      className="chat-card chat-form"
      data-testid={`chat-${name}`}
    >
      <p className="chat-card__title">{t(`forms.${name}Title`)}</p>
      {intent === undefined ? null : <input type="hidden" name="intent" value={intent} />}
      {children}
      <button type="submit" className="button">
        {submit ?? t(`forms.${name}Submit`)}
      </button>
      <Link to={href(variant, result.href)}>{t(opens === 'screen' ? 'forms.openScreen' : 'forms.openForm')}</Link>
    </Form>
  );
}

/**
 * The announce-payment screen's payee and payment steps, posting to its own action as step 20 (the
 * same schema and field errors; the screen goes on with the receipts).
 */
function AnnounceForm({ result, variant }: { result: FormResult; variant: PublicVariant }) {
  const { t } = useTranslation(['assistant', 'announce']);
  const id = (name: string) => `chat-announce-${name}`;
  const payees = result.choices?.payees ?? [];
  return (
    <ChatForm result={result} variant={variant} name="announce" intent="20" opens="form">
      <fieldset>
        <legend>{t('announce:payee.legend')}</legend>
        {payees.map((payee, index) => (
          <div className="radio" key={payee.value}>
            <input
              type="radio"
              id={id(`payee-${payee.value}`)}
              name="payee"
              value={payee.value}
              defaultChecked={index === 0}
            />
            <label htmlFor={id(`payee-${payee.value}`)}>
              {t(`announce:payee.${payee.value}`)} ({payee.name})
            </label>
          </div>
        ))}
      </fieldset>
      <label htmlFor={id('paidOn')}>{t('announce:fields.paidOn')}</label>
      <input id={id('paidOn')} name="paidOn" type="date" defaultValue={result.prefill.paidOn} required />
      <label htmlFor={id('amount')}>
        {t('announce:fields.amount', { currency: result.choices?.currency ?? variant.currency })}
      </label>
      <input
        id={id('amount')}
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={result.prefill.amount}
        required
      />
      <label htmlFor={id('payerName')}>{t('announce:fields.payerName')}</label>
      <input
        id={id('payerName')}
        name="payerName"
        autoComplete="name"
        defaultValue={result.prefill.payerName}
        required
      />
    </ChatForm>
  );
}

/** The feedback page's form (stars and a comment), posting to its own action. */
function FeedbackForm({ result, variant }: { result: FormResult; variant: PublicVariant }) {
  const { t } = useTranslation(['assistant', 'feedback']);
  const id = (name: string) => `chat-feedback-${name}`;
  return (
    <ChatForm result={result} variant={variant} name="feedback" submit={t('feedback:submit')} opens="form">
      {/* The page's honeypot: a bot fills it and is answered like a success, nothing stored. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <fieldset>
        <legend>{t('feedback:stars.legend')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <div className="radio" key={value}>
            <input
              type="radio"
              id={id(`stars-${value}`)}
              name="stars"
              value={value}
              defaultChecked={result.prefill.stars === String(value)}
              required
            />
            <label htmlFor={id(`stars-${value}`)}>{t(`feedback:stars.${value}`)}</label>
          </div>
        ))}
      </fieldset>
      <label htmlFor={id('freeText')}>{t('feedback:freeText.label')}</label>
      <textarea id={id('freeText')} name="freeText" rows={3} maxLength={2000} />
    </ChatForm>
  );
}
