import type { LoaderFunctionArgs } from '@remix-run/node';
import { isFormKind } from '#server/documents/form-schemas.ts';
import { findFormDocumentForPage } from '#server/documents/forms.ts';
import { documentStore } from '#server/documents/store.ts';
import { requireDebtor } from '~/lib/auth.server';
import { downloadResponse } from '~/lib/download.server';
import { requireVariant } from '~/lib/route-helpers.server';

/**
 * A form the debtor created, as PDF: only for the session's file. Another file's order answers
 * 404 exactly like one that does not exist. It holds personal data: never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const variant = requireVariant(params);
  const session = await requireDebtor(request, variant, { level: 'full' });
  const form = params.customForm;
  const orderId = Number(params.orderId);
  const found = isFormKind(form) ? await findFormDocumentForPage(session.fileId, form, orderId) : null;
  const stored = found ? await documentStore().open(found.key) : null;
  if (!found || !stored || !isFormKind(form))
    throw new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return downloadResponse(stored.body, {
    mediaType: 'application/pdf',
    sizeBytes: stored.sizeBytes,
    name: `${form}-${orderId}.pdf`,
    cacheControl: 'private, no-store',
  });
}
