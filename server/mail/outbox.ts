/**
 * The transactional outbox: a mail is a row written in the same transaction as the change it
 * reports; a worker delivers pending rows. Nothing is sent from inside a request.
 */
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';

export type MailTemplate = 'passwordReset';

export interface OutgoingMail {
  to: string;
  template: MailTemplate;
  language: string;
  variant: string;
  fileId?: number | null;
  data: Record<string, unknown>;
}

export async function enqueueMail(db: Database, mail: OutgoingMail): Promise<number> {
  const [row] = await db
    .insert(t.mailOutbox)
    .values({ toAddress: mail.to, template: mail.template, language: mail.language.slice(0, 2), variant: mail.variant, fileId: mail.fileId ?? null, data: mail.data })
    .returning({ id: t.mailOutbox.id });
  return row!.id;
}
