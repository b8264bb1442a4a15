/**
 * The chat pane (decision 039), loaded on demand: `useChat` over the streaming resource route,
 * the conversation kept on the server (fetched when the pane opens, so it survives navigation
 * and reloads). Full screen on a phone, a side panel on a desktop; focus moves in when it opens
 * and back to the button that opened it when it closes; Escape closes; the messages are a
 * `role="log"` live region.
 */
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntentId } from '../../../intents/catalogue';
import type { ToolResult } from '#server/assistant/tools/results.ts';
import type { PaneGreeting } from '#server/assistant/pane.ts';
import { href, type PublicVariant } from '~/lib/variant';
import { Conversation, conversationEnded } from './Conversation';
import '~/styles/assistant.css';

interface PaneData {
  messages: UIMessage[];
  greeting: PaneGreeting | null;
  suggestions: IntentId[];
  signedIn: 'limited' | 'full' | null;
}

export interface AssistantPaneProps {
  variant: PublicVariant;
  locale: string;
  onClose: () => void;
  /** A question to ask as soon as the pane is ready (a topic link, a suggestion elsewhere). */
  initialQuestion?: string | null;
}

export default function AssistantPane(props: AssistantPaneProps) {
  const [data, setData] = useState<PaneData | null>(null);
  const [failed, setFailed] = useState(false);
  const api = href(props.variant, '/assistant/chat');
  useEffect(() => {
    let live = true;
    fetch(api, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<PaneData>) : Promise.reject(new Error(String(r.status)))))
      .then((d) => live && setData(d))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);
  return (
    <PaneFrame {...props}>{data ? <Chat {...props} data={data} api={api} /> : <Loading failed={failed} />}</PaneFrame>
  );
}

function Loading({ failed }: { failed: boolean }) {
  const { t } = useTranslation('assistant');
  return <p className={failed ? 'chat-card chat-card--warning' : 'muted'}>{t(failed ? 'error' : 'thinking')}</p>;
}

function PaneFrame({ onClose: close, variant, children }: AssistantPaneProps & { children: React.ReactNode }) {
  const { t } = useTranslation('assistant');
  const closedUrl = href(variant, '/assistant/closed');
  // Closing the pane ends the conversation for the intent log: offers not taken are abandoned.
  const onClose = useCallback(() => {
    navigator.sendBeacon?.(closedUrl);
    close();
  }, [close, closedUrl]);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Set when a link of the pane was followed on a phone: the focus goes to the new page's heading.
  const toHeading = useRef(false);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => {
      if (toHeading.current) focusPageHeading();
      else opener?.focus?.();
    };
  }, []);
  // On a phone the pane covers the page: a link followed from it (a new page) closes it, so the
  // debtor sees the target (issue 26). A side panel on a wider screen stays open beside the page.
  const location = useLocation();
  const shown = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const now = `${location.pathname}${location.search}`;
    if (now === shown.current) return;
    shown.current = now;
    if (window.matchMedia?.(fullScreenQuery).matches) {
      toHeading.current = true;
      // Not a beacon: the link followed is the offer taken, which /assistant/follow has recorded.
      close();
    }
  }, [location.pathname, location.search, close]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <div
      className="chat-pane"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      ref={panel}
      data-testid="assistant-pane"
    >
      <div className="chat-pane__header">
        <h2 id={titleId}>{t('title')}</h2>
        <button type="button" className="chat-pane__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('close')}</span>
        </button>
      </div>
      {children}
    </div>
  );
}

/** Below this width the pane is full screen (assistant.css: the side panel starts at 48rem). */
export const fullScreenQuery = '(max-width: 47.99rem)';

/** Moves the focus to the page's heading (or its main region), as a new page would be read from the top. */
export function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** The screen an answer carries out ("ok" to a proposal: decision 070), if it does. */
function carriedOut(message: UIMessage | undefined): string | null {
  if (message?.role !== 'assistant') return null;
  for (const part of message.parts) {
    const output = (part as { output?: ToolResult }).output;
    if (output?.kind === 'carryOut') return output.href;
  }
  return null;
}

