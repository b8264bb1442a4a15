/**
 * The assistant's doors on every page: a button in the header and a floating button. Without
 * JavaScript both are links to /chatbot (the server-rendered conversation); with JavaScript they
 * open the pane, whose code is fetched only then (React.lazy). The pane stays open across
 * navigations within the portal (it lives in the root shell; its conversation on the server, so
 * a reload or reopening shows it again).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { href, type PublicVariant } from '~/lib/variant';

const AssistantPane = lazy(() => import('./AssistantPane'));

interface AssistantControls {
  open: (question?: string) => void;
  isOpen: boolean;
}

const AssistantContext = createContext<AssistantControls>({ open: () => {}, isOpen: false });

export function AssistantProvider({
  variant,
  locale,
  children,
}: {
  variant: PublicVariant;
  locale: string;
  children: React.ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);
  const open = useCallback((q?: string) => {
    setQuestion(q ?? null);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  const controls = useMemo(() => ({ open, isOpen }), [open, isOpen]);
  return (
    <AssistantContext.Provider value={controls}>
      {children}
      {isOpen ? (
        <Suspense fallback={null}>
          <AssistantPane variant={variant} locale={locale} onClose={close} initialQuestion={question} />
        </Suspense>
      ) : null}
    </AssistantContext.Provider>
  );
}

export function useAssistant() {
  return useContext(AssistantContext);
}

function opener(open: AssistantControls['open']) {
  return (event: React.MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open();
  };
}

/** The header's door (a link to /chatbot without JavaScript). */
export function AssistantHeaderButton({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  const { open, isOpen } = useAssistant();
  return (
    <a
      href={href(variant, '/chatbot')}
      className="assistant-header-button"
      onClick={opener(open)}
      aria-expanded={isOpen}
      data-testid="assistant-header-button"
    >
      <ChatIcon />
      <span>{t('shell.assistant')}</span>
    </a>
  );
}

/** The floating door, bottom right, hidden while the pane is open. */
export function AssistantFloatingButton({ variant }: { variant: PublicVariant }) {
  const { t } = useTranslation();
  const { open, isOpen } = useAssistant();
  const { pathname } = useLocation();
  // Hidden while the pane is open, and on /chatbot, which is the conversation itself.
  if (isOpen || pathname.endsWith('/chatbot')) return null;
  return (
    <a href={href(variant, '/chatbot')} className="assistant-fab" onClick={opener(open)} data-testid="assistant-fab">
      <ChatIcon />
      <span>{t('shell.assistantAsk')}</span>
    </a>
  );
}

function ChatIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path d="M4 5h16v10H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
