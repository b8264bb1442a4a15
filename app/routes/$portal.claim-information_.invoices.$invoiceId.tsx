import type { LoaderFunctionArgs } from '@remix-run/node';
import { findInvoiceDocumentForPage } from '#server/claims/information.ts';
import { documentStore } from '#server/documents/store.ts';
import { requireDebtor } from '~/lib/auth.server';
import { downloadResponse } from '~/lib/download.server';
import { requireVariant } from '~/lib/route-helpers.server';

/**
 * An original invoice as PDF, only for the debtor whose file it belongs to. Another file's
 * invoice answers 404 exactly like one that does not exist, so ids reveal nothing. Stored
 * documents never change: the browser may keep it privately for 15 minutes (spec 7, 9).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const variant = requireVariant(params);
  const session = await requireDebtor(request, variant, { level: 'full' });
  const invoiceId = Number(params.invoiceId);
  const found =
    Number.isSafeInteger(invoiceId) && invoiceId > 0
      ? await findInvoiceDocumentForPage(session.fileId, invoiceId)
      : null;
  const stored = found ? await documentStore().open(found.key) : null;
  if (!found || !stored) throw new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return downloadResponse(stored.body, {
    mediaType: 'application/pdf',
    sizeBytes: stored.sizeBytes,
    name: `${found.number.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`,
    cacheControl: 'private, max-age=900',
  });
}
