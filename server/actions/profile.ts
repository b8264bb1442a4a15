/**
 * A profile change request (decision 016: changes are pending requests, checked by staff). Full
 * login only; a pending request or a blocked file refuses every change before the input is read.
 */
import { profileUpdatePermission, requestProfileChange as requestProfileChangeService } from '../profile/profile.ts';
import { profileChangeSchema } from '../profile/schema.ts';
import { todayIso } from '../dates.ts';
import { debtorContext, defineAction, ok, refuse, type FileRule } from './define.ts';

const mayChange: FileRule = async (_file, { ctx, session }) => {
  const permission = await profileUpdatePermission(ctx.db, { fileId: session!.fileId, debtorId: session!.debtorId });
  if (permission.allowed) return null;
  return refuse(permission.reason === 'blocked' ? 'blocked' : 'pending', {
    alternatives: ['sendMessage', 'requestCallback'],
  });
};

export const requestProfileChange = defineAction({
  name: 'requestProfileChange',
  description: 'Ask for a change of name, address, e-mail or phone (with proof files where the reason needs them).',
  level: 'full',
  rules: [mayChange],
  input: ({ ctx }) => profileChangeSchema(todayIso(ctx.now)),
  async handler(input, scope) {
    const result = await requestProfileChangeService(scope.ctx.db, debtorContext(scope), input);
    if (result.ok) return ok({ id: result.id });
    return refuse(result.problem === 'invalid' ? 'notPossible' : result.problem);
  },
});
