/**
 * The debtor's profile (spec 3 "Profile", 4.3, 6, 7): reading it, the permission check
 * (`IsProfileUpdateAllowed`) and a change request (`UpdateProfile`).
 *
 * A change never touches the debtors row: it becomes a *pending* request in
 * profile_change_requests with the changed fields, its proof files attached (uploads context
 * `profileChange`), a receipt mail to the debtor and an audit entry. Staff process it; until
 * then every further change is refused (spec 4.3), on the page and here.
 */
import { and, desc, eq } from 'drizzle-orm';
import { auditDebtor } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { formatReference } from '../auth/reference.ts';
import { debtorName, mailAddresseeReceipt } from '../mail/addressee.ts';
import { submitWithUploads } from '../uploads/receive.ts';
import { profileFields, todayInBerlin, type ChangeReason, type ProfileField, type Salutation } from './rules.ts';

export { profileFields, type ProfileField };
import { profileChangeSchema, type ProfileChangeInput } from './schema.ts';
import { zipMatchesCity } from './zip-city.ts';

export interface Profile {
  salutation: Salutation;
  companyName: string;
  firstName: string;
  lastName: string;
  birthday: string;
  streetName: string;
  houseNumber: string;
  zipCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
}

export interface PendingRequest {
  id: number;
  reason: ChangeReason;
  changes: Partial<Record<ProfileField, string>>;
  relocationDate: string | null;
  createdAt: string;
  attachments: string[];
}

export type Permission =
  | { allowed: true }
  | { allowed: false; reason: 'pending'; pending: PendingRequest }
  | { allowed: false; reason: 'blocked' }
  | { allowed: false; reason: 'noFile' };

interface Ctx {
  fileId: number;
  debtorId: number;
}

async function ownFile(db: Database, ctx: Ctx) {
  const [row] = await db
    .select({
      debtor: t.debtors,
      refno: t.files.refno,
      subcase: t.files.subcase,
      variant: t.files.variant,
      functionsBlocked: t.files.functionsBlocked,
      debtorId: t.files.debtorId,
    })
    .from(t.files)
    .innerJoin(t.debtors, eq(t.debtors.id, t.files.debtorId))
    .where(eq(t.files.id, ctx.fileId));
  if (!row || row.debtorId !== ctx.debtorId) return null;
  return row;
}

function profileOf(d: typeof t.debtors.$inferSelect): Profile {
  return {
    salutation: (d.salutation === 1 || d.salutation === 2 || d.salutation === 3 ? d.salutation : 1) as Salutation,
    companyName: d.companyName ?? '',
    firstName: d.firstName ?? '',
    lastName: d.lastName ?? '',
    birthday: d.birthdate ?? '',
    streetName: d.streetName,
    houseNumber: d.houseNumber,
    zipCode: d.postalCode,
    city: d.city,
    country: d.countryCode,
    email: d.email ?? '',
    phone: d.mobile ?? d.phone ?? '',
  };
}

export async function getProfile(db: Database, ctx: Ctx): Promise<Profile | null> {
  const file = await ownFile(db, ctx);
  return file ? profileOf(file.debtor) : null;
}

/** The debtor's unprocessed change request, if there is one. */
export async function pendingRequest(db: Database, ctx: Ctx): Promise<PendingRequest | null> {
  const [row] = await db
    .select()
    .from(t.profileChangeRequests)
    .where(and(eq(t.profileChangeRequests.debtorId, ctx.debtorId), eq(t.profileChangeRequests.status, 'pending')))
    .orderBy(desc(t.profileChangeRequests.createdAt))
    .limit(1);
  if (!row) return null;
  const files = await db
    .select({ name: t.uploads.originalName })
    .from(t.uploads)
    .where(and(eq(t.uploads.fileId, row.fileId), eq(t.uploads.context, 'profileChange'), eq(t.uploads.ownerId, row.id)))
    .orderBy(t.uploads.id);
  const changes: PendingRequest['changes'] = {};
  for (const field of profileFields) {
    const value = row.changes[field];
    if (typeof value === 'string') changes[field] = value;
  }
  return {
    id: row.id,
    reason: row.reason,
    changes,
    relocationDate: row.relocationDate,
    createdAt: row.createdAt.toISOString(),
    attachments: files.map((f) => f.name),
  };
}