function Chat({ variant, locale, data, api, initialQuestion }: AssistantPaneProps & { data: PaneData; api: string }) {
  const { t } = useTranslation('assistant');
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const { messages, sendMessage, status, error } = useChat({
    messages: data.messages,
    transport: new DefaultChatTransport({
      api,
      credentials: 'same-origin',
      // The server keeps the conversation: only the new message travels.
      prepareSendMessagesRequest: ({ messages: all }) => {
        const last = all[all.length - 1];
        const said = last?.parts.map((p) => (p.type === 'text' ? p.text : '')).join(' ') ?? '';
        return { body: { text: said, pageLang: document.documentElement.lang } };
      },
    }),
  });
  // A question sent while the previous answer is still coming in waits for it and goes then: a
  // debtor who answers "ok" as soon as the proposal shows is not ignored.
  const waiting = useRef<string | null>(null);
  const ask = (question: string) => {
    const trimmed = question.trim();
    if (!trimmed) return;
    setText('');
    if (status === 'submitted' || status === 'streaming') {
      waiting.current = trimmed;
      return;
    }
    void sendMessage({ text: trimmed });
  };
  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (initialQuestion && !asked.current) {
      asked.current = true;
      ask(initialQuestion);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialQuestion]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages]);
  const busy = status === 'submitted' || status === 'streaming';
  useEffect(() => {
    if (busy || waiting.current === null) return;
    const question = waiting.current;
    waiting.current = null;
    void sendMessage({ text: question });
  }, [busy, sendMessage]);
  // "ok" to a proposal opens its screen, prefilled, as soon as the answer is in (only for an answer
  // of this visit, not one shown again from the stored conversation).
  const navigate = useNavigate();
  const answering = useRef(false);
  useEffect(() => {
    if (busy) {
      answering.current = true;
      return;
    }
    if (!answering.current) return;
    answering.current = false;
    const target = carriedOut(messages[messages.length - 1]);
    if (!target) return;
    // On a phone the pane frame closes on the new page and moves the focus to its heading.
    navigate(`${href(variant, '/assistant/follow')}?to=${encodeURIComponent(target)}`);
  }, [busy, messages, navigate, variant]);
  return (
    <>
      <div className="chat-pane__log" role="log" aria-live="polite" aria-label={t('log')} ref={log}>
        <Conversation
          messages={messages}
          greeting={data.greeting}
          signedIn={data.signedIn !== null}
          variant={variant}
          locale={locale}
          onAsk={ask}
        />
        {busy ? <p className="muted">{t('thinking')}</p> : null}
        {error ? (
          <p className="chat-card chat-card--warning" role="alert">
            {t(error.message.includes('rateLimited') ? 'rateLimited' : 'error')}
          </p>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <ul className="chat-chips chat-pane__chips" aria-label={t('suggestions')}>
          {data.suggestions.map((intent) => (
            <li key={intent}>
              <button type="button" className="chip" onClick={() => ask(t(`ask.${intent}`))}>
                {t(`ask.${intent}`)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {conversationEnded(messages) ? (
        <p className="chat-pane__ended" data-testid="chat-ended">
          {t('abuse.endedNote')}
        </p>
      ) : (
        <form
          className="chat-pane__input"
          onSubmit={(event) => {
            event.preventDefault();
            ask(text);
          }}
        >
          <label htmlFor="chat-input" className="visually-hidden">
            {t('inputLabel')}
          </label>
          <textarea
            id="chat-input"
            ref={input}
            rows={2}
            maxLength={1000}
            value={text}
            placeholder={t('inputLabel')}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                ask(text);
              }
            }}
          />
          <button type="submit" className="button" disabled={busy}>
            {t('send')}
          </button>
        </form>
      )}
    </>
  );
}
