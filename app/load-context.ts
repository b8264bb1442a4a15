import type { ActiveSession } from '#server/auth/session.ts';
import type { EdgeRefusal } from '#server/http/security.ts';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    clientAddress: string;
    requestId: string;
    /** Set when the Express edge refused the request; it is then answered by `$portal.refused`. */
    refusal?: EdgeRefusal;
    /**
     * A debtor's own page the edge may keep (server/http/own-pages.ts): the session it read for
     * the key, with its activity recorded, which the loaders share instead of reading it again…
     */
    pageSession?: ActiveSession;
    /** …and the mark the root renders for the idle count, replaced per request when sent. */
    idleMsLeftMark?: number;
  }
}
export {};
