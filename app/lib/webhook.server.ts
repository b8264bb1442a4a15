import { getDatabase } from '#server/db/client.ts';
import { receiveWebhook } from '#server/payments/service.ts';

/** A provider's server-to-server call: the signature on the raw body decides (never a 500 for bad input). */
export async function webhookResponse(request: Request): Promise<Response> {
  if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
  const rawBody = await request.text();
  if (rawBody.length > 64_000) return new Response('Payload Too Large', { status: 413 });
  const result = await receiveWebhook(await getDatabase(), rawBody, request.headers);
  return Response.json(result.status === 200 ? { received: true } : { error: result.error }, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}
