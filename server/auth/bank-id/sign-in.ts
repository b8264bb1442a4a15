/**
 * Sign-in with bank identity (spec 4.1: "a bank-identity login polls an order; pending means
 * wait, complete means logged in, failed means error"). Works with any `BankIdProvider`.
 *
 * - Sweden: `startSwedishLogin` opens an order, `collectSwedishLogin` polls it, `cancelSwedishLogin`
 *   stops it.
 * - Norway: `startNorwegianLogin` gives the provider's address, `completeNorwegianLogin` takes the
 *   callback's code and state.
 *
 * The login is bound to the browser that started it: a short-lived HttpOnly cookie holds the
 * order reference (and, for Norway, the state). Polling or a callback from another browser, or
 * with a state that is not the one this browser got, is refused; that stops a stolen order
 * reference from being collected elsewhere and an attacker's code from being pushed into a
 * victim's browser (login CSRF).
 *
 * A verified identity signs in with a full session: the debtor whose personal number hash
 * matches, on their first listable file of the variant's country. The audit log records every
 * step with a keyed correlation value of the order, never the order reference, the code or the
 * personal number.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { audit } from '../../audit/log.ts';
import { getDatabase, type Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { filesWithDebtors, openFile } from '../../claims/file-queries.ts';
import { measureRunning } from '../../claims/rules.ts';
import { readCookie } from '../../i18n/negotiate.ts';
import { keyedHash, safeEqual } from '../../security/crypto.ts';
import { variantIds, variants, type Variant } from '../../variants/config.ts';
import { clearCookie, cookieName, serializeCookie } from '../cookies.ts';
import { createSession } from '../sessions.ts';
import { bankIdConfig, bankIdProvider } from './factory.ts';
import type { BankIdCountry, BankIdProvider, FailedReason, PendingHint, VerifiedIdentity } from './provider.ts';

export interface BankIdContext {
  db: Database;
  provider: BankIdProvider;
  variant: Variant;
  clientAddress: string;
  /** The hash of the session being replaced (a limited session stepping up). */
  currentSession?: string | null;
  /** `api` when the JSON API asks: the session is a bearer token (decision 044). */
  channel?: 'web' | 'api';
  now?: Date;
}

/** Everything that can end a bank-identity login without a session. */
export type BankIdFailure =
  FailedReason | 'unknownPerson' | 'measureRunning' | 'stateMismatch' | 'invalidCode' | 'expired';

export type BankIdSignedIn = {
  status: 'complete';
  cookie: string;
  /** The session's token (in `cookie` for the browser; the JSON API's bearer token). */
  token: string;
  debtorId: number;
  fileId: number;
  variant: string;
  mustChangePassword: boolean;
  hasMultipleFiles: boolean;
};

export type BankIdProgress =
  { status: 'pending'; hint: PendingHint } | { status: 'failed'; reason: BankIdFailure } | BankIdSignedIn;

// ── Which variants offer it ─────────────────────────────────────────────────────────────────

/** The bank-identity method the variant offers (and the provider is switched on), or null. */
export function bankIdMethod(variant: Pick<Variant, 'loginMethods'>): 'bankIdSe' | 'bankIdNo' | null {
  if (bankIdConfig().provider === 'off') return null;
  if (variant.loginMethods.includes('bankIdSe')) return 'bankIdSe';
  if (variant.loginMethods.includes('bankIdNo')) return 'bankIdNo';
  return null;
}

export function bankIdCountry(variant: Pick<Variant, 'loginMethods'>): BankIdCountry | null {
  const method = bankIdMethod(variant);
  return method === 'bankIdSe' ? 'SE' : method === 'bankIdNo' ? 'NO' : null;
}

// ── The browser binding ─────────────────────────────────────────────────────────────────────

export const bankIdFlowCookieBase = 'portal_bankid';
const flowMinutes = 10;

