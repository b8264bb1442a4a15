/**
 * `npm run staff:create -- --email E --role reviewer|admin [--password P]`: creates a staff
 * account and prints one JSON line {"email","password","totpSecret"} (a generated password when
 * none is given). The TOTP secret is sealed with SESSION_SECRET: run the command with the
 * server's secret. The account enrols its authenticator at its first sign-in (QR code), or with
 * the printed secret typed into the app.
 */
import { parseArgs } from 'node:util';
import type { CliResult } from '../cli/run.ts';
import type { Database } from '../db/client.ts';
import { createStaffAccount, newStaffAccountInput } from './accounts.ts';

export async function staffCreate(
  db: Database,
  argv: string[],
  options: { fastHash?: boolean } = {},
): Promise<CliResult> {
  let values: { email?: string; role?: string; password?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return { code: 2, error: error instanceof Error ? error.message : String(error) } as const;
  }
  const parsed = newStaffAccountInput.safeParse(values);
  if (!parsed.success) {
    return {
      code: 2,
      error: `usage: npm run staff:create -- --email E --role reviewer|admin [--password P (12 characters or more)]; ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    } as const;
  }
  const result = await createStaffAccount(db, parsed.data, { fastHash: options.fastHash });
  if (!result.ok) return { code: 1, error: `a staff account for ${parsed.data.email} exists already` } as const;
  const { email, password, totpSecret } = result.account;
  return { code: 0, line: JSON.stringify({ email, password, totpSecret }) } as const;
}
