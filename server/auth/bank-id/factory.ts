/**
 * Picks the bank-identity provider from the configuration.
 *
 *   BANKID_PROVIDER=sandbox   the built-in sandbox (default in the demo mode): orders in the table bank_id_orders,
 *                             confirmed on the sandbox pages under /sandbox/bankid/…
 *   BANKID_PROVIDER=off       no bank-identity login: the routes answer 404, the sign-in page
 *                             shows no BankID button, the sandbox pages do not exist.
 *
 * Anyone can confirm a sandbox order for any personal number, so the sandbox is the default only
 * in the demo mode (DEMO=true; development, the tests and the browser journeys); any other start
 * defaults to `off` and must choose the sandbox explicitly, e.g. for a staging system.
 *
 * How a real provider plugs in:
 * 1. Write `server/auth/bank-id/<name>.ts` with a class implementing `BankIdProvider`
 *    (provider.ts). Sweden: call the BankID relying-party API (`/auth`, `/collect`, `/cancel`,
 *    mutual TLS with the agency's certificate) or a broker; map its hintCode values to
 *    `PendingHint`/`FailedReason`; return `launchUrl` = `bankid:///?autostarttoken=…&redirect=null`.
 *    Norway: build the OpenID Connect authorization URL (client_id, redirect_uri = the callback
 *    URL the portal passes, scope openid nnin, state, nonce, PKCE) and in `exchangeCode` call the
 *    token endpoint, verify the id token (issuer, audience, nonce, signature) and check the state.
 *    In both, hash the personal number with `hashPersonalNumber` before returning it.
 * 2. Add its name to `providerNames` below, read its settings (endpoints, client id, certificate
 *    paths, secrets) from the environment here, validated with zod, and construct it in
 *    `bankIdProvider`.
 * 3. Run tests/unit/bank-id.test.ts's scenarios against its test environment; the routes and
 *    server/auth/bank-id/sign-in.ts need no change.
 */
import { z } from 'zod';
import { isDemo } from '../../env.ts';
import { withDatabase, type Database } from '../../db/client.ts';
import type { BankIdProvider } from './provider.ts';
import { SandboxBankIdProvider } from './sandbox.ts';

const providerNames = ['sandbox', 'off'] as const;
export type BankIdProviderName = (typeof providerNames)[number];

const configSchema = z.object({ BANKID_PROVIDER: z.enum(providerNames) });

let cached: z.infer<typeof configSchema> | undefined;

/** The bank-identity configuration, read once from the environment and validated. */
export function bankIdConfig(): { provider: BankIdProviderName } {
  if (!cached) {
    const fallback: BankIdProviderName = isDemo() ? 'sandbox' : 'off';
    const parsed = configSchema.safeParse({ BANKID_PROVIDER: process.env.BANKID_PROVIDER || fallback });
    if (!parsed.success)
      throw new Error(`Invalid environment: BANKID_PROVIDER must be one of ${providerNames.join(', ')}`);
    cached = parsed.data;
  }
  return { provider: cached.BANKID_PROVIDER };
}

/** For tests: read BANKID_PROVIDER again. */
export function resetBankIdConfig(): void {
  cached = undefined;
}

/** The configured provider, or null when bank-identity login is switched off. */
export function bankIdProvider(db: Database): BankIdProvider | null {
  switch (bankIdConfig().provider) {
    case 'sandbox':
      return new SandboxBankIdProvider(db);
    case 'off':
      return null;
  }
}

/** The sandbox provider when it is the configured one (the sandbox app pages need it), else null. */
export function sandboxProvider(db: Database): SandboxBankIdProvider | null {
  const provider = bankIdProvider(db);
  return provider instanceof SandboxBankIdProvider ? provider : null;
}

/** sandboxProvider as a page calls it: it opens the database itself (decision 077). */
export const sandboxProviderForPage = withDatabase(sandboxProvider);
