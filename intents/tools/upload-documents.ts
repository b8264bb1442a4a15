import { linkTool } from './define.ts';

/** The debtor wants to send or upload a document, proof or receipt: leads to the upload centre. */
export default linkTool(
  'upload_documents',
  'The debtor wants to send or upload a document, proof or receipt: leads to the upload centre.',
);
