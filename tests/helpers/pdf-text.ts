/**
 * The text drawn on a PDF's pages, for tests (vitest and the Playwright journeys): extracted by
 * PDF.js (`pdfjs-dist`, legacy build for Node), which reads embedded subset fonts through their
 * ToUnicode maps as well as the standard fonts. Pages are joined by a blank line; a line break
 * stands where PDF.js sees the end of a line, so a sentence wrapped over two lines is found
 * after `.replace(/\n/g, ' ')`.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
/** The metrics of the 14 standard fonts, for PDFs that use them without embedding. */
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}${path.sep}`;

export async function pdfText(bytes: Uint8Array): Promise<string> {
  // A copy: PDF.js refuses a Node Buffer and may take over the array it is given.
  const data = new Uint8Array(bytes);
  const loading = getDocument({ data, standardFontDataUrl, isEvalSupported: false, verbosity: 0 });
  const doc = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(text.trimEnd());
    }
    return pages.join('\n\n');
  } finally {
    await loading.destroy();
  }
}
