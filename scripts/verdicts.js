#!/usr/bin/env node
/**
 * Same verdicts before and after a change to the engine: runs the default run with a fixed seed on the bundled
 * server and on a server with a fault in every phase (`suites/sharding/faulty-shard.ts`), and prints every finding
 * as `check  locale method route  argument  fingerprint` (the fingerprint hashes check, operation, argument and
 * cause), sorted. Run it on two checkouts and diff the outputs: `node scripts/verdicts.js > after.txt`.
 * Needs a build (`npm run build`) for the bundled run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('..', import.meta.url));
// Each run's faulty server on a loopback address of its own, so two checkouts can be compared at once.
const address = `127.0.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
const folder = mkdtempSync(join(tmpdir(), 'restconform-verdicts-'));

function run(label, args) {
  const json = join(folder, `${label}.json`);
  const result = spawnSync(process.execPath, [...args, '--json', json], {
    cwd: repository,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (result.status !== 0 && result.status !== 1) throw new Error(`${label} run exited ${result.status}`);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const rows = report.findings.map((f) => `${label}\t${f.check}\t${f.locale ?? '-'} ${f.method} ${f.route}\t${f.argument ?? ''}\t${f.fingerprint}`);
  return { rows: rows.sort(), exit: result.status, requests: report.summary.requests };
}

try {
  const bundled = run('bundled', ['bin/restconform.js', 'run', '--seed', '1', '--report-dir', folder]);
  const faulty = run('faulty', ['--import', 'tsx', 'suites/sharding/faulty-shard.ts', '--address', address, '--port', '9671', '--seed', '9']);
  for (const row of [...bundled.rows, ...faulty.rows]) console.log(row);
  console.error(
    `bundled: exit ${bundled.exit}, ${bundled.requests} requests, ${bundled.rows.length} findings; faulty: exit ${faulty.exit}, ${faulty.requests} requests, ${faulty.rows.length} findings`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
