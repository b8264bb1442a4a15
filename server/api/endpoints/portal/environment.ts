/** The Portal calls about the client itself: which environment answers, and a wallet client's error for the server log. */
import { z } from 'zod';
import { isDemo } from '../../../env.ts';
import { logger } from '../../../http/logger.ts';
import { type VariantId, variants } from '../../../variants/config.ts';
import { publicOrigin } from '../../../variants/public-url.ts';
import { apiOk, defineEndpoint } from '../../define.ts';
import { sessionOf } from '../forderung.ts';

export const environmentCalls = {
  GetEnvironment: defineEndpoint({
    group: 'Portal',
    name: 'GetEnvironment',
    method: 'GET',
    auth: 'none',
    cache: 'public15',
    summary: 'Which environment answers (demo or production) and its public address.',
    response: z.object({ environment: z.enum(['demo', 'production']), url: z.string() }),
    async handler(_input, ctx) {
      const variant = variants[ctx.action.variant as VariantId];
      return apiOk({ environment: isDemo() ? ('demo' as const) : ('production' as const), url: publicOrigin(variant) });
    },
  }),
  CreatePaypalErrorLogItem: defineEndpoint({
    group: 'Portal',
    name: 'CreatePaypalErrorLogItem',
    method: 'POST',
    auth: 'limited',
    cache: 'none',
    summary: "A wallet client's error, written to the server log (scrubbed, with the file id only).",
    body: z.object({
      message: z.string().max(1000).optional(),
      code: z.string().max(100).optional(),
      details: z.string().max(4000).optional(),
    }),
    response: z.object({ logged: z.literal(true) }),
    async handler({ body }, ctx) {
      logger.warn(
        { fileId: sessionOf(ctx).fileId, walletError: { code: body.code ?? null, message: body.message ?? null } },
        'wallet client error',
      );
      return apiOk({ logged: true as const }, 202);
    },
  }),
};
