/** The Account calls of signing in and out: the password, the reference only, the letter link, the login state; and the calls the portal does not offer (batch number, third-party token). */
import { formatReference } from '../../../auth/reference.ts';
import { z } from 'zod';
import { redeemCaptcha } from '../../../auth/captcha.ts';
import { readLetterToken, redeemLetterLink } from '../../../auth/letter-links.ts';
import { destroySession } from '../../../auth/sessions.ts';
import { signIn, type SignInResult } from '../../../auth/sign-in.ts';
import { type ApiContext, apiOk, type ApiResult, defineEndpoint, problem } from '../../define.ts';
import { findApiSession } from '../../tokens.ts';
import { tokenSession } from './password.ts';

/** A reference number as the legacy clients send it: text or a number. */
export const refnoField = z.union([z.string().max(40), z.number().int().nonnegative()]).transform(String);

/** The subcase, when the client sends it apart from the reference number (absent, null or 0–1 = the main file). */
export const subcaseField = z
  .union([z.string().max(3), z.number().int().min(0).max(999)])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)));

/** The sign-in form's captcha proof (ALTCHA, base64): `token` in the spec's payload. */
export const captchaField = z.string().max(2000);

/** What Login and LoginAzOnly answer: the bearer token and what it may do. */
export const signInResponse = z.object({
  token: z.string().describe('The bearer token: send it as `Authorization: Bearer <token>`.'),
  tokenType: z.literal('Bearer'),
  level: z.enum(['limited', 'full']).describe('`limited` after LoginAzOnly, `full` after Login.'),
  idleExpiresAt: z.iso.datetime().describe('The token ends after 15 minutes without a call (each call moves this on).'),
  absoluteExpiresAt: z.iso.datetime().describe('The token ends at this time whatever happens.'),
  mustChangePassword: z
    .boolean()
    .describe('Only UpdatePassword, logout and the login status calls are open until then.'),
  hasMultipleCases: z.boolean(),
  variant: z.string().describe("The file's country or brand variant."),
});

/** The reference as written on letters: `refno`, with `-<subcase>` when the subcase is not 1. */
export const reference = formatReference;

/**
 * The sign-in of the web form (server/auth/sign-in.ts: attempt limits, lock, audit), with the same
 * captcha proof, as a bearer token. A token sent along (a limited one stepping up) is replaced.
 */
async function signInForToken(
  ctx: ApiContext,
  input: { mode: 'reference' | 'password'; reference: string; password?: string; captcha: string },
): Promise<ApiResult<z.input<typeof signInResponse>>> {
  const { db, clientKey, now } = ctx.action;
  if (!(await redeemCaptcha(db, input.captcha, now))) return problem(400, 'captcha');
  const result: SignInResult = await signIn(
    { mode: input.mode, reference: input.reference, password: input.password },
    { db, clientAddress: clientKey, currentSession: ctx.session?.idHash, channel: 'api', now },
  );
  if (!result.ok) {
    switch (result.error) {
      case 'locked':
        return problem(429, 'locked', { retryAfterSeconds: result.retryAfterSeconds });
      case 'measureRunning':
        return problem(403, 'measureRunning');
      case 'wrongCredentials':
        return problem(401, 'wrongCredentials');
      case 'unknown':
        return problem(404, 'unknown');
      case 'passwordRequired':
        return problem(400, 'passwordRequired', { issues: [{ path: ['pw'], message: 'errors.passwordRequired' }] });
      default:
        return problem(400, result.error, { issues: [{ path: ['refno'], message: `errors.${result.error}` }] });
    }
  }
  return tokenAnswer(ctx, result, { hasMultipleCases: result.hasMultipleFiles });
}

/**
 * The answer of a sign-in that issued a token (password, reference number or letter link): the
 * token with its session's deadlines, and what only that sign-in knows (`extra`).
 */
async function tokenAnswer<E extends object>(
  ctx: ApiContext,
  result: { token: string; level: 'limited' | 'full'; mustChangePassword: boolean; variant: string },
  extra: E,
) {
  const session = await findApiSession(ctx.action.db, result.token, ctx.action.now);
  if (!session) return problem(503, 'unavailable');
  return apiOk({
    token: result.token,
    tokenType: 'Bearer' as const,
    level: result.level,
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    mustChangePassword: result.mustChangePassword && result.level === 'full',
    ...extra,
    variant: result.variant,
  });
}

export const login = defineEndpoint({
  group: 'Account',
  name: 'Login',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    'Sign in with reference number and portal password (full access). Same captcha proof, attempt limits and lock as the web form; answers a bearer token.',
  body: z.object({
    refno: refnoField,
    subcase: subcaseField,
    pw: z.string().max(256),
    usedAutoLogin: z.boolean().optional().describe('Accepted for the legacy clients; the portal does not act on it.'),
    token: captchaField.describe('The captcha proof of the sign-in form (ALTCHA solution, base64).'),
  }),
  response: signInResponse,
  handler: ({ body }, ctx) =>
    signInForToken(ctx, {
      mode: 'password',
      reference: reference(body.refno, body.subcase),
      password: body.pw,
      captcha: body.token,
    }),
});

