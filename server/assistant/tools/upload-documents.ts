import { linkOf } from './context.ts';
import { intentTool } from './define.ts';
import { fileOffers, withOffers } from './offers.ts';

/**
 * The debtor wants to send or upload a document, proof or receipt: the upload centre, with the
 * number of documents the agency still asks for when it asks for any.
 */
export default intentTool(
  'upload_documents',
  'The debtor wants to send or upload a document, proof or receipt: leads to the upload centre, naming the documents requested.',
  async (ctx) =>
    withOffers(
      { kind: 'link', intent: 'upload_documents', href: linkOf('upload_documents')!, slots: {} },
      await fileOffers(ctx, ['documents']),
    ),
);
