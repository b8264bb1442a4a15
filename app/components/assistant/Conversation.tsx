/**
 * The conversation as the pane and the no-JavaScript page show it: the greeting from the file's
 * own figures, each message with its text and tool results (by part type and state), and after
 * every answer the offer of a person (phone with the variant's support hours, callback, message).
 */
import { Link } from '@remix-run/react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import type { ToolResult } from '../../../intents/tools/results';
import type { PaneGreeting } from '#server/assistant/pane.ts';
import { formatDate, formatMoney, supportHoursLines } from '~/lib/format';
import { href, type PublicVariant } from '~/lib/variant';
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
  const contact = (path: string) =>
    signedIn ? href(variant, path) : `${href(variant, '/signin')}?returnTo=${encodeURIComponent(href(variant, path))}`;
  return (
    <p className="chat-person">
      {t('person.lead')} <a href={`tel:${variant.support.phoneHref}`}>{variant.support.phone}</a> (
      {supportHoursLines(variant.support.hours.days, locale).join(', ')}) ·{' '}
      <Link to={contact('/service/contact?action=callback')}>{t('person.callback')}</Link> ·{' '}
      <Link to={contact('/service/contact')}>{t('person.message')}</Link>
    </p>
  );
}

export function Conversation(props: ConversationProps) {
  const { t } = useTranslation('assistant');
  const { messages, variant, locale, onAsk } = props;
  return (
    <>
      <Greeting greeting={props.greeting} signedIn={props.signedIn} variant={variant} locale={locale} />
      {messages.map((message, messageIndex) => (
        <div key={message.id} className={`chat-message chat-message--${message.role}`}>
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
          {message.role === 'assistant' ? (
            <PersonOffer variant={variant} locale={locale} signedIn={props.signedIn} />
          ) : null}
        </div>
      ))}
    </>
  );
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
