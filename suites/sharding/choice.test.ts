/**
 * A choice of operations split over shards: `--include 'community/v1' --exclude 'DELETE *'` run whole and as two
 * shards of the bundled reference server with the same seed, the shards merged with `restconform merge`. The shard
 * plan deals out the chosen operations only, and the merge neither adds the others nor calls them missing: the
 * merged report covers and finds what the whole run does, with its verdict. Short: two examples per operation.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonReport } from '../../src/jobs/read-report.js';
import type { JsonReport } from '../../src/report/json.js';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const CLI_ENTRY = join(REPOSITORY, 'suites', 'safety', 'cli-entry.ts');
const CHOICE = ['--include', 'community/v1', '--exclude', 'DELETE *'];

const folder = mkdtempSync(join(tmpdir(), 'restconform-choice-shards-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function cli(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], {
      cwd: REPOSITORY,
      stdio: 'ignore',
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? -1));
  });
}

const run = (shard: string | null, json: string): Promise<number> =>
  cli([
    'run',
    ...CHOICE,
    '--seed',
    '9',
    '--examples',
    '2',
    '--sequences',
    '1',
    '--time-budget',
    '3600',
    '--report-dir',
    join(folder, 'html', shard?.replace('/', '-') ?? 'whole'),
    '--json',
    json,
    ...(shard ? ['--shard', shard] : []),
  ]);

const covered = (report: JsonReport): string[] => report.coverage.map((entry) => `${entry.locale} ${entry.method} ${entry.route} ${entry.requests > 0}`).sort();
const found = (report: JsonReport): string[] => report.findings.map((finding) => `${finding.fingerprint} ${finding.severity} ${finding.check}`).sort();

describe('a choice of operations split over two shards and merged', () => {
  it(
    'covers and finds what the whole run with the same choice does, and nothing else',
    async () => {
      const paths = { whole: join(folder, 'whole.json'), shards: [join(folder, 'shard-1.json'), join(folder, 'shard-2.json')] };
      const codes = await Promise.all([run(null, paths.whole), run('1/2', paths.shards[0]!), run('2/2', paths.shards[1]!)]);
      const merge = await cli(['merge', ...paths.shards, '--json', join(folder, 'merged.json')]);
      const whole = await readJsonReport(paths.whole);
      const merged = await readJsonReport(join(folder, 'merged.json'));
      const shards = await Promise.all(paths.shards.map(readJsonReport));

      expect(codes).toEqual([0, 0, 0]);
      expect(merge).toBe(0);
      // The plan deals out the chosen operations: each shard holds its own share of them and none of the others.
      for (const shard of shards) {
        expect(shard.coverage.filter((entry) => entry.namespace !== 'community/v1' || entry.method === 'DELETE')).toEqual([]);
        expect(shard.summary.operations).toBeLessThan(whole.summary.operations);
      }
      expect(covered(merged)).toEqual(covered(whole));
      expect(covered(whole).every((entry) => entry.endsWith(' true'))).toBe(true);
      expect(merged.incomplete).toEqual([]);
      expect(found(merged)).toEqual(found(whole));
      expect(merged.summary.failures).toBe(whole.summary.failures);
      expect(merged.summary.warnings).toBe(whole.summary.warnings);
      expect(merged.choice).toEqual(whole.choice);
    },
    20 * 60_000,
  );
});
