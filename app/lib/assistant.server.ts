import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLang, type Lang } from '../../intents/catalogue.ts';
import { chatCookieBase, openChat, type Conversation } from '#server/assistant/conversations.ts';
import { consumeAll, type LimitVerdict } from '#server/limits/rate-limits.ts';
import { paneState } from '#server/assistant/pane.ts';
import { cookieName, serializeCookie } from '#server/auth/cookies.ts';
import { findSession, type ActiveSession } from '#server/auth/session.ts';
import { stepUpSession } from '#server/auth/step-up.ts';
import { stepUpSchema } from '~/lib/assistant-forms';
import type { Database } from '#server/db/client.ts';
import { env } from '#server/env.ts';
import type { Variant } from '#server/variants/config.ts';
import { i18next } from '~/i18next.server';
import { requireVariant } from '~/lib/route-helpers.server';

export interface ChatContext {
  db: Database;
  variant: Variant;
  language: Lang;
  session: ActiveSession | null;
  conversation: Conversation;
  /** Set-Cookie for a new conversation's id, else null. */
  setCookie: string | null;
}

/**
 * The chat's context for a request: the variant, the page language, the session (or none) and
 * the conversation bound to it (decision 039). The session is read on the server only; nothing
 * the browser sends names a file or a conversation other than its own cookie.
 */
export async function chatContext(request: Request, params: LoaderFunctionArgs['params']): Promise<ChatContext> {
  const variant = requireVariant(params);
  const locale = await i18next.getLocale(request);
  const language: Lang = isLang(locale) ? locale : 'de';
  const { db, session, conversation } = await openChat(request);
  return {
    db,
    variant,
    language,
    session,
    conversation,
    setCookie: conversation.isNew ? serializeCookie(cookieName(chatCookieBase), conversation.id) : null,
  };
}

export function assistantSettings() {
  const e = env();
  return {
    ASSISTANT_MODEL: e.ASSISTANT_MODEL,
    ASSISTANT_BASE_URL: e.ASSISTANT_BASE_URL,
    ASSISTANT_API_KEY: e.ASSISTANT_API_KEY,
    ASSISTANT_TIMEOUT_MS: e.ASSISTANT_TIMEOUT_MS,
  };
}

export async function chatView(ctx: ChatContext) {
  const state = await paneState(ctx.db, ctx.session?.fileId ?? null);
  return { messages: ctx.conversation.messages, ...state, signedIn: ctx.session?.level ?? null };
}

/**
 * Counts one assistant turn against its limits (per conversation and per client address); every
 * turn is classified, stored and logged, so a script cannot send them without end.
 */
export function chatTurnAllowed(ctx: ChatContext, clientAddress: string): Promise<LimitVerdict> {
  return consumeAll(ctx.db, [
    ['chatConversation', ctx.conversation.id],
    ['chatClient', clientAddress],
  ]);
}

export type StepUpOutcome =
  | { ok: true; cookie: string; resume: string | null; session: ActiveSession | null }
  | {
      ok: false;
      status: number;
      error: 'passwordRequired' | 'wrongPassword' | 'locked' | 'measureRunning' | 'signIn';
      retryMinutes?: number;
      resume: string | null;
    };

/**
 * The password step-up of the pane and of /chatbot (decision 049): the sign-in's own checks, limits
 * and lock (`stepUpSession`), answered as a field error or the new full session's cookie and the
 * session read back through it. A session that is already full has nothing to step up: it is
 * answered like a success, so the original request simply continues.
 */
export async function stepUpChat(ctx: ChatContext, form: FormData, clientAddress: string): Promise<StepUpOutcome> {
  const parsed = stepUpSchema.safeParse({
    password: form.get('password') ?? undefined,
    resume: form.get('resume') || undefined,
  });
  const resume = typeof form.get('resume') === 'string' ? String(form.get('resume')).slice(0, 1000) || null : null;
  if (!ctx.session) return { ok: false, status: 401, error: 'signIn', resume };
  if (!parsed.success) return { ok: false, status: 400, error: 'passwordRequired', resume };
  if (ctx.session.level === 'full') return { ok: true, cookie: '', resume, session: ctx.session };
  const result = await stepUpSession(ctx.db, ctx.session, parsed.data.password, {
    clientAddress,
    conversationId: ctx.conversation.isNew ? null : ctx.conversation.id,
  });
  if (result.ok) {
    const token = result.cookie.split(';')[0]!;
    const session = await findSession(new Request('http://portal.internal/', { headers: { Cookie: token } }), ctx.db);
    return { ok: true, cookie: result.cookie, resume, session };
  }
  if (result.error === 'locked')
    return { ok: false, status: 429, error: 'locked', retryMinutes: Math.ceil(result.retryAfterSeconds / 60), resume };
  if (result.error === 'measureRunning') return { ok: false, status: 403, error: 'measureRunning', resume };
  if (result.error === 'passwordRequired') return { ok: false, status: 400, error: 'passwordRequired', resume };
  return { ok: false, status: 401, error: 'wrongPassword', resume };
}
