/**
 * Document storage outside the web root: creditor documents (original invoices) and the PDFs the
 * portal creates. The portal never serves this folder directly; a route checks that the document
 * belongs to the session's file and then streams it.
 *
 * It is the `documents/` folder of the portal's file storage (server/storage/: a folder or an
 * S3-compatible bucket), the same interface the uploads use.
 */
import { fileStorage } from '../storage/configured.ts';
import { isSafeKey, within, type FileStorage, type StoredFile } from '../storage/files.ts';
import { FolderStorage } from '../storage/folder.ts';

export { isSafeKey };
export type StoredDocument = StoredFile;
export type DocumentStore = FileStorage;

/** A store in a folder of its own (tests, tools). */
export function folderStore(root: string): DocumentStore {
  return new FolderStorage(root);
}

/** The store configured for this process: `documents/` in the portal's file storage. */
export function documentStore(): DocumentStore {
  return within(fileStorage(), 'documents');
}
