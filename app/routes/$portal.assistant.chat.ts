/**
 * The chat pane's resource route (decisions 038, 039). GET: the conversation of this session and
 * what the pane opens with (greeting from the file, suggestions). POST: one message as JSON
 * `{ "text": "…" }`, answered as a stream of UI message chunks (`useChat`'s protocol). The body
 * is read through the bounded reader; anything but a small JSON object with a text is a 400,
 * never a 500. The conversation lives on the server, bound to the session.
 */
import { UI_MESSAGE_STREAM_HEADERS, type UIMessage } from 'ai';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { LANGS } from '../../intents/catalogue.ts';
import { conversationEnded, maxMessageChars, turnEventStream } from '#server/assistant/turn.ts';
import { BodyRefused, mediaTypeOf, readBodyText } from '#server/http/request-body.ts';
import { assistantSettings, chatContext, chatTurnAllowed, chatView } from '~/lib/assistant.server';

const chatBody = z.object({
  text: z.string().trim().min(1).max(maxMessageChars),
  /** The language of the page the pane is on (short messages are read in it); the variant's languages only. */
  pageLang: z.enum(LANGS).optional(),
});

/** A JSON message is small: 16 KiB is far above 1,000 characters of any script. */
const maxChatBodyBytes = 16 * 1024;

const badRequest = (reason: string, status = 400) =>
  Response.json({ error: reason }, { status, headers: { 'Cache-Control': 'no-store' } });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await chatContext(request, params);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (ctx.setCookie) headers.append('Set-Cookie', ctx.setCookie);
  return Response.json(await chatView(ctx), { headers });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (mediaTypeOf(request.headers.get('Content-Type')) !== 'application/json') return badRequest('notJson');
  let text: string;
  try {
    text = await readBodyText(request, maxChatBodyBytes);
  } catch (error) {
    if (error instanceof BodyRefused) return badRequest(error.reason, error.status);
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return badRequest('notJson');
  }
  const parsed = chatBody.safeParse(body);
  if (!parsed.success) return badRequest('invalidMessage');
  const ctx = await chatContext(request, params);
  // A conversation ended after repeated abuse takes no further message (the pane shows no input).
  if (conversationEnded(ctx.conversation.messages as UIMessage[]))
    return Response.json({ error: 'ended' }, { status: 409, headers: { 'Cache-Control': 'no-store' } });
  const allowed = await chatTurnAllowed(ctx, context.clientAddress);
  if (!allowed.ok)
    return Response.json(
      { error: 'rateLimited', retryAfterSeconds: allowed.retryAfterSeconds },
      { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(allowed.retryAfterSeconds) } },
    );
  const turn = turnEventStream({
    db: ctx.db,
    session: ctx.session,
    variant: ctx.variant,
    language:
      parsed.data.pageLang && (ctx.variant.languages as readonly string[]).includes(parsed.data.pageLang)
        ? parsed.data.pageLang
        : ctx.language,
    text: parsed.data.text,
    conversation: ctx.conversation,
    settings: assistantSettings(),
  });
  // The SDK's protocol headers; the answer is never kept by a cache.
  const headers = new Headers(UI_MESSAGE_STREAM_HEADERS);
  headers.set('Cache-Control', 'no-store');
  if (ctx.setCookie) headers.append('Set-Cookie', ctx.setCookie);
  return new Response(turn.body, { headers });
}
