declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    clientAddress: string;
    requestId: string;
    /** Set when the Express edge refused the request; it is then answered by `$portal.refused`. */
    refusal?: import('#server/http/security.ts').EdgeRefusal;
  }
}
export {};
