/**
 * The conversation as the pane and the no-JavaScript page show it: the greeting from the file's
 * own figures, each message with its text and tool results (by part type and state), and after
 * every answer the offer of a person (phone with the variant's support hours, callback, message).
 */
import { Form, useLocation } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import type { UIMessage } from 'ai';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { ToolResult } from '#server/assistant/tools/results.ts';
import type { PaneGreeting } from '#server/assistant/pane.ts';
import type { AnswerMetadata } from '#server/assistant/turn.ts';
import { formatDate, formatMoney, supportHoursLines } from '~/lib/format';
import { href, type PublicVariant, signInHref } from '~/lib/variant';
import { ToolResultView } from './ToolResultView';

export interface ConversationProps {
  messages: UIMessage[];
  greeting: PaneGreeting | null;
  signedIn: boolean;
  variant: PublicVariant;
  locale: string;
  onAsk?: (text: string) => void;
}

export function Greeting({ greeting, signedIn, variant, locale }: Omit<ConversationProps, 'messages' | 'onAsk'>) {
  const { t } = useTranslation('assistant');
  const money = (minor: number) => formatMoney(minor, greeting?.currency ?? variant.currency, locale);
  return (
    <div className="chat-message chat-message--assistant" data-testid="chat-greeting">
      <p>{t('automated')}</p>
      {greeting ? (
        <>
          <p>
            {t('greeting.file', {
              name: greeting.name ? `, ${greeting.name}` : '',
              amount: money(greeting.openAmountMinor),
              creditor: greeting.creditor,
            })}
          </p>
          {greeting.nextInstalment ? (
            <p>
              {t('greeting.next', {
                amount: money(greeting.nextInstalment.amountMinor),
                date: formatDate(greeting.nextInstalment.dueOn, locale),
              })}
            </p>
          ) : null}
          {greeting.deferredUntil ? (
            <p>{t('greeting.deferred', { date: formatDate(greeting.deferredUntil, locale) })}</p>
          ) : null}
        </>
      ) : (
        <p>{t(signedIn ? 'greeting.noFile' : 'greeting.visitor')}</p>
      )}
    </div>
  );
}

export function PersonOffer({
  variant,
  locale,
  signedIn,
}: {
  variant: PublicVariant;
  locale: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation('assistant');
  const contact = (path: string) => (signedIn ? href(variant, path) : signInHref(variant, path));
  return (
    <p className="chat-person">
      {t('person.lead')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a> (
      {supportHoursLines(variant.support.hours.days, locale).join(', ')}) ·{' '}
      <Link to={contact('/service/contact?action=callback')}>{t('person.callback')}</Link> ·{' '}
      <Link to={contact('/service/contact')}>{t('person.message')}</Link>
    </p>
  );
}

/** The language an answer is worded in when it is not the page's (the debtor wrote in another one). */
function replyLangOf(message: UIMessage): string | null {
  const metadata = message.metadata as AnswerMetadata | undefined;
  return message.role === 'assistant' && metadata?.replyLang ? metadata.replyLang : null;
}

/**
 * An answer in the language of the debtor's message (issue 14): everything inside is translated in
 * that language by a clone of the page's i18next instance (same resources; on the client the
 * language's strings load on demand, hence the Suspense), and figures are formatted for it.
 */
function InLanguage({ lang, children }: { lang: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  const clone = useMemo(() => i18n.cloneInstance({ lng: lang }), [i18n, lang]);
  return (
    <I18nextProvider i18n={clone}>
      <Suspense fallback={null}>{children}</Suspense>
    </I18nextProvider>
  );
}

/** Offers to show the page in the language the debtor wrote in: the language switch, back to this page. */
function SwitchPageLanguage({ lang, variant }: { lang: string; variant: PublicVariant }) {
  const { t } = useTranslation('assistant');
  const location = useLocation();
  return (
    <Form method="post" action={href(variant, '/language')} reloadDocument className="chat-switch-language">
      <input type="hidden" name="hl" value={lang} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="button button--secondary" lang={lang}>
        {t('switchPage')}
      </button>
    </Form>
  );
}

function MessageView({
  message,
  messageIndex,
  locale,
  ...props
}: ConversationProps & { message: UIMessage; messageIndex: number }) {
  const { t } = useTranslation('assistant');
  const { messages, variant, onAsk } = props;
  return (
    <div className={`chat-message chat-message--${message.role}`}>
      <p className="visually-hidden">{t(message.role === 'user' ? 'you' : 'assistantSays')}</p>
      {message.parts.map((part, index) => {
        if (part.type === 'text') return part.text ? <p key={index}>{part.text}</p> : null;
        if (!part.type.startsWith('tool-')) return null;
        const tool = part as { state: string; output?: ToolResult };
        if (tool.state === 'output-available' && tool.output)
          return (
            <ToolResultView
              key={index}
              result={tool.output}
              variant={variant}
              locale={locale}
              onAsk={onAsk}
              question={questionBefore(messages, messageIndex)}
              latest={messageIndex === messages.length - 1}
              signedIn={props.signedIn}
            />
          );
        if (tool.state === 'output-error')
          return (
            <p key={index} className="chat-card chat-card--warning">
              {t('error')}
            </p>
          );
        return (
          <p key={index} className="muted">
            {t('thinking')}
          </p>
        );
      })}
      {message.role === 'assistant' && !offersPersonItself(message) ? (
        <PersonOffer variant={variant} locale={locale} signedIn={props.signedIn} />
      ) : null}
    </div>
  );
}

export function Conversation(props: ConversationProps) {
  const { messages, variant } = props;
  return (
    <>
      <Greeting greeting={props.greeting} signedIn={props.signedIn} variant={variant} locale={props.locale} />
      {messages.map((message, messageIndex) => {
        const lang = replyLangOf(message);
        if (!lang) return <MessageView key={message.id} {...props} message={message} messageIndex={messageIndex} />;
        // Figures in the reply's language for the variant's country (es-DE: "1.234,56 €").
        const locale = `${lang}-${variant.country}`;
        return (
          <InLanguage key={message.id} lang={lang}>
            <div lang={lang}>
              <MessageView {...props} locale={locale} message={message} messageIndex={messageIndex} />
              {messageIndex === messages.length - 1 ? <SwitchPageLanguage lang={lang} variant={variant} /> : null}
            </div>
          </InLanguage>
        );
      })}
    </>
  );
}

function outputsOf(message: UIMessage): ToolResult[] {
  return message.parts
    .filter((part) => part.type.startsWith('tool-'))
    .map((part) => (part as { output?: ToolResult }).output)
    .filter((output): output is ToolResult => output !== undefined);
}

/** A hardship or abuse answer names the person in its own sentences: no second offer below it. */
function offersPersonItself(message: UIMessage): boolean {
  return outputsOf(message).some((o) => o.kind === 'hardship' || o.kind === 'abuse');
}

/** The conversation was ended after repeated abuse (the server's `abuse` answer says so): no more input. */
export function conversationEnded(messages: readonly UIMessage[]): boolean {
  return messages.some((m) => m.role === 'assistant' && outputsOf(m).some((o) => o.kind === 'abuse' && o.ended));
}

/** The debtor's message an answer replies to: the nearest user message before it. */
function questionBefore(messages: UIMessage[], index: number): string | null {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user')
      return (
        message.parts
          .map((p) => (p.type === 'text' ? p.text : ''))
          .join(' ')
          .trim() || null
      );
  }
  return null;
}
