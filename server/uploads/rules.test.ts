import { describe, expect, it } from 'vitest';
import { checkFile, checkSelection, cleanFileName, maxFileBytes, sniffMediaType } from './rules.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('sniffMediaType: judged by the first bytes, never by the name', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image/png'],
    ['PDF', text('%PDF-1.7\n'), 'application/pdf'],
    ['TIFF little-endian', bytes(0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0), 'image/tiff'],
    ['TIFF big-endian', bytes(0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8), 'image/tiff'],
    ['Windows executable (MZ)', bytes(0x4d, 0x5a, 0x90, 0x00), null],
    ['plain text', text('Hello, this is text'), null],
    ['GIF', text('GIF89a'), null],
    ['ZIP (docx)', bytes(0x50, 0x4b, 0x03, 0x04), null],
    ['truncated PNG signature', bytes(0x89, 0x50, 0x4e), null],
    ['nothing', bytes(), null],
  ])('%s → %s', (_name, head, expected) => {
    expect(sniffMediaType(head)).toBe(expected);
  });
});

describe('checkFile and checkSelection: 10 MB each, 10 MB together', () => {
  const pdf = text('%PDF-1.4');
  const MB = 1024 * 1024;
  it.each([
    ['an empty file', { size: 0, head: bytes() }, 'empty'],
    ['exactly 10 MB', { size: maxFileBytes, head: pdf }, null],
    ['11 MB', { size: 11 * MB, head: pdf }, 'tooLarge'],
    ['an exe renamed .pdf', { size: 2000, head: bytes(0x4d, 0x5a, 0x90, 0) }, 'wrongType'],
  ])('%s → %s', (_name, file, expected) => {
    expect(checkFile(file)).toBe(expected);
  });

  it('refuses the second of two 6 MB files, keeps the first', () => {
    expect(
      checkSelection([
        { size: 6 * MB, head: pdf },
        { size: 6 * MB, head: pdf },
      ]),
    ).toEqual([null, 'totalTooLarge']);
  });
  it('counts files kept from an earlier attempt', () => {
    expect(checkSelection([{ size: 5 * MB, head: pdf }], 6 * MB, 1)).toEqual(['totalTooLarge']);
    expect(checkSelection([{ size: 4 * MB, head: pdf }], 6 * MB, 1)).toEqual([null]);
  });
  it('an invalid file does not use up the budget', () => {
    expect(
      checkSelection([
        { size: 9 * MB, head: text('MZ') },
        { size: 9 * MB, head: pdf },
      ]),
    ).toEqual(['wrongType', null]);
  });
  it('takes at most 10 files', () => {
    expect(checkSelection(Array.from({ length: 11 }, () => ({ size: 10, head: pdf }))).at(-1)).toBe('tooMany');
  });
});

describe('cleanFileName', () => {
  it.each([
    ['C:\\Users\\me\\Beleg.pdf', 'Beleg.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\nc.png', 'abc.png'],
    ['', 'file'],
  ])('%s → %s', (input, expected) => expect(cleanFileName(input)).toBe(expected));
});
