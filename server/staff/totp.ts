/**
 * The staff's second factor: time-based one-time passwords (RFC 6238: 6 digits, 30 seconds,
 * SHA-1, the parameters every authenticator app understands) with otplib (decision 041).
 *
 * The base32 secret is stored sealed (AES-256-GCM under a key derived from SESSION_SECRET), so a
 * copy of the database alone does not let anyone make codes. A code is accepted for the current
 * time step and the one before (a clock a little behind); each time step only once per account.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, generateSync, verifySync } from 'otplib';
import { keyedHash } from '../security/crypto.ts';

const period = 30;

function key(): Buffer {
  return Buffer.from(keyedHash('staff-totp-secret', 'aes-256-gcm'), 'hex');
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function openSecret(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('not a sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export type TotpCheck = { ok: true; step: number } | { ok: false };

/** Checks a code; `lastStep` is the account's last accepted time step (never accepted again). */
export function checkTotp(secret: string, code: string, lastStep: number | null, now = new Date()): TotpCheck {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return { ok: false };
  const result = verifySync({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: [period, 0],
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid) return { ok: false };
  const step = (result as { timeStep?: number }).timeStep ?? Math.floor(now.getTime() / 1000 / period) + result.delta;
  return { ok: true, step };
}

/** The current code (tests and the browser journey, which play the authenticator app). */
export function currentTotp(secret: string, now = new Date()): string {
  return generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) });
}

/** The otpauth:// address for the authenticator app, and the same as a QR code (SVG). */
export async function enrolmentOf(secret: string, email: string, issuer: string) {
  const uri = generateURI({ issuer, label: email, secret });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
