/** Spec section 7, the Account calls (issue 17). */
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { runAction } from '../../actions/run.ts';
import { lockState } from '../../auth/attempts.ts';
import { redeemCaptcha } from '../../auth/captcha.ts';
import { readLetterToken, redeemLetterLink } from '../../auth/letter-links.ts';
import { changePassword } from '../../auth/password-change.ts';
import { requestPasswordReset } from '../../auth/password-reset.ts';
import { destroySession } from '../../auth/sessions.ts';
import { signIn, type SignInResult } from '../../auth/sign-in.ts';
import { listDebtorCases } from '../../claims/cases.ts';
import { loadDashboardAndFacts } from '../../claims/dashboard.ts';
import { todayIso } from '../../claims/facts.ts';
import { pendingModals } from '../../claims/modals.ts';
import { checkMandateIdentity } from '../../instalments/mandate.ts';
import { loadFileContext } from '../../instalments/context.ts';
import { disableReminders, reminderOptOutToken } from '../../mail/reminders.ts';
import { changeProfilePassword } from '../../profile/password.ts';
import { getProfile, pendingRequest, profileUpdatePermission } from '../../profile/profile.ts';
import { changeReasons, reasonNeeds } from '../../profile/rules.ts';
import { zipMatchesCity } from '../../profile/zip-city.ts';
import {
  apiOk,
  defineEndpoint,
  fromAction,
  problem,
  type AnyEndpoint,
  type ApiContext,
  type ApiResult,
} from '../define.ts';
import { translate } from '../messages.ts';
import { receiveApiAttachments } from '../uploads.ts';
import { apiSessionByHash, findApiSession } from '../tokens.ts';

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

/** The token session with what the auth functions need (login type, forced change), or a problem. */
async function tokenSession(ctx: ApiContext) {
  return ctx.session ? apiSessionByHash(ctx.action.db, ctx.session.idHash) : null;
}

const updatePassword = defineEndpoint({
  group: 'Account',
  name: 'UpdatePassword',
  method: 'POST',
  auth: 'full',
  cache: 'none',
  summary:
    'Change the portal password. Despite their names, oldPasswordHash and newPasswordHash carry the passwords themselves (over TLS): the portal hashes with argon2id on the server and cannot check a hash made by a client. The old password may be left out only while a change is forced. Answers a new token: every other session ends.',
  body: z.object({
    oldPasswordHash: z.string().max(256).optional().describe('The current password (not a hash, see above).'),
    newPasswordHash: z.string().min(1).max(256).describe('The new password (not a hash, see above).'),
  }),
  response: z.object({ token: z.string(), tokenType: z.literal('Bearer') }),
  handler: async ({ body }, ctx) => {
    const session = await tokenSession(ctx);
    if (!session) return problem(401, 'tokenInvalid');
    const forced = session.mustChangePassword && !body.oldPasswordHash;
    const result = forced
      ? await changePassword(
          ctx.action.db,
          session,
          { newPassword: body.newPasswordHash },
          { requireOld: false, clientAddress: ctx.action.clientKey, now: ctx.action.now, channel: 'api' },
        )
      : await changeProfilePassword(
          ctx.action.db,
          session,
          { oldPassword: body.oldPasswordHash ?? '', newPassword: body.newPasswordHash },
          { clientAddress: ctx.action.clientKey, now: ctx.action.now, channel: 'api' },
        );
    if (result.ok) return apiOk({ token: result.token, tokenType: 'Bearer' as const });
    switch (result.error) {
      case 'locked':
        return problem(429, 'locked', { retryAfterSeconds: result.retryAfterSeconds });
      case 'notAllowed':
        return problem(403, 'stepUp');
      case 'wrongOld':
        return problem(400, 'invalid', {
          issues: [{ path: ['oldPasswordHash'], message: 'errors.password.wrongOld' }],
        });
      default:
        return problem(400, 'invalid', {
          issues: [{ path: ['newPasswordHash'], message: `errors.password.${result.error}` }],
        });
    }
  },
});

