/** Spec section 7, the Account calls (issue 17). */
import { z } from 'zod';
import { redeemCaptcha } from '../../auth/captcha.ts';
import { signIn, type SignInResult } from '../../auth/sign-in.ts';
import { loadDashboardAndFacts } from '../../claims/dashboard.ts';
import { apiOk, defineEndpoint, problem, type AnyEndpoint, type ApiContext, type ApiResult } from '../define.ts';
import { findApiSession } from '../tokens.ts';

/** A reference number as the legacy clients send it: text or a number. */
const refnoField = z.union([z.string().max(40), z.number().int().nonnegative()]).transform(String);
/** The subcase, when the client sends it apart from the reference number (absent, null or 0–1 = the main file). */
const subcaseField = z
  .union([z.string().max(3), z.number().int().min(0).max(999)])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? null : Number(value)));
/** The sign-in form's captcha proof (ALTCHA, base64): `token` in the spec's payload. */
const captchaField = z.string().max(2000);

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

function reference(refno: string, subcase: number | null): string {
  return subcase !== null && subcase > 1 ? `${refno}-${subcase}` : refno;
}

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
  const session = await findApiSession(db, result.token, now);
  if (!session) return problem(503, 'unavailable');
  return apiOk({
    token: result.token,
    tokenType: 'Bearer' as const,
    level: result.level,
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    mustChangePassword: result.mustChangePassword && result.level === 'full',
    hasMultipleCases: result.hasMultipleFiles,
    variant: result.variant,
  });
}

const login = defineEndpoint({
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

const loginAzOnly = defineEndpoint({
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

const getSchuldnerName = defineEndpoint({
  group: 'Account',
  name: 'GetSchuldnerName',
  method: 'GET',
  auth: 'limited',
  cache: 'private15',
  summary: "The debtor's name as the dashboard greets them.",
  response: z.object({
    salutation: z.number().int().describe('1 Mr, 2 Ms, 3 neutral or company'),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
  handler: async (_input, ctx) => {
    const loaded = await loadDashboardAndFacts(ctx.action.db, ctx.session!.fileId);
    if (!loaded) return problem(404, 'noFile');
    return apiOk(loaded.view.debtor);
  },
});

export const accountEndpoints: AnyEndpoint[] = [login, loginAzOnly, getSchuldnerName] as unknown as AnyEndpoint[];
