/**
 * The one way the project's database commands run (npm run staff:create, agency:client,
 * agency:replay): open the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR), run the command on the arguments, print its line or its error, set the exit code
 * (0 done, 1 refused, 2 wrong usage) and close the database whatever happened.
 */
import { openDatabase, targetFromEnv, type Database } from '../db/client.ts';
import { env } from '../env.ts';

/** What a command answers: the line to print, or an error and its exit code. */
export type CliResult = { code: 0; line: string } | { code: 1 | 2; error: string };

export async function runDatabaseCommand(
  command: (db: Database, argv: string[]) => Promise<CliResult>,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  const handle = await openDatabase(targetFromEnv(env()));
  try {
    const result = await command(handle.db, argv);
    if (result.code === 0) process.stdout.write(`${result.line}\n`);
    else {
      process.stderr.write(`${result.error}\n`);
      process.exitCode = result.code;
    }
  } finally {
    await handle.close();
  }
}
