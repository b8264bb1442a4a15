/** npm run staff:create -- --email E --role reviewer|admin [--password P]; see server/staff/cli.ts. */
import { openDatabase, targetFromEnv } from '../server/db/client.ts';
import { env } from '../server/env.ts';
import { staffCreate } from '../server/staff/cli.ts';

const handle = await openDatabase(targetFromEnv(env()));
try {
  const result = await staffCreate(handle.db, process.argv.slice(2));
  if (result.code === 0) process.stdout.write(`${result.line}\n`);
  else {
    process.stderr.write(`${result.error}\n`);
    process.exitCode = result.code;
  }
} finally {
  await handle.close();
}