export const loginAzOnly = defineEndpoint({
  group: 'Account',
  name: 'LoginAzOnly',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    'Sign in with the reference number only (limited access: paying and agreeing how to pay). Same captcha proof and limits as the web form.',
  body: z.object({
    refno: refnoField,
    subcase: subcaseField,
    token: captchaField.describe('The captcha proof of the sign-in form (ALTCHA solution, base64).'),
    hasMultipleCases: z
      .boolean()
      .optional()
      .describe("Accepted for the legacy clients; the answer's `hasMultipleCases` is the server's."),
  }),
  response: signInResponse,
  handler: ({ body }, ctx) =>
    signInForToken(ctx, { mode: 'reference', reference: reference(body.refno, body.subcase), captcha: body.token }),
});

export const autologin = defineEndpoint({
  group: 'Account',
  name: 'Autologin',
  method: 'GET',
  path: '/api/Account/Autologin/{a}/{b}/{c}',
  auth: 'none',
  cache: 'none',
  summary:
    "The letter's QR-code sign-in (server/auth/letter-links.ts) as a token: `a` the reference number, `b` the subcase, `c` the letter link's signed token, which must name that file. Each link works once; whether it gives full access is decided per file.",
  params: z.object({ a: z.string().max(20), b: z.string().max(4), c: z.string().min(10).max(400) }),
  response: signInResponse.omit({ hasMultipleCases: true }),
  handler: async ({ params }, ctx) => {
    const { db, clientKey, now } = ctx.action;
    const payload = readLetterToken(params.c, now);
    if (!payload || payload.r !== params.a || payload.s !== (Number(params.b) || 1)) return problem(400, 'invalidLink');
    const result = await redeemLetterLink(db, params.c, {
      clientAddress: clientKey,
      currentSession: ctx.session?.idHash,
      now,
      channel: 'api',
    });
    if (!result.ok) {
      if (result.error === 'measureRunning') return problem(403, 'measureRunning');
      return problem(result.error === 'used' ? 409 : 400, result.error === 'used' ? 'linkUsed' : 'invalidLink');
    }
    return tokenAnswer(ctx, result, {});
  },
});

export const isFullLoggedIn = defineEndpoint({
  group: 'Account',
  name: 'IsFullLoggedIn',
  method: 'GET',
  auth: 'none',
  cache: 'none',
  summary: 'Whether the token (if any) is a valid full sign-in. Never cached.',
  response: z.object({ isFullLoggedIn: z.boolean() }),
  handler: async (_input, ctx) => apiOk({ isFullLoggedIn: ctx.session?.level === 'full' }),
});

export const getLoginStatus = defineEndpoint({
  group: 'Account',
  name: 'GetLoginStatus',
  method: 'GET',
  auth: 'none',
  cache: 'none',
  summary: 'The state of the token: signed in or not, level, how, and until when.',
  response: z.object({
    signedIn: z.boolean(),
    level: z.enum(['none', 'limited', 'full']),
    loginType: z.enum(['reference', 'password', 'letterLink', 'bankId']).nullable(),
    idleExpiresAt: z.iso.datetime().nullable(),
    absoluteExpiresAt: z.iso.datetime().nullable(),
    mustChangePassword: z.boolean(),
  }),
  handler: async (_input, ctx) => {
    const session = await tokenSession(ctx);
    return apiOk({
      signedIn: Boolean(session),
      level: session?.level ?? ('none' as const),
      loginType: session?.loginType ?? null,
      idleExpiresAt: session?.idleExpiresAt.toISOString() ?? null,
      absoluteExpiresAt: session?.absoluteExpiresAt.toISOString() ?? null,
      mustChangePassword: Boolean(session?.mustChangePassword && session.level === 'full'),
    });
  },
});

export const logout = defineEndpoint({
  group: 'Account',
  name: 'logout',
  method: 'POST',
  auth: 'limited',
  cache: 'none',
  summary: 'End the token (the server forgets it). Success is HTTP 200.',
  response: z.object({ signedOut: z.literal(true) }),
  handler: async (_input, ctx) => {
    await destroySession(ctx.action.db, ctx.session!.idHash);
    return apiOk({ signedOut: true as const });
  },
});

export const getThirdPartyToken = defineEndpoint({
  group: 'Account',
  name: 'GetThirdPartyToken',
  method: 'GET',
  auth: 'full',
  cache: 'none',
  summary:
    'The spec\'s "token call for a third-party service" (its name is not shown; named here). The portal hands no token of another service to a client: it answers 403 `providerNotAvailable`.',
  response: z.object({ token: z.string() }),
  handler: async () => problem(403, 'providerNotAvailable'),
});

export const setCollectionBatchNumber = defineEndpoint({
  group: 'Account',
  name: 'SetCollectionBatchNumber',
  method: 'POST',
  auth: 'limited',
  cache: 'none',
  summary:
    'Not offered: the portal keeps no collection batch number for a file (the agency assigns files to batches in its own system). Answers 403 `notOffered` after checking the input; nothing is stored.',
  body: z.object({ collectionBatchNumber: z.union([z.string().max(64), z.number().int()]).transform(String) }),
  response: z.object({}),
  handler: async () => problem(403, 'notOffered'),
});
