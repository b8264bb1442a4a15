/**
 * Preloaded into the portal's server by `npm run bench:journeys` with BENCH_CAPTURE_SQL=<file>
 * (`node --import ./tests/bench/journeys/capture-sql.mjs build/server/server.js`): every statement
 * the server sends to PostgreSQL through pg is appended to that file as one JSON line (text,
 * parameters, the prepared statement's name), so the benchmark can show the query plan of each
 * statement a debtor's journey runs. Without the variable it does nothing. Never used in production.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.BENCH_CAPTURE_SQL;
if (out) {
  const pg = createRequire(import.meta.url)('pg');
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function query(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = typeof config === 'object' && Array.isArray(config?.values) ? config.values : values;
    if (typeof text === 'string') {
      appendFileSync(
        out,
        `${JSON.stringify({ text, values: Array.isArray(params) ? params : [], name: config?.name ?? null })}\n`,
      );
    }
    return original.call(this, config, values, callback);
  };
}