export interface BankIdFlow {
  country: BankIdCountry;
  orderRef: string;
  /** Norway: the state the provider must send back. */
  state: string | null;
  /** Sweden: where the debtor opens the identity app (kept so that a page without JavaScript can show it again). */
  launchUrl: string | null;
}

const flowSchema = z.object({
  c: z.enum(['SE', 'NO']),
  o: z.string().min(1).max(100),
  s: z.string().max(200).nullable(),
  // Only the identity app's own scheme or a path on this host, never javascript: or another site.
  l: z
    .string()
    .max(500)
    .refine((v) => v.startsWith('bankid:') || (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')))
    .nullable(),
});

export function flowCookie(flow: BankIdFlow): string {
  const value = JSON.stringify({
    c: flow.country,
    o: flow.orderRef,
    s: flow.state,
    l: flow.launchUrl,
  } satisfies z.infer<typeof flowSchema>);
  return serializeCookie(cookieName(bankIdFlowCookieBase), value, { maxAgeSeconds: flowMinutes * 60 });
}

export function clearFlowCookie(): string {
  return clearCookie(cookieName(bankIdFlowCookieBase));
}

/** The login this browser started, from its cookie; null when there is none or it was tampered with. */
export function readFlow(request: Request): BankIdFlow | null {
  const value = readCookie(request.headers.get('Cookie'), cookieName(bankIdFlowCookieBase));
  if (!value) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(value));
    return parsed.success
      ? { country: parsed.data.c, orderRef: parsed.data.o, state: parsed.data.s, launchUrl: parsed.data.l }
      : null;
  } catch {
    return null;
  }
}

/** Stands for the order in the audit log: stable per order, useless to anyone reading the log. */
function correlation(orderRef: string): string {
  return keyedHash('bank-id-order', orderRef).slice(0, 16);
}

/** How an audit entry names the order: the country, the provider and the order's correlation. */
function orderDetail(ctx: BankIdContext, country: 'SE' | 'NO', orderRef: string) {
  return { country, provider: ctx.provider.id, order: correlation(orderRef) };
}

/** An audit entry of the sign-in flow: a visitor until signed in, from the client's address, now. */
function flowAudit(ctx: BankIdContext, action: string, detail: Record<string, string | number | boolean | null>) {
  return audit(ctx.db, { actor: 'visitor', action, clientAddress: ctx.clientAddress, detail, at: ctx.now });
}

// ── Sweden ──────────────────────────────────────────────────────────────────────────────────

/**
 * The bank-identity pages' context (decision 077: a page holds no database handle): the provider
 * with the process's database, or null when no provider is configured.
 */
export async function bankIdPageContext(page: Omit<BankIdContext, 'db' | 'provider'>): Promise<BankIdContext | null> {
  const db = await getDatabase();
  const provider = bankIdProvider(db);
  return provider ? { ...page, db, provider } : null;
}

export async function startSwedishLogin(ctx: BankIdContext) {
  const order = await ctx.provider.startOrder({ endUserIp: ctx.clientAddress });
  await flowAudit(ctx, 'bankId.started', orderDetail(ctx, 'SE', order.orderRef));
  return {
    ...order,
    cookie: flowCookie({ country: 'SE', orderRef: order.orderRef, state: null, launchUrl: order.launchUrl }),
  };
}

/**
 * One poll. `orderRef` is what the page sends; it must be the order this browser started.
 * Pending polls leave no audit entry (one every two seconds would drown the log); the outcome does.
 */
export async function collectSwedishLogin(
  ctx: BankIdContext,
  flow: BankIdFlow | null,
  orderRef: string,
): Promise<BankIdProgress> {
  if (!flow || flow.country !== 'SE' || !safeEqual(flow.orderRef, orderRef)) {
    await flowAudit(ctx, 'bankId.failed', { country: 'SE', reason: 'unknownOrder', binding: 'missing' });
    return { status: 'failed', reason: 'unknownOrder' };
  }
  const result = await ctx.provider.collect(flow.orderRef);
  const detail = orderDetail(ctx, 'SE', flow.orderRef);
  if (result.status === 'pending') return result;
  if (result.status === 'failed') {
    await flowAudit(ctx, 'bankId.failed', { ...detail, reason: result.reason });
    return result;
  }
  await flowAudit(ctx, 'bankId.completed', detail);
  return signInWithIdentity(ctx, result.identity, detail);
}

