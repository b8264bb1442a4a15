/**
 * `npm start`'s first step outside the demo mode: the same check the server makes before it opens
 * anything (server/env.ts, `assertDeployable`), so that a start that would be refused is refused at
 * once, with the same line, before the assistant's model is trained and the portal built.
 * Exit 0 when the portal may start, 1 with the reason otherwise.
 */
import { assertDeployable, env } from '../server/env.ts';

try {
  assertDeployable(env());
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
