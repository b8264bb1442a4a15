/**
 * React 18's streaming renderer (renderToPipeableStream, which app/entry.server.tsx uses) fills
 * 2,048-byte views; a character of two or more UTF-8 bytes that did not fit at the end of a view
 * sent the whole view on, empty bytes included: a NUL in the page before the character ("H\0äufige
 * Fragen"), which the Nu checker reports as "Saw U+0000 in stream" (scripts/check-html.ts). Patched
 * in patches/react-dom+18.3.1.patch, for the development and the production build alike.
 *
 * The production build goes further (decision 100): it gathers what one flush renders as text and
 * hands it on in one write, where React encoded every small piece into its views on its own.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createElement } from 'react';
import type * as ReactDomServer from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
type Server = typeof ReactDomServer;
// The package exports only react-dom/server (which picks a build by NODE_ENV): the builds by path.
const folder = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs');
const builds: Array<[string, Server]> = [
  ['development', require(path.join(folder, 'react-dom-server.node.development.js')) as Server],
  ['production', require(path.join(folder, 'react-dom-server.node.production.min.js')) as Server],
];

/** Short strings are copied into the view (long ones are sent on their own): fillers of 600 bytes. */
function render(server: Server, filler: number, text: string): Promise<Buffer> {
  const fillers = ['a', 'b', 'c'].map((c) => createElement('p', { key: c }, c.repeat(600)));
  return new Promise((resolve, reject) => {
    const { pipe } = server.renderToPipeableStream(
      createElement(
        'div',
        null,
        ...fillers,
        createElement('p', null, 'x'.repeat(filler)),
        createElement('p', null, text),
      ),
      {
        onAllReady() {
          const out = new PassThrough();
          buffer(out).then(resolve, reject);
          pipe(out);
        },
        onError: reject,
      },
    );
  });
}

describe.each(builds)('renderToPipeableStream (%s build)', (_name, server) => {
  it('sends no NUL byte when a character of 2 or 3 bytes meets the end of a view', async () => {
    // The filler puts the character at every position near the end of the first 2,048-byte view.
    for (const text of ['Häufige Fragen', 'Zahlung – 5 €']) {
      for (let filler = 180; filler <= 260; filler += 1) {
        const html = await render(server, filler, text);
        expect(html.includes(0), `${text}, ${filler} bytes before it`).toBe(false);
        expect(html.toString('utf8')).toContain(`<p>${text}</p>`);
      }
    }
  });
});

describe('renderToPipeableStream (production build, decision 100)', () => {
  it('hands what one flush renders on in one write, byte for byte what the development build writes', async () => {
    const [development, production] = builds.map(([, server]) => server);
    const page = createElement(
      'main',
      null,
      ...Array.from({ length: 400 }, (_, i) =>
        createElement('p', { key: i, className: `n${i}` }, `Zeile ${i} – Größe`),
      ),
    );
    const writes = (server: Server) =>
      new Promise<Buffer[]>((resolve, reject) => {
        const { pipe } = server.renderToPipeableStream(page, {
          onAllReady() {
            const chunks: Buffer[] = [];
            const out = new PassThrough();
            const write = out.write.bind(out);
            out.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
              chunks.push(Buffer.from(chunk));
              return write(chunk, ...rest);
            }) as typeof out.write;
            out.on('finish', () => resolve(chunks));
            out.resume();
            pipe(out);
          },
          onError: reject,
        });
      });
    const [many, one] = await Promise.all([writes(development!), writes(production!)]);
    expect(many.length).toBeGreaterThan(5);
    expect(one).toHaveLength(1);
    expect(Buffer.concat(one).toString('utf8')).toBe(Buffer.concat(many).toString('utf8'));
  });
});