/** `IsProfileUpdateAllowed`: refused while a request is pending or when the file's functions are blocked. */
export async function profileUpdatePermission(db: Database, ctx: Ctx): Promise<Permission> {
  const file = await ownFile(db, ctx);
  if (!file) return { allowed: false, reason: 'noFile' };
  if (file.functionsBlocked) return { allowed: false, reason: 'blocked' };
  const pending = await pendingRequest(db, ctx);
  if (pending) return { allowed: false, reason: 'pending', pending };
  return { allowed: true };
}

export type ChangeResult =
  | { ok: true; id: number }
  | {
      ok: false;
      problem:
        | 'invalid'
        | 'noFile'
        | 'blocked'
        | 'pending'
        | 'noChange'
        | 'zipCityMismatch'
        | 'notYours'
        | 'totalTooLarge'
        | 'tooMany';
    };

class Abort extends Error {
  constructor(readonly problem: 'notYours' | 'totalTooLarge' | 'tooMany' | 'pending') {
    super(problem);
  }
}

/** `UpdateProfile`: validates, checks zip and city, and records a pending request with its proof. */
export async function requestProfileChange(
  db: Database,
  ctx: Ctx & { language: string; clientAddress?: string; now?: Date },
  raw: ProfileChangeInput,
): Promise<ChangeResult> {
  const now = ctx.now ?? new Date();
  const parsed = profileChangeSchema(todayInBerlin(now)).safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  const input = parsed.data;
  const file = await ownFile(db, ctx);
  if (!file) return { ok: false, problem: 'noFile' };
  const permission = await profileUpdatePermission(db, ctx);
  if (!permission.allowed) return { ok: false, problem: permission.reason === 'noFile' ? 'noFile' : permission.reason };
  if (zipMatchesCity(input) === 'mismatch') return { ok: false, problem: 'zipCityMismatch' };

  const current = profileOf(file.debtor);
  const next: Record<ProfileField, string> = { ...input, salutation: String(input.salutation) };
  const changes: Partial<Record<ProfileField, string>> = {};
  for (const field of profileFields) {
    if (next[field] !== String(current[field])) changes[field] = next[field];
  }
  // A move or a second address may repeat the address on file; anything else must change something.
  if (Object.keys(changes).length === 0 && input.reason !== 'move' && input.reason !== 'secondAddress')
    return { ok: false, problem: 'noChange' };

  const reference = formatReference(file.refno, file.subcase);
  const name = debtorName(file.debtor);
  try {
    return await submitWithUploads(db, {
      attach: { fileId: ctx.fileId, context: 'profileChange', ids: input.uploadId },
      insert: async (tx) => {
        // Checked again inside the transaction, with the debtor's row locked: two quick submits
        // never make two pending requests.
        await tx.select({ id: t.debtors.id }).from(t.debtors).where(eq(t.debtors.id, ctx.debtorId)).for('update');
        const [open] = await tx
          .select({ id: t.profileChangeRequests.id })
          .from(t.profileChangeRequests)
          .where(
            and(eq(t.profileChangeRequests.debtorId, ctx.debtorId), eq(t.profileChangeRequests.status, 'pending')),
          );
        if (open) throw new Abort('pending');
        return tx
          .insert(t.profileChangeRequests)
          .values({
            debtorId: ctx.debtorId,
            fileId: ctx.fileId,
            reason: input.reason,
            changes,
            relocationDate: input.relocationDate || null,
            status: 'pending',
            createdAt: now,
          })
          .returning({ id: t.profileChangeRequests.id });
      },
      finish: async (tx, id, attachments) => {
        // The receipt goes to the address on file and, if the debtor gave a new one, there too.
        const recipients = [...new Set([file.debtor.email, changes.email].filter((v): v is string => !!v))];
        const addressee = { variant: file.variant, name, salutation: file.debtor.salutation, reference };
        for (const to of recipients) await mailAddresseeReceipt(tx, to, addressee, ctx, { kind: 'profileChange' });
        await auditDebtor(tx, ctx, 'profile.changeRequested', {
          at: now,
          detail: {
            requestId: id,
            reason: input.reason,
            fields: Object.keys(changes).join(','),
            attachments: attachments.length,
          },
        });
      },
    });
  } catch (error) {
    if (error instanceof Abort) return { ok: false, problem: error.problem };
    throw error;
  }
}

/** getProfile as a page calls it: it opens the database itself (decision 077). */
export const getProfileForPage = withDatabase(getProfile);

/** profileUpdatePermission as a page calls it: it opens the database itself (decision 077). */
export const profileUpdatePermissionForPage = withDatabase(profileUpdatePermission);
