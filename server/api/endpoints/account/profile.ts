/** The Account calls of the debtor's profile: name, address, e-mail and phone read at the level's depth, a change asked for with proofs, the reminders switched off, an address added. */
import { z } from 'zod';
import { runAction } from '../../../actions/run.ts';
import { loadDashboardAndFacts } from '../../../claims/dashboard.ts';
import { todayIso } from '../../../claims/facts.ts';
import { pendingModals } from '../../../claims/modals.ts';
import { loadFileContext } from '../../../instalments/context.ts';
import { disableReminders, reminderOptOutToken } from '../../../mail/reminders.ts';
import { getProfile, pendingRequest, profileUpdatePermission } from '../../../profile/profile.ts';
import { changeReasons, reasonNeeds } from '../../../profile/rules.ts';
import { type ApiContext, apiOk, defineEndpoint, fromAction, problem } from '../../define.ts';
import { translate } from '../../messages.ts';
import { receiveApiAttachments } from '../../uploads.ts';

export const getSchuldnerName = defineEndpoint({
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

export const getAdressChangeReasons = defineEndpoint({
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

export const getProfileEndpoint = defineEndpoint({
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

export const getFullProfile = defineEndpoint({
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

export const updateProfile = defineEndpoint({
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

export const disableErinnerungsdienst = defineEndpoint({
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
      'api',
    );
    if (!result.ok) return problem(404, 'noFile');
    return apiOk({ disabled: true as const, alreadyDisabled: result.alreadyDisabled });
  },
});

export const getEmail = defineEndpoint({
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

export const getDebtorInformation = defineEndpoint({
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

export const hasActiveContactInformation = defineEndpoint({
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

export const addEmailIfNotExists = defineEndpoint({
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
