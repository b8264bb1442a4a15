/**
 * The pane's password step-up (decision 049): a form post `password` (+ `resume`, the request it
 * was asked for) from a reference-only session, checked as the sign-in checks it (attempt limits,
 * lock, measure). Answers JSON: `{ ok: true, resume }` with the full session's cookie, or
 * `{ ok: false, error, retryMinutes? }` with 400/401/403/429. Without JavaScript /chatbot takes the
 * same form.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { chatContext, stepUpChat } from '~/lib/assistant.server';
import { readForm } from '~/lib/form.server';

export async function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const ctx = await chatContext(request, params);
  const form = await readForm(request);
  const outcome = await stepUpChat(ctx, form, context.clientAddress);
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (outcome.ok) {
    if (outcome.cookie) headers.append('Set-Cookie', outcome.cookie);
    return Response.json({ ok: true, resume: outcome.resume }, { headers });
  }
  if (outcome.retryMinutes) headers.set('Retry-After', String(outcome.retryMinutes * 60));
  return Response.json(
    { ok: false, error: outcome.error, retryMinutes: outcome.retryMinutes ?? null },
    { status: outcome.status, headers },
  );
}
