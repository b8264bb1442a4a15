/**
 * Spec section 7, the bank-identity calls (issue 17): Sweden's order flow (Auth, Collect, Cancel)
 * and Norway's redirect flow (GetAuthUrl, AuthenticateNo), through server/auth/bank-id/sign-in.ts
 * with its current verification.
 *
 * The web binds a login to the browser that started it with an HttpOnly cookie holding the order
 * reference (and Norway's state). The API reads no cookie: Auth and GetAuthUrl answer the same
 * binding as `flow`, a value signed by the server (expiring with the order), that the client sends
 * back in the `X-BankId-Flow` header of Collect, Cancel and AuthenticateNo. Without it, with
 * another order's, or with a state that is not the one given, the login is refused exactly as the
 * web refuses it (`unknownOrder`, `stateMismatch`), checked before the provider is asked.
 */
import { z } from 'zod';
import { bankIdProvider } from '../../auth/bank-id/factory.ts';
import { pendingHints } from '../../auth/bank-id/provider.ts';
import {
  bankIdMethod,
  cancelSwedishLogin,
  collectSwedishLogin,
  completeNorwegianLogin,
  startNorwegianLogin,
  startSwedishLogin,
  type BankIdContext,
  type BankIdFlow,
  type BankIdProgress,
} from '../../auth/bank-id/sign-in.ts';
import { readToken, signToken } from '../../security/signed-token.ts';
import { variantIds, variants, type Variant, type VariantId } from '../../variants/config.ts';
import { publicUrl } from '../../variants/public-url.ts';
import { sandboxLink } from '../../variants/resolve.ts';
import { apiOk, defineEndpoint, problem, type AnyEndpoint, type ApiContext, type ApiProblem } from '../define.ts';
import { findApiSession } from '../tokens.ts';

/** The header that carries the login's binding (the web's flow cookie). */
export const bankIdFlowHeader = 'X-BankId-Flow';
const flowPurpose = 'api-bank-id-flow';
const flowMinutes = 10;

const flowPayload = z.object({
  c: z.enum(['SE', 'NO']),
  o: z.string().min(1).max(100),
  s: z.string().max(200).nullable(),
  e: z.number().int(),
});

function sealFlow(flow: Pick<BankIdFlow, 'country' | 'orderRef' | 'state'>, now: Date): string {
  return signToken(flowPurpose, {
    c: flow.country,
    o: flow.orderRef,
    s: flow.state,
    e: Math.floor(now.getTime() / 1000) + flowMinutes * 60,
  });
}

/** The login this client started, from its header; null when there is none, it expired or was tampered with. */
function flowOf(request: Request, now: Date): BankIdFlow | null {
  const payload = readToken(flowPurpose, request.headers.get(bankIdFlowHeader)?.slice(0, 1000), flowPayload, now);
  return payload ? { country: payload.c, orderRef: payload.o, state: payload.s, launchUrl: null } : null;
}

const variantQuery = z.object({
  variant: z
    .enum(variantIds as unknown as [VariantId, ...VariantId[]])
    .optional()
    .describe('The variant whose bank identity is used (se for Sweden, no for Norway); default by the call.'),
});

/** The bank-identity context of the variant asked for, or the problem that it does not offer this method. */
function contextFor(
  ctx: ApiContext,
  variantId: VariantId,
  method: 'bankIdSe' | 'bankIdNo',
): { ok: true; bctx: BankIdContext; variant: Variant } | { ok: false; problem: ApiProblem } {
  const variant = variants[variantId];
  const provider = bankIdMethod(variant) === method ? bankIdProvider(ctx.action.db) : null;
  if (!provider) return { ok: false, problem: problem(404, 'bankIdNotOffered') };
  return {
    ok: true,
    variant,
    bctx: {
      db: ctx.action.db,
      provider,
      variant,
      clientAddress: ctx.action.clientKey,
      currentSession: ctx.session?.idHash ?? null,
      channel: 'api',
      now: ctx.action.now,
    },
  };
}

const signedIn = z.object({
  status: z.literal('complete'),
  token: z.string().describe('The bearer token of a full sign-in.'),
  tokenType: z.literal('Bearer'),
  level: z.literal('full'),
  idleExpiresAt: z.iso.datetime(),
  absoluteExpiresAt: z.iso.datetime(),
  mustChangePassword: z.boolean(),
  hasMultipleCases: z.boolean(),
  variant: z.string(),
});

/** A finished or failed login as the API answers it: the token, or 403 `bankIdFailed` with the reason. */
async function outcome(ctx: ApiContext, progress: Exclude<BankIdProgress, { status: 'pending' }>) {
  if (progress.status === 'failed') {
    if (progress.reason === 'measureRunning') return problem(403, 'measureRunning');
    return problem(403, 'bankIdFailed', { detail: { reason: progress.reason } });
  }
  const session = await findApiSession(ctx.action.db, progress.token, ctx.action.now);
  if (!session) return problem(503, 'unavailable');
  return apiOk({
    status: 'complete' as const,
    token: progress.token,
    tokenType: 'Bearer' as const,
    level: 'full' as const,
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    mustChangePassword: progress.mustChangePassword,
    hasMultipleCases: progress.hasMultipleFiles,
    variant: progress.variant,
  });
}

