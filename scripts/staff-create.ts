/** npm run staff:create -- --email E --role reviewer|admin [--password P]; see server/staff/cli.ts. */
import { runDatabaseCommand } from '../server/cli/run.ts';
import { staffCreate } from '../server/staff/cli.ts';

await runDatabaseCommand((db, argv) => staffCreate(db, argv));
