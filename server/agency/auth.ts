/**
 * Machine clients of the agency API and their tokens (decision 086): OAuth 2.0 client credentials
 * (RFC 6749 section 4.4). A client has an id, a secret shown once (only its SHA-256 is kept: 32
 * random bytes need no slow hash), its scopes and its calls per minute. The token endpoint answers
 * an access token: a JWT (HS256, `jose`) under a key derived from SESSION_SECRET for this purpose,
 * valid for an hour, naming the client (`sub`) and the granted scopes. Each call checks the
 * signature, the audience and the expiry, then that the client still exists and is not revoked, so
 * that revoking a client stops its tokens at once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { keyedHash, safeEqual, sha256Hex } from '../security/crypto.ts';

/** The scopes, one per resource and kind of access. */
export const agencyScopes = ['events:read', 'webhooks:manage', 'files:read', 'files:write'] as const;
export type AgencyScope = (typeof agencyScopes)[number];

export function isScope(value: string): value is AgencyScope {
  return (agencyScopes as readonly string[]).includes(value);
}

export const tokenLifetimeSeconds = 3600;
const issuer = 'debtor-portal';
const audience = 'agency-api/v1';

function signingKey(): Uint8Array {
  return Buffer.from(keyedHash('agency-access-token', 'hs256'), 'hex');
}

export interface NewClient {
  id: string;
  secret: string;
  name: string;
  scopes: AgencyScope[];
  requestsPerMinute: number;
}

export async function createClient(
  db: Database,
  input: { name: string; scopes: AgencyScope[]; requestsPerMinute?: number },
): Promise<NewClient> {
  const id = `agc_${randomBytes(12).toString('base64url')}`;
  const secret = `acs_${randomBytes(32).toString('base64url')}`;
  const requestsPerMinute = input.requestsPerMinute ?? 600;
  await db.insert(t.agencyClients).values({
    id,
    name: input.name,
    secretHash: sha256Hex(secret),
    scopes: [...new Set(input.scopes)],
    requestsPerMinute,
  });
  return { id, secret, name: input.name, scopes: input.scopes, requestsPerMinute };
}

export interface AgencyClient {
  id: string;
  name: string;
  scopes: AgencyScope[];
  requestsPerMinute: number;
}

async function activeClient(db: Database, id: string): Promise<(AgencyClient & { secretHash: string }) | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db.select().from(t.agencyClients).where(eq(t.agencyClients.id, id));
  if (!row || row.revokedAt) return null;
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isScope),
    requestsPerMinute: row.requestsPerMinute,
    secretHash: row.secretHash,
  };
}

export async function revokeClient(db: Database, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(t.agencyClients)
    .set({ revokedAt: now })
    .where(eq(t.agencyClients.id, id))
    .returning({ id: t.agencyClients.id });
  return rows.length > 0;
}

/** The client whose id and secret these are, or null (unknown, revoked or a wrong secret: one answer). */
export async function authenticateClient(db: Database, id: string, secret: string): Promise<AgencyClient | null> {
  const client = await activeClient(db, id);
  // The hash is compared even for an unknown client, so the answer's time tells nothing.
  const ok = safeEqual(sha256Hex(secret), client?.secretHash ?? '0'.repeat(64));
  if (!client || !ok) return null;
  const { secretHash: _, ...rest } = client;
  return rest;
}

export type TokenGrant =
  { ok: true; accessToken: string; expiresIn: number; scopes: AgencyScope[] } | { ok: false; error: 'invalid_scope' };

/**
 * The access token for a client: the scopes it asks for (space-separated, RFC 6749 section 3.3),
 * all of its scopes when it asks for none; `invalid_scope` when it asks for one it does not have.
 */
export async function issueToken(
  client: AgencyClient,
  requested: string | null,
  now = new Date(),
): Promise<TokenGrant> {
  const asked = requested?.trim() ? requested.trim().split(/\s+/) : client.scopes;
  if (asked.some((scope) => !isScope(scope) || !client.scopes.includes(scope)))
    return { ok: false, error: 'invalid_scope' };
  const scopes = [...new Set(asked)] as AgencyScope[];
  const issuedAt = Math.floor(now.getTime() / 1000);
  const accessToken = await new SignJWT({ scope: scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(client.id)
    .setJti(randomBytes(12).toString('base64url'))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + tokenLifetimeSeconds)
    .sign(signingKey());
  return { ok: true, accessToken, expiresIn: tokenLifetimeSeconds, scopes };
}

export interface AgencyCaller {
  client: AgencyClient;
  scopes: AgencyScope[];
}

/** The caller of a bearer token, or null: not ours, changed, expired, or its client revoked. */
export async function callerOf(db: Database, token: string, now = new Date()): Promise<AgencyCaller | null> {
  if (!token || token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(), {
      issuer,
      audience,
      algorithms: ['HS256'],
      typ: 'at+jwt',
      currentDate: now,
    });
    const client = await activeClient(db, payload.sub ?? '');
    if (!client) return null;
    const granted = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(isScope) : [];
    const { secretHash: _, ...rest } = client;
    // A scope taken from the client since the token was issued is no longer granted.
    return { client: rest, scopes: granted.filter((scope) => client.scopes.includes(scope)) };
  } catch {
    return null;
  }
}
