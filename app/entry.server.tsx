import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { i18next, renderingInstance } from './i18next.server';
import { documentEndLast } from './lib/document-end.server';
import { KeptHtmlProvider } from './lib/kept-html';
import { keptHtmlFor, keptPageIn } from './lib/kept-html.server';
import { NonceProvider } from './lib/nonce';
import type { RootData } from './root';

const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Built once per language (app/i18next.server.ts): every resource is in the build.
  const instance = await renderingInstance(await i18next.getLocale(request));

  // The shell's parts that are the same for everyone with the same root data and page, and the
  // page's content where it is the same for everyone (decisions 125, 126 and 128).
  const kept = keptHtmlFor(
    instance,
    remixContext.staticHandlerContext.loaderData.root as RootData | undefined,
    remixContext.staticHandlerContext.location,
    keptPageIn(remixContext),
  );
  const nonce = loadContext.cspNonce;
  const readyEvent =
    isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode ? 'onAllReady' : 'onShellReady';

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = () => {
      shellRendered = true;
      // Whatever streams after the shell goes before `</body></html>`, not after it.
      const body = documentEndLast();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      // Pages show a debtor's file: never kept by any cache (docs/decisions/012).
      if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-store');
      // A page answered 503 (the database away, server/db/unavailable.ts) says when to come back.
      if (responseStatusCode === 503 && !responseHeaders.has('Retry-After')) responseHeaders.set('Retry-After', '30');
      // The Express edge sends the Node stream itself where it asks for it (decision 129).
      const handOver = loadContext.documentBody;
      if (handOver) {
        const response = new Response(null, { headers: responseHeaders, status: responseStatusCode });
        handOver.response = response;
        handOver.body = body;
        resolve(response);
      } else {
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      }
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <KeptHtmlProvider value={kept}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </KeptHtmlProvider>
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (readyEvent === 'onShellReady') respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (readyEvent === 'onAllReady') respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // A render still going after the stream's time is aborted; one that has ended clears the timer
    // (it was left for six seconds per request, and its abort of a finished render cost an error).
    const abortTimer = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Loader and action data (`.data` requests) follow the pages: never cached (docs/decisions/012). */
export function handleDataRequest(response: Response): Response {
  if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
  return response;
}
