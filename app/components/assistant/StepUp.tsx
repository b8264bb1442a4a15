/**
 * The password step-up inside the conversation (decision 049). In the pane the password is posted
 * with `fetch` to /assistant/step-up; on success the session is full on the server and the pane
 * asks the original request again. Without JavaScript it is a plain form posting to /chatbot,
 * which answers with the same checks and continues the same way. The sign-in page stays one link
 * away.
 */
import { Form } from '@remix-run/react';
import { Link } from '~/components/ui/Link';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolResult } from '#server/assistant/tools/results.ts';
import { href, type PublicVariant, signInHref } from '~/lib/variant';
import { useChatFormState } from './ChatFormState';

interface Props {
  result: Extract<ToolResult, { kind: 'stepUp' }>;
  variant: PublicVariant;
  /** The request that needed the password, asked again after the step-up. */
  question: string | null;
  /** In the pane: ask a question (JavaScript); absent on /chatbot. */
  onAsk?: (text: string) => void;
  /** Only the latest answer's card takes the password; earlier ones link to the sign-in. */
  latest: boolean;
}

type Failure = { error: string; retryMinutes: number | null };

export function StepUp({ result, variant, question, onAsk, latest }: Props) {
  const { t } = useTranslation('assistant');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const server = useChatFormState('stepUp');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const signInLink = signInHref(variant, result.returnTo);
  const shown: Failure | null =
    failure ??
    (latest && server?.fieldErrors.password
      ? { error: server.fieldErrors.password, retryMinutes: Number(server.values?.minutes ?? 0) || null }
      : null);
  const errorId = `${id}-error`;
  const resume = question ?? t(`ask.${result.intent}`);

  if (done)
    return (
      <div className="chat-card" data-testid="chat-step-up">
        <p role="status">{t('stepUp.done')}</p>
      </div>
    );
  if (!latest)
    return (
      <div className="chat-card" data-testid="chat-step-up">
        <p>{t('stepUp.text')}</p>
        <Link className="button button--secondary" to={signInLink}>
          {t('stepUp.button')}
        </Link>
      </div>
    );

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!onAsk) return; // No JavaScript in charge: the form posts to /chatbot.
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    if (!String(body.get('password') ?? '')) {
      setFailure({ error: 'passwordRequired', retryMinutes: null });
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(href(variant, '/assistant/step-up'), {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      const answer = (await response.json()) as { ok: boolean; error?: string; retryMinutes?: number | null };
      if (answer.ok) {
        setDone(true);
        onAsk(resume);
        return;
      }
      setFailure({ error: answer.error ?? 'failed', retryMinutes: answer.retryMinutes ?? null });
    } catch {
      setFailure({ error: 'failed', retryMinutes: null });
    } finally {
      setBusy(false);
    }
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <Form method="post" className="chat-card chat-form" data-testid="chat-step-up" onSubmit={submit} noValidate>
      <p>{t('stepUp.inline')}</p>
      <input type="hidden" name="intent" value="stepUp" />
      <input type="hidden" name="resume" value={resume} />
      <label htmlFor={`${id}-password`}>{t('stepUp.password')}</label>
      {shown ? (
        <p className="field-error" id={errorId}>
          <span className="visually-hidden">{t('stepUp.errorPrefix')} </span>
          {t(`stepUp.errors.${shown.error}`, { minutes: shown.retryMinutes ?? 15, phone: variant.support.phone })}
        </p>
      ) : null}
      <input
        ref={input}
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={256}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
      />
      <button type="submit" className="button" disabled={busy}>
        {t('stepUp.submit')}
      </button>
      <p className="muted">
        <Link to={href(variant, '/password/reset')}>{t('stepUp.forgot')}</Link>
      </p>
    </Form>
  );
}