export async function cancelSwedishLogin(ctx: BankIdContext, flow: BankIdFlow | null): Promise<void> {
  if (!flow || flow.country !== 'SE') return;
  const cancelled = await ctx.provider.cancel(flow.orderRef);
  await flowAudit(ctx, 'bankId.cancelled', { ...orderDetail(ctx, 'SE', flow.orderRef), wasPending: cancelled });
}

// ── Norway ──────────────────────────────────────────────────────────────────────────────────

/** `callbackUrl` is the portal's callback for this variant, as the provider must call it. */
export async function startNorwegianLogin(ctx: BankIdContext, callbackUrl: string) {
  const request = await ctx.provider.authorizationUrl({ redirectUri: callbackUrl });
  await flowAudit(ctx, 'bankId.started', orderDetail(ctx, 'NO', request.orderRef));
  return {
    url: request.url,
    /** The binding the web keeps in `cookie`; the JSON API signs it into its own value (decision 044). */
    orderRef: request.orderRef,
    state: request.state,
    cookie: flowCookie({ country: 'NO', orderRef: request.orderRef, state: request.state, launchUrl: null }),
  };
}

export type CallbackInput = { code: string; state: string } | { error: string; state: string };

export async function completeNorwegianLogin(
  ctx: BankIdContext,
  flow: BankIdFlow | null,
  input: CallbackInput,
): Promise<Exclude<BankIdProgress, { status: 'pending' }>> {
  const refuse = async (reason: BankIdFailure, extra: Record<string, string> = {}) => {
    await flowAudit(ctx, 'bankId.failed', {
      country: 'NO',
      provider: ctx.provider.id,
      order: flow ? correlation(flow.orderRef) : null,
      reason,
      ...extra,
    });
    return { status: 'failed' as const, reason };
  };
  // The state must be the one this browser was given; checked before the code is even looked at.
  if (!flow || flow.country !== 'NO' || !flow.state || !safeEqual(flow.state, input.state))
    return refuse('stateMismatch');
  if ('error' in input) {
    await ctx.provider.cancel(flow.orderRef);
    return refuse(input.error === 'access_denied' ? 'userCancel' : 'startFailed', {
      providerError: input.error.slice(0, 40),
    });
  }
  const result = await ctx.provider.exchangeCode(input.code, input.state);
  if (!result.ok) return refuse(result.reason);
  if (!safeEqual(result.orderRef, flow.orderRef)) return refuse('stateMismatch');
  const detail = orderDetail(ctx, 'NO', flow.orderRef);
  await flowAudit(ctx, 'bankId.completed', detail);
  return signInWithIdentity(ctx, result.identity, detail);
}

// ── From identity to session ────────────────────────────────────────────────────────────────

/**
 * The debtor with this personal number, on their first listable file (not legally blocked, not
 * deleted) of the variant's country, gets a full session.
 */
