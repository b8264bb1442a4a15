/** npm run agency:client -- create <name> --scopes … | revoke <id>; see server/agency/cli.ts. */
import { agencyClientCommand } from '../server/agency/cli.ts';
import { runDatabaseCommand } from '../server/cli/run.ts';

await runDatabaseCommand(agencyClientCommand);
