/** npm run agency:client -- create <name> --scopes … | revoke <id>; see server/agency/cli.ts. */
import { agencyClientCommand } from '../server/agency/cli.ts';
import { openDatabase, targetFromEnv } from '../server/db/client.ts';
import { env } from '../server/env.ts';

const handle = await openDatabase(targetFromEnv(env()));
try {
  const result = await agencyClientCommand(handle.db, process.argv.slice(2));
  if (result.code === 0) process.stdout.write(`${result.line}\n`);
  else {
    process.stderr.write(`${result.error}\n`);
    process.exitCode = result.code;
  }
} finally {
  await handle.close();
}
