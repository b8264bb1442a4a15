/** The Portal calls of portal orders: the server records an order itself with what it belongs to, never on a client's word. */
import { z } from 'zod';
import { defineEndpoint, problem } from '../../define.ts';

const notOffered = (what: string) => problem(403, 'notSupported', { detail: { what } });

export const ordersCalls = {
  CreatePortalAuftrag: defineEndpoint({
    group: 'Portal',
    name: 'CreatePortalAuftrag',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary:
      'Not offered: the portal records an order itself, in the same transaction as the payment, plan, deferral or form it belongs to (403 notSupported).',
    body: z.object({
      ip: z.string().max(64).optional(),
      auftragArt: z.string().max(40),
      auftragZeit: z.string().max(40).optional(),
      zielBetrag: z.number().optional(),
      zielDatum: z.string().max(40).optional(),
      gebuehren: z.number().optional(),
      info: z.string().max(2000).optional(),
    }),
    response: z.object({ orderId: z.number().int() }),
    handler: async () => notOffered('portalOrder'),
  }),
  UpdatePortalAuftrag: defineEndpoint({
    group: 'Portal',
    name: 'UpdatePortalAuftrag',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: 'Not offered: orders are the server’s record of what the debtor did (403 notSupported).',
    body: z.object({ infoString: z.string().max(2000) }),
    response: z.object({ orderId: z.number().int() }),
    handler: async () => notOffered('portalOrder'),
  }),
};
