import { BodyRefused, readBodyText } from '#server/http/request-body.ts';
import { receiveWebhookForPage } from '#server/payments/service/provider.ts';

/** A provider's server-to-server call: the signature on the raw body decides (never a 500 for bad input). */
export async function webhookResponse(request: Request): Promise<Response> {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
  let rawBody: string;
  try {
    rawBody = await readBodyText(request);
  } catch (error) {
    if (error instanceof BodyRefused) return new Response(error.reason, { status: error.status });
    throw error;
  }
  const result = await receiveWebhookForPage(rawBody, request.headers);
  return Response.json(result.status === 200 ? { received: true } : { error: result.error }, {
    status: result.status,
    headers: { 'Cache-Control': 'no-store' },
  });
}
