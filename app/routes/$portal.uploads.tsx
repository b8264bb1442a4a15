import type { ActionFunctionArgs } from '@remix-run/node';
import { consumeUploadLimitForPage, type UploadContext } from '#server/uploads/receive.ts';
import { requireDebtor } from '~/lib/auth.server';
import { requireVariant } from '~/lib/route-helpers.server';
import { readFormWithUploads } from '~/lib/uploads.server';

/**
 * The uploads endpoint for forms with JavaScript: the upload field sends the chosen files here
 * (with a progress bar) and then only their ids with the form. Files land as pending uploads of
 * the session's file; the answer lists what was accepted and what was refused, and why.
 */
const contexts: readonly UploadContext[] = [
  'announcedPayment',
  'documentRequest',
  'message',
  'profileChange',
  'proofOfIncome',
  'dispute',
];

export async function action({ request, params, context: load }: ActionFunctionArgs) {
  const variant = requireVariant(params);
  const session = await requireDebtor(request, variant, { level: 'full' });
  const context = new URL(request.url).searchParams.get('context') as UploadContext | null;
  if (!context || !contexts.includes(context))
    return Response.json({ accepted: [], refused: [], error: 'context' }, { status: 400 });
  const limit = await consumeUploadLimitForPage({ fileId: session.fileId, clientAddress: load.clientAddress });
  if (!limit.ok) {
    return Response.json(
      { accepted: [], refused: [], error: 'rateLimited' },
      { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  const { outcome } = await readFormWithUploads(request, { fileId: session.fileId, context });
  return Response.json(
    { accepted: outcome.accepted, refused: outcome.refused, error: null },
    { status: outcome.accepted.length === 0 && outcome.refused.length > 0 ? 422 : 200 },
  );
}
