/**
 * The command line run from source (`node --import tsx suites/safety/cli-entry.ts run …`), so tests can spawn
 * the real CLI process without a build: `npm test` runs before `dist/` exists or while it is stale.
 */
import { main } from '../../src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`restconform: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
