#!/usr/bin/env node
// `npm run test:browser`: the HTML report tested in headless Chromium (suites/browser). Fails, never skips,
// when the browser is missing, saying how to install it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.RESTCONFORM_CHROMIUM || '/usr/bin/chromium';

if (!existsSync(chromium)) {
  process.stderr.write(
    `test:browser: no Chromium at ${chromium}. Install Debian's browser with\n` +
      '  apt-get update && apt-get install -y --no-install-recommends chromium\n' +
      'or set RESTCONFORM_CHROMIUM to the path of a Chromium binary.\n',
  );
  process.exit(1);
}

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--config', 'suites/browser/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, RESTCONFORM_CHROMIUM: chromium },
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
