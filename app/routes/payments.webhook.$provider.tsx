import type { ActionFunctionArgs } from '@remix-run/node';
import { paymentConfig } from '#server/payments/config.ts';
import { webhookResponse } from '~/lib/webhook.server';

/**
 * The payment provider's webhook (POST /payments/webhook/sandbox): outside every variant, no
 * session, exempt from the same-origin check (server/http/main.ts) and verified by its
 * HMAC-SHA256 signature on the raw body instead. 401 for a bad signature, 400 for a broken body.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (params.provider !== paymentConfig().provider) return new Response('Not Found', { status: 404 });
  return webhookResponse(request);
}

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}
