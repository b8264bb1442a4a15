/** npm run agency:import -- <batch.ndjson[.gz]> [--resume <job id>]; see server/agency/import/cli.ts. */
import { agencyImportCommand } from '../server/agency/import/cli.ts';
import { runDatabaseCommand } from '../server/cli/run.ts';

await runDatabaseCommand(agencyImportCommand);
