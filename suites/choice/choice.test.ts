/**
 * `restconform run --include 'community/v1' --exclude 'DELETE *'` on the bundled reference server, as a user types it:
 * the JSON report's coverage lists only those operations, each of them got requests, nothing else is counted as
 * untested, and the report names the families the chosen ones reached outside the choice. A choice that selects
 * nothing is refused with exit code 2 and the descriptor's namespaces.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonReport } from '../../src/jobs/read-report.js';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const CLI_ENTRY = join(REPOSITORY, 'suites', 'safety', 'cli-entry.ts');

const folder = mkdtempSync(join(tmpdir(), 'restconform-choice-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
      cwd: REPOSITORY,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

describe("restconform run --include 'community/v1' --exclude 'DELETE *' on the bundled reference server", () => {
  it('tests only those operations: coverage lists no other, and each got requests', async () => {
    const json = join(folder, 'report.json');
    const run = await cli([
      'run',
      '--include',
      'community/v1',
      '--exclude',
      'DELETE *',
      '--seed',
      '5',
      '--fuzz-examples',
      '2',
      '--sequences',
      '1',
      '--time-budget',
      '600',
      '--report-dir',
      folder,
      '--json',
      json,
    ]);
    expect(run.code).toBe(0);
    const report = await readJsonReport(json);
    const listed = report.coverage.map((entry) => `${entry.locale} ${entry.method} ${entry.route}`);
    expect(listed.length).toBeGreaterThan(100);
    expect(report.coverage.filter((entry) => entry.namespace !== 'community/v1' || entry.method === 'DELETE')).toEqual([]);
    expect(report.coverage.filter((entry) => entry.requests === 0)).toEqual([]);
    expect(report.summary.operations).toBe(listed.length);
    expect(report.incomplete).toEqual([]);
    expect(report.findings.filter((finding) => finding.route.startsWith('/community/v1') === false || finding.method === 'DELETE')).toEqual([]);
    // The life cycles of chosen families still delete what they made, and a field's data needs a field and a group:
    // the report names the families reached outside the choice, and the console says so in one line.
    expect(report.choice).toEqual({ include: ['community/v1'], exclude: ['DELETE *'], reachedOutside: expect.arrayContaining(['/community/v1/members']) });
    expect(run.stderr.match(/outside the choice/g)).toHaveLength(1);
  });

  it('refuses a choice that selects nothing, naming the namespaces the descriptor has', async () => {
    const run = await cli(['run', '--include', 'myplugin/v1', '--report-dir', folder]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^restconform: --include 'myplugin\/v1' chooses no operation; the descriptor's namespaces: .*\bcommunity\/v1\b.*$/,
    );
  });
});
