/**
 * The text drawn on a PDF's pages, for tests: inflates each content stream and decodes the
 * strings shown with Tj (pdf-lib writes standard-font text as WinAnsi hex strings). Enough to
 * find filled-in values; not a general PDF text extractor.
 */
import { inflateSync } from 'node:zlib';

export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const latin = raw.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(latin); match; match = streamPattern.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let body = raw.subarray(start, end);
    if (/\/FlateDecode/.test(match[1] ?? '')) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    const shown = /<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    for (let text = shown.exec(content); text; text = shown.exec(content)) {
      if (text[1] !== undefined) lines.push(new TextDecoder('windows-1252').decode(Buffer.from(text[1].replace(/\s+/g, ''), 'hex')));
      else lines.push((text[2] ?? '').replace(/\\([()\\])/g, '$1'));
    }
  }
  return lines.join('\n');
}
