import type { LoaderFunctionArgs } from '@remix-run/node';
import { findUploadForPage } from '#server/uploads/receive.ts';
import { objectStore } from '#server/uploads/storage.ts';
import { requireDebtor } from '~/lib/auth.server';
import { downloadResponse } from '~/lib/download.server';
import { requireVariant } from '~/lib/route-helpers.server';

/** A file the debtor uploaded to their own file, as a download; any other id is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const variant = requireVariant(params);
  const session = await requireDebtor(request, variant, { level: 'full' });
  const upload = await findUploadForPage({ fileId: session.fileId, id: Number(params.id) });
  if (!upload) throw new Response('Not Found', { status: 404 });
  const stored = await objectStore().open(upload.storageKey);
  // A row whose file is gone is a fault of the storage, not a debtor's mistake.
  if (!stored) throw new Error('stored upload missing');
  return downloadResponse(stored.body, {
    mediaType: upload.mediaType,
    sizeBytes: upload.sizeBytes,
    name: upload.originalName,
    cacheControl: 'private, no-store',
  });
}