const getAdressChangeReasons = defineEndpoint({
  group: 'Account',
  name: 'GetAdressChangeReasons',
  method: 'GET',
  auth: 'none',
  cache: 'public15',
  summary: 'The reasons a profile change can give (UpdateProfile `reason`), with what each needs besides the fields.',
  response: z.array(
    z.object({
      id: z.enum(changeReasons),
      label: z.string(),
      needs: z.enum(['certificate', 'proof', 'moveDate']).nullable(),
    }),
  ),
  handler: async (_input, ctx) =>
    apiOk(
      changeReasons.map((id) => ({
        id,
        label: translate(`profile:reasons.${id}`, ctx.language),
        needs: reasonNeeds[id],
      })),
    ),
});

const resetPassword = defineEndpoint({
  group: 'Account',
  name: 'ResetPassword',
  method: 'POST',
  auth: 'none',
  cache: 'none',
  summary:
    'Ask for the password-reset mail (to the address stored for the file). Same captcha proof and mail limits as the web form; the answer is the same whether or not the file has an address.',
  body: z.object({
    refno: refnoField,
    subcase: subcaseField,
    token: captchaField.describe('The captcha proof (ALTCHA solution, base64).'),
  }),
  response: z.object({ requested: z.literal(true) }),
  handler: async ({ body }, ctx) => {
    const { db, clientKey, now } = ctx.action;
    if (!(await redeemCaptcha(db, body.token, now))) return problem(400, 'captcha');
    const result = await requestPasswordReset(
      db,
      { reference: reference(body.refno, body.subcase), language: ctx.language },
      { clientAddress: clientKey, now },
    );
    if (result.ok) return apiOk({ requested: true as const });
    if (result.error === 'rateLimited')
      return problem(429, 'rateLimited', { retryAfterSeconds: result.retryAfterSeconds });
    return problem(400, result.error, { issues: [{ path: ['refno'], message: `errors.${result.error}` }] });
  },
});

const profileSchema = z.object({
  salutation: z.number().int().describe('1 Mr, 2 Ms, 3 neutral or company'),
  companyName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthday: z.string().describe('yyyy-mm-dd or empty'),
  streetName: z.string(),
  houseNumber: z.string(),
  zipCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
});

const getProfileEndpoint = defineEndpoint({
  group: 'Account',
  name: 'GetProfile',
  method: 'GET',
  auth: 'full',
  cache: 'private15',
  summary: "The debtor's profile as the profile page shows it.",
  response: profileSchema,
  handler: async (_input, ctx) => {
    const profile = await getProfile(ctx.action.db, ctx.session!);
    return profile ? apiOk(profile) : problem(404, 'noFile');
  },
});

const getFullProfile = defineEndpoint({
  group: 'Account',
  name: 'GetFullProfile',
  method: 'GET',
  auth: 'full',
  cache: 'private15',
  summary: 'The profile, the change request still pending (if any) and whether a change may be asked for now.',
  response: z.object({
    profile: profileSchema,
    pendingRequest: z
      .object({
        id: z.number().int(),
        reason: z.enum(changeReasons),
        changes: z.record(z.string(), z.string()),
        relocationDate: z.string().nullable(),
        createdAt: z.string(),
        attachments: z.array(z.string()),
      })
      .nullable(),
    updateAllowed: z.boolean(),
    updateRefusedReason: z.enum(['pending', 'blocked']).nullable(),
  }),
  handler: async (_input, ctx) => {
    const { db } = ctx.action;
    const profile = await getProfile(db, ctx.session!);
    if (!profile) return problem(404, 'noFile');
    const permission = await profileUpdatePermission(db, ctx.session!);
    if (!permission.allowed && permission.reason === 'noFile') return problem(404, 'noFile');
    return apiOk({
      profile,
      pendingRequest: await pendingRequest(db, ctx.session!),
      updateAllowed: permission.allowed,
      updateRefusedReason: permission.allowed ? null : (permission.reason as 'pending' | 'blocked'),
    });
  },
});

const casesResponse = z.array(
  z.object({
    fileId: z.number().int(),
    reference: z.string(),
    variant: z.string(),
    creditor: z.string(),
    claimSubject: z.string(),
    open: z.object({ minor: z.number().int(), currency: z.string() }),
    statusCode: z.number().int(),
    current: z.boolean().describe('The file this token is signed in to.'),
    available: z.boolean().describe('False while a measure is running: listed, but it cannot be opened.'),
  }),
);

