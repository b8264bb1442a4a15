/**
 * Messages and callback requests from /service/contact (and the assistant): stored, mailed to
 * the agency through the outbox, a receipt to the debtor, an audit entry. One transaction each.
 */
import { auditDebtor } from '../audit/log.ts';
import { withDatabase, type Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { rowOfFile } from '../claims/file-queries.ts';
import { agencyAddress } from '../mail/addresses.ts';
import { fileAddressee, mailAddresseeReceipt } from '../mail/addressee.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { submitWithUploads } from '../uploads/receive.ts';
import { variants, type VariantId } from '../variants/config.ts';
import { callbackSchema, messageSchema, type CallbackInput, type MessageInput } from './schema.ts';
import { timeOfDayOf } from './callback-slots.ts';

interface Ctx {
  fileId: number;
  debtorId: number;
  language: string;
  clientAddress?: string;
  fromAssistant?: boolean;
  now?: Date;
}

async function fileFacts(db: Database, fileId: number, debtorId: number) {
  const file = await fileAddressee(db, fileId);
  return file && file.debtorId === debtorId ? file : null;
}

export type SendResult =
  { ok: true; id: number } | { ok: false; problem: 'invalid' | 'noFile' | 'notYours' | 'totalTooLarge' | 'tooMany' };

export async function sendMessage(db: Database, ctx: Ctx, raw: MessageInput): Promise<SendResult> {
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  const input = parsed.data;
  const file = await fileFacts(db, ctx.fileId, ctx.debtorId);
  if (!file) return { ok: false, problem: 'noFile' };
  const now = ctx.now ?? new Date();
  // The message as stored is the message the agency reads.
  const message = { subjectId: input.subjectId, subSubject: input.subSubject ?? null, body: input.body };
  const reply = { email: input.email ?? null, phone: input.phone ?? null };
  const fromAssistant = ctx.fromAssistant ?? false;
  return submitWithUploads(db, {
    attach: { fileId: ctx.fileId, context: 'message', ids: input.uploadId },
    insert: (tx) =>
      tx
        .insert(t.messages)
        .values({ fileId: ctx.fileId, ...message, ...reply, fromAssistant, createdAt: now })
        .returning({ id: t.messages.id }),
    finish: async (tx, id, attachments) => {
      await enqueueMail(tx, {
        to: agencyAddress(file.variant),
        template: 'agencyMessage',
        language: 'de',
        variant: file.variant,
        fileId: ctx.fileId,
        data: {
          reference: file.reference,
          ...message,
          replyEmail: reply.email,
          replyPhone: reply.phone,
          attachmentCount: attachments.length,
          fromAssistant,
        },
      });
      await mailAddresseeReceipt(tx, reply.email ?? file.email, file, ctx, { kind: 'message' });
      await auditDebtor(tx, ctx, 'contact.message', {
        at: now,
        detail: { messageId: id, subjectId: input.subjectId, attachments: attachments.length },
      });
    },
  });
}

/** A callback of this file as booked (the confirmation restates day, time and number). */
export async function findCallback(
  db: Database,
  where: { fileId: number; id: number },
): Promise<{ weekday: number; hour: string; phone: string } | null> {
  const row = await rowOfFile(db, t.callbacks, where);
  return row && { weekday: row.weekday, hour: row.hour, phone: row.phone };
}

export async function requestCallback(db: Database, ctx: Ctx, raw: CallbackInput): Promise<SendResult> {
  const file = await fileFacts(db, ctx.fileId, ctx.debtorId);
  if (!file) return { ok: false, problem: 'noFile' };
  const variant = variants[file.variant as VariantId];
  if (!variant) return { ok: false, problem: 'noFile' };
  const parsed = callbackSchema(variant.support.callbackHours).safeParse(raw);
  if (!parsed.success) return { ok: false, problem: 'invalid' };
  const input = { ...parsed.data, timeOfDay: parsed.data.timeOfDay ?? timeOfDayOf(parsed.data.hour) };
  const now = ctx.now ?? new Date();
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const [row] = await tx
      .insert(t.callbacks)
      .values({
        fileId: ctx.fileId,
        phone: input.phone,
        reason: input.reason,
        weekday: input.weekday,
        timeOfDay: input.timeOfDay,
        hour: input.hour,
        createdAt: now,
      })
      .returning({ id: t.callbacks.id });
    const id = row!.id;
    await enqueueMail(tx, {
      to: agencyAddress(file.variant),
      template: 'agencyCallback',
      language: 'de',
      variant: file.variant,
      fileId: ctx.fileId,
      data: {
        reference: file.reference,
        phone: input.phone,
        reason: input.reason,
        weekday: input.weekday,
        timeOfDay: input.timeOfDay,
        hour: input.hour,
      },
    });
    await mailAddresseeReceipt(tx, file.email, file, ctx, {
      kind: 'callback',
      // The booked slot, restated in the mail.
      callback: { weekday: input.weekday, hour: input.hour, phone: input.phone },
    });
    await auditDebtor(tx, ctx, 'contact.callback', {
      at: now,
      detail: { callbackId: id, weekday: input.weekday, hour: input.hour },
    });
    return { ok: true as const, id };
  });
}

/** findCallback as the contact page reads it back: it opens the database itself (decision 077). */
export const findCallbackForPage = withDatabase(findCallback);
