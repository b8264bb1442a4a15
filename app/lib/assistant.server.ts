import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLang, type Lang } from '../../intents/catalogue.ts';
import { chatCookieBase, openConversation, type Conversation } from '#server/assistant/conversations.ts';
import { consumeAll, type LimitVerdict } from '#server/limits/rate-limits.ts';
import { paneState } from '#server/assistant/pane.ts';
import { cookieName, serializeCookie } from '#server/auth/cookies.ts';
import { findSession, type ActiveSession } from '#server/auth/session.ts';
import { getDatabase, type Database } from '#server/db/client.ts';
import { env } from '#server/env.ts';
import { readCookie } from '#server/i18n/negotiate.ts';
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
  const db = await getDatabase();
  const session = await findSession(request, db);
  const cookie = readCookie(request.headers.get('Cookie'), cookieName(chatCookieBase));
  const conversation = await openConversation(db, cookie, session?.idHash ?? null);
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