export async function signInWithIdentity(
  ctx: BankIdContext,
  identity: VerifiedIdentity,
  detail: Record<string, string | null> = {},
): Promise<BankIdSignedIn | { status: 'failed'; reason: 'unknownPerson' | 'measureRunning' }> {
  const now = ctx.now ?? new Date();
  const countryVariants = variantIds.filter((id) => variants[id].country === ctx.variant.country);
  const [file] = await filesWithDebtors(ctx.db, {
    fileId: t.files.id,
    variant: t.files.variant,
    statusCode: t.files.statusCode,
    debtorId: t.files.debtorId,
    mustChangePassword: t.debtors.mustChangePassword,
  })
    .where(
      and(
        eq(t.debtors.personalNumberHash, identity.personalNumberHash),
        inArray(t.files.variant, countryVariants),
        openFile(),
      ),
    )
    .orderBy(asc(t.files.refno), asc(t.files.subcase))
    .limit(1);
  if (!file) {
    await audit(ctx.db, {
      actor: 'visitor',
      action: 'signin.failed.unknownPerson',
      clientAddress: ctx.clientAddress,
      detail: { ...detail, loginType: 'bankId' },
      at: now,
    });
    return { status: 'failed', reason: 'unknownPerson' };
  }
  if (measureRunning(file.statusCode)) {
    await audit(ctx.db, {
      actor: 'visitor',
      action: 'signin.refused.measureRunning',
      debtorId: file.debtorId,
      fileId: file.fileId,
      clientAddress: ctx.clientAddress,
      detail: { ...detail, loginType: 'bankId' },
      at: now,
    });
    return { status: 'failed', reason: 'measureRunning' };
  }
  const { cookie, token } = await createSession(
    ctx.db,
    { debtorId: file.debtorId, fileId: file.fileId, loginType: 'bankId', level: 'full' },
    { replacing: ctx.currentSession, now, channel: ctx.channel },
  );
  await audit(ctx.db, {
    actor: 'debtor',
    action: 'signin.full',
    debtorId: file.debtorId,
    fileId: file.fileId,
    clientAddress: ctx.clientAddress,
    detail: { ...detail, loginType: 'bankId' },
    at: now,
  });
  const siblings = await ctx.db
    .select({ id: t.files.id })
    .from(t.files)
    .where(and(eq(t.files.debtorId, file.debtorId), openFile()));
  return {
    status: 'complete',
    cookie,
    token,
    debtorId: file.debtorId,
    fileId: file.fileId,
    variant: file.variant,
    mustChangePassword: file.mustChangePassword,
    hasMultipleFiles: siblings.length > 1,
  };
}

/** Where a signed-in debtor goes next, inside the file's own variant. */
export function pathAfterSignIn(result: BankIdSignedIn): string {
  const variant = variants[result.variant as keyof typeof variants];
  const base = variant?.basePath ?? '';
  if (result.mustChangePassword) return `${base}/signin/set-password`;
  return `${base}${result.hasMultipleFiles ? '/claims-list' : '/dashboard'}`;
}

// ── What the routes answer ──────────────────────────────────────────────────────────────────

export type ProgressBody =
  | { phase: 'pending'; orderRef: string; launchUrl: string | null; hint: PendingHint }
  | { phase: 'failed'; reason: BankIdFailure };

export type ProgressReply =
  | { kind: 'redirect'; location: string; setCookies: string[] }
  | { kind: 'data'; status: number; body: ProgressBody; setCookies: string[] };

/**
 * Maps a poll or callback outcome to the answer of the page and the collect route: pending stays
 * on the page, complete goes to the dashboard with the session cookie, anything else ends the
 * login (and its browser binding) with a reason the page can explain.
 */
export function replyTo(progress: BankIdProgress, flow: BankIdFlow | null): ProgressReply {
  if (progress.status === 'pending') {
    return {
      kind: 'data',
      status: 200,
      body: {
        phase: 'pending',
        orderRef: flow?.orderRef ?? '',
        launchUrl: flow?.launchUrl ?? null,
        hint: progress.hint,
      },
      setCookies: [],
    };
  }
  if (progress.status === 'complete') {
    return { kind: 'redirect', location: pathAfterSignIn(progress), setCookies: [progress.cookie, clearFlowCookie()] };
  }
  const status =
    progress.reason === 'unknownPerson'
      ? 404
      : progress.reason === 'measureRunning'
        ? 403
        : progress.reason === 'stateMismatch' || progress.reason === 'invalidCode'
          ? 400
          : 200;
  return { kind: 'data', status, body: { phase: 'failed', reason: progress.reason }, setCookies: [clearFlowCookie()] };
}

export function setCookieHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