async function casesOf(ctx: ApiContext) {
  const cases = await listDebtorCases(ctx.action.db, ctx.session!);
  return cases.map((c) => ({
    fileId: c.fileId,
    reference: c.subcase > 1 ? `${c.refno}-${c.subcase}` : c.refno,
    variant: c.variant,
    creditor: c.creditor,
    claimSubject: c.claimSubject.text,
    open: { minor: c.totalMinor, currency: c.currency },
    statusCode: Number(c.statusCode),
    current: c.current,
    available: c.available,
  }));
}

const getCasesForDebtor = defineEndpoint({
  group: 'Account',
  name: 'GetCasesForDebtor',
  method: 'GET',
  auth: 'limited',
  cache: 'private15',
  summary:
    "The debtor's files as the claims list shows them: all of them for a full token, the subcases of the reference number given for a limited one.",
  response: casesResponse,
  handler: async (_input, ctx) => apiOk(await casesOf(ctx)),
});

const getCasesforPersonalNumber = defineEndpoint({
  group: 'Account',
  name: 'GetCasesforPersonalNumber',
  method: 'GET',
  auth: 'full',
  cache: 'private15',
  summary:
    'The files of the person a bank-identity sign-in identified (the debtor whose personal number matched). Only for a token of a bank-identity sign-in; other tokens get 403 `notBankIdSession`.',
  response: casesResponse,
  handler: async (_input, ctx) => {
    const session = await tokenSession(ctx);
    if (session?.loginType !== 'bankId') return problem(403, 'notBankIdSession');
    return apiOk(await casesOf(ctx));
  },
});

const updateProfile = defineEndpoint({
  group: 'Account',
  name: 'UpdateProfile',
  method: 'POST',
  auth: 'full',
  cache: 'none',
  bodyType: 'multipart',
  summary:
    "Ask for a change of name, address, e-mail or phone (the profile page's form: the same fields and rules). Proof files go in `files` (or `uploadId` of files sent before). The change is a pending request that staff process.",
  body: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  response: z.object({ requestId: z.number().int() }),
  handler: async ({ body, files }, ctx) => {
    // The proofs are received as every door receives files: the upload limit, then type and size.
    const received = await receiveApiAttachments(ctx, files, { field: 'files', context: 'profileChange' });
    if (!received.ok) return received.problem;
    const kept = [body.uploadId ?? []].flat().concat(received.uploadIds.map(String));
    return fromAction(await runAction('requestProfileChange', ctx.action, { ...body, uploadId: kept }), (v) => ({
      requestId: v.id,
    }));
  },
});

const disableErinnerungsdienst = defineEndpoint({
  group: 'Account',
  name: 'DisableErinnerungsdienst',
  method: 'POST',
  auth: 'limited',
  cache: 'none',
  summary:
    "Switch off the reminder service for the token's debtor (as the mail's opt-out link does). `email` is accepted for the legacy clients and never compared, so that the call cannot be used to test an address.",
  body: z.object({
    eventId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(64)),
    email: z.string().max(254).optional(),
  }),
  response: z.object({ disabled: z.literal(true), alreadyDisabled: z.boolean() }),
  handler: async ({ body }, ctx) => {
    const result = await disableReminders(
      ctx.action.db,
      reminderOptOutToken(ctx.session!.debtorId, body.eventId),
      ctx.action.now,
    );
    if (!result.ok) return problem(404, 'noFile');
    return apiOk({ disabled: true as const, alreadyDisabled: result.alreadyDisabled });
  },
});

const getEmail = defineEndpoint({
  group: 'Account',
  name: 'GetEmail',
  method: 'GET',
  auth: 'full',
  cache: 'private15',
  summary: 'The e-mail address stored for the debtor (full sign-in only: the limited level never sees it).',
  response: z.object({ email: z.string().nullable() }),
  handler: async (_input, ctx) => {
    const profile = await getProfile(ctx.action.db, ctx.session!);
    if (!profile) return problem(404, 'noFile');
    return apiOk({ email: profile.email || null });
  },
});

