#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm run build`, run on `npm ci` via `prepare`).
import { main } from '../dist/cli/main.js';

// A reader that stops early (`restconform export types --out - | head`) closes the pipe: stop quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`restconform: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
