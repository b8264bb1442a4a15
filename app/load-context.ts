declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce: string;
    clientAddress: string;
    requestId: string;
  }
}
export {};
