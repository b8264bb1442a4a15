/**
 * The agency API's commands (decisions 086, 087):
 *   npm run agency:client -- create <name> --scopes events:read,webhooks:manage [--per-minute 600]
 *     creates a machine client and prints one JSON line {"clientId","clientSecret","scopes"}: the
 *     secret is shown this once (only its hash is kept);
 *   npm run agency:client -- revoke <client id>
 *   npm run agency:replay -- <event id> | --dead
 *     puts an event's deliveries (or every dead delivery) back in the webhook queue, due now.
 * With the embedded database (PGlite) run them while the server is stopped: one process at a time
 * may open its folder. With DATABASE_URL they run beside the server.
 */
import { parseArgs } from 'node:util';
import type { CliResult } from '../cli/run.ts';
import type { Database } from '../db/client.ts';
import { agencyScopes, createClient, isScope, revokeClient } from './auth.ts';
import { replay } from './delivery.ts';

const clientUsage = `usage: npm run agency:client -- create <name> --scopes ${agencyScopes.join(',')} [--per-minute N] | revoke <client id>`;

export async function agencyClientCommand(db: Database, argv: string[]): Promise<CliResult> {
  let parsed: { values: { scopes?: string; 'per-minute'?: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { scopes: { type: 'string' }, 'per-minute': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    return { code: 2, error: `${error instanceof Error ? error.message : String(error)}\n${clientUsage}` };
  }
  const [command, name] = parsed.positionals;
  if (command === 'revoke' && name)
    return (await revokeClient(db, name))
      ? { code: 0, line: JSON.stringify({ revoked: name }) }
      : { code: 1, error: `no client ${name}` };
  if (command !== 'create' || !name?.trim()) return { code: 2, error: clientUsage };
  const scopes = (parsed.values.scopes ?? '').split(/[\s,]+/).filter(Boolean);
  if (scopes.length === 0 || !scopes.every(isScope))
    return { code: 2, error: `--scopes: one or more of ${agencyScopes.join(', ')}` };
  const perMinute = parsed.values['per-minute'] === undefined ? 600 : Number(parsed.values['per-minute']);
  if (!Number.isInteger(perMinute) || perMinute < 1 || perMinute > 1_000_000)
    return { code: 2, error: '--per-minute: a whole number from 1' };
  const client = await createClient(db, { name: name.trim(), scopes, requestsPerMinute: perMinute });
  return {
    code: 0,
    line: JSON.stringify({
      clientId: client.id,
      clientSecret: client.secret,
      scopes: client.scopes,
      requestsPerMinute: client.requestsPerMinute,
    }),
  };
}

export async function agencyReplayCommand(db: Database, argv: string[]): Promise<CliResult> {
  const [first, extra] = argv;
  if (!first || extra !== undefined) return { code: 2, error: 'usage: npm run agency:replay -- <event id> | --dead' };
  const count = first === '--dead' ? await replay(db, { dead: true }) : await replay(db, { eventId: first });
  if (first !== '--dead' && count === 0) return { code: 1, error: `no deliveries of ${first}` };
  return { code: 0, line: JSON.stringify({ requeued: count }) };
}
