/**
 * The typeface of every PDF the portal typesets: Noto Sans, regular and bold, embedded as a
 * subset (decision 017). The standard PDF fonts (Helvetica) encode WinAnsi only and cannot write
 * "Yılmaz" or "Şahin"; Noto Sans draws every letter of the seven languages and the Latin-script
 * names beyond them (ő, č, ł, đ, ...).
 *
 * The TrueType files come from the npm package @expo-google-fonts/noto-sans (fonts under the SIL
 * Open Font License 1.1) and are read from node_modules once per process. Server-only.
 *
 * pdf-lib parses and subsets fonts with whatever fontkit it is given. Its own fork,
 * @pdf-lib/fontkit 1.1.1 (unmaintained since 2020), writes broken TrueType subsets: the `loca`
 * table loses its long format, and most letters of Noto Sans come out blank while the text can
 * still be extracted. Upstream fontkit 2 subsets correctly; the adapter below bridges its one
 * API difference.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type * as FontkitModule from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);

const files = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

type FontBytes = Record<keyof typeof files, Buffer>;

let loading: Promise<FontBytes> | undefined;

/** The font files' bytes, read once per process (a failed read is tried again next time). */
function fontBytes(): Promise<FontBytes> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([
      readFile(require.resolve(files.regular)),
      readFile(require.resolve(files.bold)),
    ]);
    return { regular, bold };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** What pdf-lib expects of a fontkit (its own declared types). */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Face = ReturnType<Fontkit['create']>;

/**
 * Upstream fontkit for pdf-lib, keeping each parsed face.
 * - fontkit 2 encodes a subset with `encode()`; pdf-lib 1.17 calls the old `encodeStream()` and
 *   listens for 'data' and 'end'. Each subset gets that method, a stream of the one encoded chunk.
 * - pdf-lib parses the bytes again on every embed, and the first layout of a fresh face (cmap,
 *   GSUB, GPOS) costs about 50 ms. A shared face is safe: fontkit reads it synchronously, and each
 *   document collects its glyphs in a subset of its own.
 */
const faces = new WeakMap<Uint8Array, Face>();
const portalFontkit = (fontkit: typeof FontkitModule): Fontkit => ({
  create(bytes, postscriptName) {
    let face = faces.get(bytes);
    if (!face) {
      const font = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), postscriptName);
      if (!('createSubset' in font)) throw new Error('A font collection (.ttc) is not a font: name the face');
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
      };
      // fontkit 2's Font has everything pdf-lib uses (layout, characterSet, metrics, tables);
      // the two packages just declare it separately.
      face = font as unknown as Face;
      faces.set(bytes, face);
    }
    return face;
  },
});

/** Embeds the regular and bold face into `pdf`; only the glyphs drawn end up in the file. */
export async function embedFonts(pdf: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  const [bytes, fontkit] = await Promise.all([fontBytes(), import('fontkit')]);
  pdf.registerFontkit(portalFontkit(fontkit));
  const [regular, bold] = await Promise.all([
    pdf.embedFont(bytes.regular, { subset: true }),
    pdf.embedFont(bytes.bold, { subset: true }),
  ]);
  return { regular, bold };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * Text as `font` can draw it. Composed first (NFC), so that a name typed with combining accents
 * ("s" + U+0327) takes the font's precomposed "ş": pdf-lib does not position combining marks.
 * A character the font has no glyph for (an emoji, a CJK ideograph) becomes "?": pdf-lib would
 * otherwise draw the empty .notdef box without a word, which reads as nothing on paper and
 * cannot be found in the text. Line breaks stay; other whitespace without a glyph becomes a space.
 */
export function drawable(text: string, font: PDFFont): string {
  let glyphs = characterSets.get(font);
  if (!glyphs) {
    glyphs = new Set(font.getCharacterSet());
    characterSets.set(font, glyphs);
  }
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\n' || glyphs.has(ch.codePointAt(0)!)) out += ch;
    else out += /\s/.test(ch) ? ' ' : '?';
  }
  return out;
}
