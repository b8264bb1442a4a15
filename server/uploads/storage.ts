/**
 * Where uploaded files live: the `uploads/` folder of the portal's file storage
 * (server/storage/: a folder, a shared volume, or an S3-compatible bucket), never under public/
 * or build/. Files are written from a stream and read as a stream; nothing holds a whole file in
 * memory, and a file is visible only once it is complete.
 */
import { fileStorage } from '../storage/configured.ts';
import { within, type FileStorage } from '../storage/files.ts';

export type ObjectStore = FileStorage;

let chosen: ObjectStore | undefined;

/** The process's upload store: set by a test, otherwise `uploads/` in the configured storage. */
export function objectStore(): ObjectStore {
  return chosen ?? within(fileStorage(), 'uploads');
}

/** For tests: uploads go to `store` (undefined: back to the configured storage). */
export function setObjectStore(store: ObjectStore | undefined): void {
  chosen = store;
}
