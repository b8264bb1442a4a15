import type { EdgeRefusal } from '#server/http/security.ts';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    clientAddress: string;
    requestId: string;
    /** Set when the Express edge refused the request; it is then answered by `$portal.refused`. */
    refusal?: EdgeRefusal;
  }
}
export {};
