/**
 * npm run demo:batch [-- --today YYYY-MM-DD] — prints the demo files as the agency's letter batch
 * (NDJSON, one file a line; server/demo/batch.ts), dated from today: the lines the demo start
 * imports. Read it as an example of the line format, or import it into another database with
 * `npm run agency:import -- <file>`.
 */
import { parseArgs } from 'node:util';
import { todayIso } from '../server/dates.ts';
import { demoBatch } from '../server/demo/batch.ts';

const { values } = parseArgs({ options: { today: { type: 'string' } } });
const day = values.today ?? todayIso(new Date());
if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
  console.error('--today takes a day as YYYY-MM-DD');
  process.exit(2);
}
// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
process.stdout.write(
  demoBatch(new Date(`${day}T00:00:00Z`))
    .map((line) => `${JSON.stringify(line)}\n`)
    .join(''),
);
