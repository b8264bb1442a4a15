/**
 * Sealed tokens for links whose content is nobody's business but the server's (the password
 * reset): the payload is encrypted and authenticated with AES-256-GCM under a key derived from
 * SESSION_SECRET for the purpose, so the link shows nothing (no debtor or file id, no expiry) and
 * cannot be changed; a token of one purpose never opens as another (the key and the additional
 * data both name it). Shape: `<iv>.<ciphertext and tag>`, both base64url. Tokens with an `e`
 * field (Unix seconds) expire. Signed but readable tokens stay in `signed-token.ts`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyedHash } from './crypto.ts';
import { tokenPayload, type TokenReader } from './signed-token.ts';

const ivBytes = 12;
const tagBytes = 16;

function keyFor(purpose: string): Buffer {
  return Buffer.from(keyedHash('sealed-token', `${purpose}\u0000aes-256-gcm`), 'hex');
}

export function sealToken(purpose: string, payload: Record<string, unknown>): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64url')}.${body.toString('base64url')}`;
}

/** The payload of a token sealed for `purpose`, or null: forged, changed, of another purpose, malformed or expired. */
export const openToken: TokenReader = (purpose, token, schema, now = new Date()) => {
  if (!token || token.length > 1024) return null;
  const [ivText, bodyText, extra] = token.split('.');
  if (!ivText || !bodyText || extra !== undefined) return null;
  const iv = Buffer.from(ivText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (iv.length !== ivBytes || body.length <= tagBytes) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), iv, { authTagLength: tagBytes });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(body.subarray(body.length - tagBytes));
    const clear = Buffer.concat([decipher.update(body.subarray(0, body.length - tagBytes)), decipher.final()]);
    return tokenPayload(schema, clear.toString('utf8'), now);
  } catch {
    return null;
  }
};