const auth = defineEndpoint({
  group: 'BankId',
  name: 'Auth',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    'Sweden: start a bank-identity login. Open `launchUrl` in the identity app, then poll Collect with `orderRef` and the `flow` value in the X-BankId-Flow header. A limited token sent along is replaced by the full one.',
  query: variantQuery,
  response: z.object({
    orderRef: z.string(),
    launchUrl: z.string(),
    flow: z.string().describe('Send it back in the X-BankId-Flow header of Collect and Cancel.'),
    expiresAt: z.iso.datetime(),
  }),
  handler: async ({ query }, ctx) => {
    const found = contextFor(ctx, query.variant ?? 'se', 'bankIdSe');
    if (!found.ok) return found.problem;
    const order = await startSwedishLogin(found.bctx);
    return apiOk({
      orderRef: order.orderRef,
      launchUrl: sandboxLink(order.launchUrl, found.variant, ctx.language),
      flow: sealFlow({ country: 'SE', orderRef: order.orderRef, state: null }, ctx.action.now),
      expiresAt: order.expiresAt.toISOString(),
    });
  },
});

const collect = defineEndpoint({
  group: 'BankId',
  name: 'Collect',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    'Sweden: one poll of the order (every two seconds while `pending`). `complete` carries the full token; a failed login is 403 `bankIdFailed` with the reason. Needs the X-BankId-Flow header of Auth.',
  query: variantQuery,
  body: z.object({
    orderRef: z.string().min(1).max(100),
    type: z
      .string()
      .max(20)
      .optional()
      .describe('Accepted for the legacy clients (the order type); only sign-in orders exist.'),
  }),
  response: z.union([z.object({ status: z.literal('pending'), hint: z.enum(pendingHints) }), signedIn]),
  handler: async ({ query, body }, ctx) => {
    const found = contextFor(ctx, query.variant ?? 'se', 'bankIdSe');
    if (!found.ok) return found.problem;
    const progress = await collectSwedishLogin(found.bctx, flowOf(ctx.request, ctx.action.now), body.orderRef);
    if (progress.status === 'pending') return apiOk({ status: 'pending' as const, hint: progress.hint });
    return outcome(ctx, progress);
  },
});

const cancel = defineEndpoint({
  group: 'BankId',
  name: 'Cancel',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary: 'Sweden: stop the order this client started (X-BankId-Flow header of Auth).',
  query: variantQuery,
  body: z.object({ orderRef: z.string().min(1).max(100) }),
  response: z.object({ cancelled: z.literal(true) }),
  handler: async ({ query, body }, ctx) => {
    const found = contextFor(ctx, query.variant ?? 'se', 'bankIdSe');
    if (!found.ok) return found.problem;
    const flow = flowOf(ctx.request, ctx.action.now);
    // Only the order this client started, as the web's Cancel.
    if (!flow || flow.orderRef !== body.orderRef)
      return problem(403, 'bankIdFailed', { detail: { reason: 'unknownOrder' } });
    await cancelSwedishLogin(found.bctx, flow);
    return apiOk({ cancelled: true as const });
  },
});

const getAuthUrl = defineEndpoint({
  group: 'BankId',
  name: 'GetAuthUrl',
  method: 'GET',
  auth: 'none',
  cache: 'none',
  summary:
    "Norway: start a bank-identity login. Open `url`; the provider returns to the portal's callback address with `code` and `state`, which the client hands to AuthenticateNo with `flow` in the X-BankId-Flow header.",
  query: variantQuery,
  response: z.object({
    url: z.string(),
    redirectUri: z.string().describe('Where the provider sends code and state.'),
    flow: z.string().describe('Send it back in the X-BankId-Flow header of AuthenticateNo.'),
  }),
  handler: async ({ query }, ctx) => {
    const found = contextFor(ctx, query.variant ?? 'no', 'bankIdNo');
    if (!found.ok) return found.problem;
    const redirectUri = publicUrl(found.variant, '/signin/bankid/callback');
    const started = await startNorwegianLogin(found.bctx, redirectUri);
    return apiOk({
      url: sandboxLink(started.url, found.variant, ctx.language),
      redirectUri,
      // The provider's state and order travel signed in `flow`, never in a cookie.
      flow: sealFlow({ country: 'NO', orderRef: started.orderRef, state: started.state }, ctx.action.now),
    });
  },
});

const authenticateNo = defineEndpoint({
  group: 'BankId',
  name: 'AuthenticateNo',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    "Norway: finish the login with the provider's `code` and `state`. The state must be the one GetAuthUrl gave this client (X-BankId-Flow header), checked before the code.",
  query: variantQuery,
  body: z.object({ code: z.string().min(1).max(500), state: z.string().min(1).max(200) }),
  response: signedIn,
  handler: async ({ query, body }, ctx) => {
    const found = contextFor(ctx, query.variant ?? 'no', 'bankIdNo');
    if (!found.ok) return found.problem;
    const progress = await completeNorwegianLogin(found.bctx, flowOf(ctx.request, ctx.action.now), body);
    return outcome(ctx, progress);
  },
});

export const bankIdEndpoints: AnyEndpoint[] = [
  auth,
  collect,
  cancel,
  getAuthUrl,
  authenticateNo,
] as unknown as AnyEndpoint[];
