/** Files and multipart requests for upload tests, and a throw-away upload folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { FolderStorage } from '#server/storage/folder.ts';
import { setObjectStore } from '#server/uploads/storage.ts';
import { origin } from './routes.ts';

export const pdfBytes = (size = 2048) => {
  const bytes = new Uint8Array(new ArrayBuffer(size)).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};
export const exeBytes = (size = 2048) => {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
  return bytes;
};

export function file(name: string, bytes: Uint8Array<ArrayBuffer>, type = 'application/pdf'): File {
  return new File([bytes], name, { type });
}

/** A multipart POST as a browser sends it (fields in order, repeated names allowed). */
export function multipartRequest(
  pathname: string,
  fields: Array<[string, string | File]>,
  headers: Record<string, string> = {},
): Request {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request(`${origin}${pathname}`, { method: 'POST', body, headers: { Origin: origin, ...headers } });
}

/** Uploads go to a temporary folder for the test file. */
export function useUploadFolder(): { readonly root: string } {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-uploads-'));
    setObjectStore(new FolderStorage(root));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  return {
    get root() {
      return root;
    },
  };
}
