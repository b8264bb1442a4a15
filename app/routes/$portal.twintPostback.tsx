import type { ActionFunctionArgs } from '@remix-run/node';
import { webhookResponse } from '~/lib/webhook.server';
import { requireVariant } from '~/lib/route-helpers.server';

/**
 * TWINT's postback for the Swiss variant (POST /serviceportal-ch/twintPostback, spec 2.1): the
 * same signed webhook as /payments/webhook, under the path the Swiss contract names.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (requireVariant(params).id !== 'ch') return new Response('Not Found', { status: 404 });
  return webhookResponse(request);
}

export function loader() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}
