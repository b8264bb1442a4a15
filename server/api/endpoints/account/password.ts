/** The Account calls of the password: a change with the token session, a reset by mail. */
import { z } from 'zod';
import { redeemCaptcha } from '../../../auth/captcha.ts';
import { changePassword } from '../../../auth/password-change.ts';
import { requestPasswordReset } from '../../../auth/password-reset.ts';
import { changeProfilePassword } from '../../../profile/password.ts';
import { type ApiContext, apiOk, defineEndpoint, problem } from '../../define.ts';
import { apiSessionByHash } from '../../tokens.ts';
import { captchaField, reference, refnoField, subcaseField } from './sign-in.ts';

/** The token session with what the auth functions need (login type, forced change), or a problem. */
export async function tokenSession(ctx: ApiContext) {
  return ctx.session ? apiSessionByHash(ctx.action.db, ctx.session.idHash) : null;
}

export const updatePassword = defineEndpoint({
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

export const resetPassword = defineEndpoint({
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
