/**
 * What the portal accepts as an upload (spec 5 and 9): JPG, PNG, PDF and TIF, judged by the
 * first bytes of the content, never by the name; at most 10 MB per file and 10 MB together.
 * Pure functions without Node imports: the browser runs the same checks before sending, the
 * server runs them again (with file-type as a second opinion) while it streams the file.
 */
export const maxFileBytes = 10 * 1024 * 1024;
export const maxTotalBytes = 10 * 1024 * 1024;

export const acceptedMediaTypes = ['image/jpeg', 'image/png', 'application/pdf', 'image/tiff'] as const;
export type AcceptedMediaType = (typeof acceptedMediaTypes)[number];

/** For the file picker only (a hint to the browser's dialog); never trusted. */
export const acceptAttribute = '.jpg,.jpeg,.png,.pdf,.tif,.tiff,image/jpeg,image/png,application/pdf,image/tiff';

/** How many bytes the signature check needs. */
export const signatureBytes = 8;

const signatures: ReadonlyArray<{ type: AcceptedMediaType; bytes: readonly number[] }> = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] }, // II*\0 little-endian
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // MM\0* big-endian
];

/** The accepted type whose magic bytes open `head`, or null. */
export function sniffMediaType(head: Uint8Array): AcceptedMediaType | null {
  for (const signature of signatures) {
    if (head.length >= signature.bytes.length && signature.bytes.every((byte, index) => head[index] === byte))
      return signature.type;
  }
  return null;
}

/**
 * Why a file was refused. `storageFull` is the server's alone (its storage has no room left):
 * the file was not stored, and the form keeps everything else that was entered.
 */
export type UploadProblem = 'empty' | 'tooLarge' | 'wrongType' | 'totalTooLarge' | 'tooMany' | 'storageFull';

/** Most files one form takes; a guard against a form with hundreds of tiny parts. */
export const maxFiles = 10;

/** Checks one file from its size and first bytes (the browser's check before sending). */
export function checkFile(file: { size: number; head: Uint8Array }): UploadProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > maxFileBytes) return 'tooLarge';
  if (!sniffMediaType(file.head)) return 'wrongType';
  return null;
}

/**
 * Checks a selection as a whole: per file, then the sum of the files accepted so far. A file
 * that would push the total over the limit is refused with `totalTooLarge`; earlier ones stay.
 */
export function checkSelection(
  files: ReadonlyArray<{ size: number; head: Uint8Array }>,
  alreadyBytes = 0,
  alreadyCount = 0,
): Array<UploadProblem | null> {
  let total = alreadyBytes;
  let count = alreadyCount;
  return files.map((file) => {
    const problem = checkFile(file);
    if (problem) return problem;
    if (count + 1 > maxFiles) return 'tooMany';
    if (total + file.size > maxTotalBytes) return 'totalTooLarge';
    total += file.size;
    count += 1;
    return null;
  });
}

/** A file name safe to show and to store as metadata: no path, no control characters, bounded. */
export function cleanFileName(name: string | undefined | null): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}
