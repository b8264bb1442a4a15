import type { DocumentBody } from '#server/http/document-body.ts';
import type { EdgeRefusal } from '#server/http/security.ts';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    clientAddress: string;
    requestId: string;
    /** Set when the Express edge refused the request; it is then answered by `$portal.refused`. */
    refusal?: EdgeRefusal;
    /**
     * Given by the Express edge (server/http/remix-handler.ts) where it sends the document itself:
     * the document's render leaves its body here as the Node stream it is, and answers with a
     * `Response` without a body (decision 129). Absent, the body is a web stream in the `Response`.
     */
    documentBody?: DocumentBody;
  }
}
export {};