const getDebtorInformation = defineEndpoint({
  group: 'Account',
  name: 'GetDebtorInformation',
  method: 'GET',
  auth: 'limited',
  cache: 'private15',
  summary:
    'What the portal knows about the signed-in debtor and file without personal contact data: the reference, the name as greeted, the variant, whether an address and a phone are stored, whether a password is set.',
  response: z.object({
    reference: z.string(),
    variant: z.string(),
    salutation: z.number().int(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    companyName: z.string().nullable(),
    hasEmail: z.boolean(),
    hasPhone: z.boolean(),
    hasPassword: z.boolean(),
  }),
  handler: async (_input, ctx) => {
    const { db, now } = ctx.action;
    const file = await loadFileContext(db, ctx.session!, todayIso(now));
    const loaded = await loadDashboardAndFacts(db, ctx.session!.fileId);
    if (!file || !loaded) return problem(404, 'noFile');
    const contact = await contactOf(ctx);
    return apiOk({
      reference: file.reference,
      variant: file.variant,
      ...loaded.view.debtor,
      hasEmail: contact.email,
      hasPhone: contact.phone,
      hasPassword: file.debtor.hasPassword,
    });
  },
});

/** Whether an address and a phone are stored (the limited level learns that they exist, never what they are). */
async function contactOf(ctx: ApiContext): Promise<{ email: boolean; phone: boolean }> {
  const profile = await getProfile(ctx.action.db, ctx.session!);
  return { email: Boolean(profile?.email.trim()), phone: Boolean(profile?.phone.trim()) };
}

const hasActiveContactInformation = defineEndpoint({
  group: 'Account',
  name: 'HasActiveContactInformation',
  method: 'GET',
  auth: 'limited',
  cache: 'private15',
  summary: 'Whether an e-mail address and a phone number are stored for the debtor (never which).',
  response: z.object({ hasActiveContactInformation: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  handler: async (_input, ctx) => {
    const contact = await contactOf(ctx);
    return apiOk({ hasActiveContactInformation: contact.email || contact.phone, ...contact });
  },
});

const isPlzEqualToDb = defineEndpoint({
  group: 'Account',
  name: 'IsPlzEqualToDb',
  method: 'GET',
  path: '/api/Account/IsPlzEqualToDb/{zip}',
  auth: 'limited',
  cache: 'none',
  summary:
    "The identity check before a SEPA mandate (spec 5): whether the postal code matches the file. A wrong one counts against the reference number's sign-in attempts (shared with the web form); past the limit 429. `passwordRequired` says the password must be confirmed instead.",
  params: z.object({ zip: z.string().min(1).max(10) }),
  response: z.object({ equal: z.boolean(), passwordRequired: z.boolean() }),
  handler: async ({ params }, ctx) => {
    const { db } = ctx.action;
    const check = await checkMandateIdentity(
      db,
      ctx.session!,
      { postalCode: params.zip },
      { clientAddress: ctx.action.clientKey, language: ctx.language, now: ctx.action.now },
    );
    if (check.ok) return apiOk({ equal: true, passwordRequired: false });
    if (check.error === 'attemptsExceeded') {
      const file = await loadFileContext(db, ctx.session!, todayIso(ctx.action.now));
      const state = await lockState(db, { client: ctx.action.clientKey, reference: file?.facts.refno }, ctx.action.now);
      return problem(429, 'attemptsExceeded', { retryAfterSeconds: state.locked ? state.retryAfterSeconds : 60 });
    }
    return apiOk({ equal: false, passwordRequired: check.error === 'passwordRequired' });
  },
});

const isIbanEqualToDb = defineEndpoint({
  group: 'Account',
  name: 'IsIbanEqualToDB',
  method: 'GET',
  path: '/api/Account/IsIbanEqualToDB/{iban}',
  auth: 'full',
  cache: 'none',
  summary:
    'Whether an IBAN (spaces allowed) is valid and the one stored for the debtor (ibantools). Full sign-in only, so that the call is no oracle for a reference number alone.',
  params: z.object({ iban: z.string().min(1).max(64) }),
  response: z.object({ valid: z.boolean(), equal: z.boolean() }),
  handler: async ({ params }, ctx) => {
    const file = await loadFileContext(ctx.action.db, ctx.session!, todayIso(ctx.action.now));
    if (!file) return problem(404, 'noFile');
    const given = electronicFormatIBAN(params.iban) ?? '';
    const stored = file.debtor.iban ? (electronicFormatIBAN(file.debtor.iban) ?? '') : '';
    const valid = isValidIBAN(given);
    return apiOk({ valid, equal: valid && stored !== '' && given === stored });
  },
});

const isFullLoggedIn = defineEndpoint({
  group: 'Account',
  name: 'IsFullLoggedIn',
  method: 'GET',
  auth: 'none',
  cache: 'none',
  summary: 'Whether the token (if any) is a valid full sign-in. Never cached.',
  response: z.object({ isFullLoggedIn: z.boolean() }),
  handler: async (_input, ctx) => apiOk({ isFullLoggedIn: ctx.session?.level === 'full' }),
});

const getLoginStatus = defineEndpoint({
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

const autologin = defineEndpoint({
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

const addEmailIfNotExists = defineEndpoint({
  group: 'Account',
  name: 'AddEmailIfNotExists',
  method: 'POST',
  auth: 'full',
  cache: 'none',
  summary:
    "Store an e-mail address when the file has none and the agency asks for one (the dashboard's e-mail capture notice, same action). 409 `emailExists` when an address is already stored; 403 `notOffered` when the agency does not ask.",
  body: z.object({ email: z.string().max(254) }),
  response: z.object({ stored: z.boolean() }),
  handler: async ({ body }, ctx) => {
    const { db, now } = ctx.action;
    const modal = (await pendingModals(db, ctx.session!.fileId, todayIso(now), { level: 'full', now })).find(
      (m) => m.kind === 'emailCapture',
    );
    if (!modal) {
      const contact = await contactOf(ctx);
      return contact.email ? problem(409, 'emailExists') : problem(403, 'notOffered');
    }
    return fromAction(await runAction('captureEmail', ctx.action, { modal: modal.ref, email: body.email }), (v) => ({
      stored: v.stored,
    }));
  },
});

const postalCodeMatchesLocation = defineEndpoint({
  group: 'Account',
  name: 'PostalCodeMatchesLocation',
  method: 'GET',
  path: '/api/Account/PostalCodeMatchesLocation/{zip}/{city}',
  auth: 'none',
  cache: 'public15',
  summary:
    "Whether a German postal code and a town go together (the profile form's check, server/profile/zip-city.ts); `skipped` for other countries and incomplete input. `country` in the query, DE when absent.",
  params: z.object({ zip: z.string().max(10), city: z.string().max(85) }),
  query: z.object({ country: z.string().length(2).toUpperCase().optional() }),
  response: z.object({ verdict: z.enum(['match', 'mismatch', 'skipped']), matches: z.boolean() }),
  handler: async ({ params, query }) => {
    const verdict = zipMatchesCity({ country: query.country ?? 'DE', zipCode: params.zip, city: params.city });
    return apiOk({ verdict, matches: verdict !== 'mismatch' });
  },
});

const setCollectionBatchNumber = defineEndpoint({
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

const getThirdPartyToken = defineEndpoint({
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

const logout = defineEndpoint({
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

export const accountEndpoints: AnyEndpoint[] = [
  updatePassword,
  getAdressChangeReasons,
  resetPassword,
  getProfileEndpoint,
  getFullProfile,
  getSchuldnerName,
  login,
  loginAzOnly,
  getCasesForDebtor,
  updateProfile,
  disableErinnerungsdienst,
  getEmail,
  getDebtorInformation,
  hasActiveContactInformation,
  isPlzEqualToDb,
  isIbanEqualToDb,
  isFullLoggedIn,
  getLoginStatus,
  autologin,
  addEmailIfNotExists,
  postalCodeMatchesLocation,
  getCasesforPersonalNumber,
  setCollectionBatchNumber,
  getThirdPartyToken,
  logout,
] as unknown as AnyEndpoint[];
