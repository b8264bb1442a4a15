/**
 * How mail leaves the portal. With SMTP_URL: nodemailer over SMTP. Without it, in the demo mode
 * (also with NODE_ENV=production, as `npm start` runs it): the development mailbox, a folder of
 * .eml files under DATA_DIR/mailbox that the page /dev/mailbox lists. Outside the demo mode
 * without SMTP_URL nothing is sent; mail stays queued in the outbox until a mail server is
 * configured.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env, isDemo, type Env } from '../env.ts';

export interface OutgoingMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ cid: string; filename: string; dataUrl: string }>;
  /** Identifies the outbox row (Message-ID and X-Outbox-Id), so a resend is recognisable. */
  outboxId: number;
}

export interface MailSender {
  readonly kind: 'smtp' | 'mailbox';
  send(message: OutgoingMessage): Promise<void>;
  close?(): void;
}

function nodemailerMessage(message: OutgoingMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { 'X-Outbox-Id': String(message.outboxId) },
    attachments: message.attachments.map((a) => ({ cid: a.cid, filename: a.filename, path: a.dataUrl })),
  };
}

export function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(nodemailerMessage(message));
    },
    close: () => transport.close(),
  };
}

/** Writes each mail as an .eml file (and a small JSON index entry) into `folder`. */
export function mailboxSender(folder: string): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(message));
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.outboxId}`;
      await writeFile(path.join(folder, `${name}.eml`), info.message as Buffer);
      await writeFile(
        path.join(folder, `${name}.json`),
        JSON.stringify({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          at: new Date().toISOString(),
        }),
      );
    },
  };
}

export function mailboxFolder(config: Env = env()): string {
  return path.resolve(config.DATA_DIR, 'mailbox');
}

/** The sender for this environment, or null when mail must stay queued (no SMTP outside the demo mode). */
export function senderFromEnv(config: Env = env()): MailSender | null {
  if (config.SMTP_URL) return smtpSender(config.SMTP_URL);
  if (!isDemo(config)) return null;
  return mailboxSender(mailboxFolder(config));
}

export interface MailboxEntry {
  name: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  at: string;
}

/** The development mailbox, newest first. */
export async function readMailbox(folder: string): Promise<MailboxEntry[]> {
  let files: string[];
  try {
    files = await readdir(folder);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    files
      .filter((f) => f.endsWith('.json'))
      .map(async (f) => ({
        name: f.replace(/\.json$/, ''),
        ...(JSON.parse(await readFile(path.join(folder, f), 'utf8')) as Omit<MailboxEntry, 'name'>),
      })),
  );
  return entries.sort((a, b) => b.name.localeCompare(a.name));
}
