/**
 * The agency's key of a file (decision 086): its reference number, with `-<subcase>` when the
 * subcase is not 1 (`100000123-2`). Every agency resource of a file is addressed by it.
 */
import { formatReference } from '../auth/reference.ts';

export interface FileKey {
  refno: string;
  subcase: number;
}

/** A reference as the agency writes it, or null when it is not one (nine digits, a subcase from 1). */
export function parseReference(value: string): FileKey | null {
  const match = /^(\d{9})(?:-(\d{1,4}))?$/.exec(value);
  if (!match) return null;
  const subcase = match[2] ? Number(match[2]) : 1;
  return subcase >= 1 ? { refno: match[1]!, subcase } : null;
}

/** The one way a file's reference is written: `-1` left out (`100000123-1` is `100000123`). */
export function referenceOf(ref: FileKey): string {
  return formatReference(ref.refno, ref.subcase);
}
