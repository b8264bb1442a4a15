/** npm run agency:replay -- <event id> | --dead; see server/agency/cli.ts. */
import { agencyReplayCommand } from '../server/agency/cli.ts';
import { runDatabaseCommand } from '../server/cli/run.ts';

await runDatabaseCommand(agencyReplayCommand);
