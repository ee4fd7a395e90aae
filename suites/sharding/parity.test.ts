/**
 * A run split into four shards, run as four processes at once and merged, finds what one whole run with the same
 * seed finds and covers the same operations: on the bundled reference server (each shard starts its own, as each
 * CI job would), on a server with a fault in every phase (each job its own, at one URL), and on ONE served
 * reference server that all four shards write to at once, as a CI matrix against one staging server does, also
 * with another writer making and deleting resources there all along. The default run, with a time budget wide
 * enough that a busy machine does not cut a shard short.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonReport } from '../../src/jobs/read-report.js';
import type { JsonReport } from '../../src/report/json.js';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const CLI_ENTRY = join(REPOSITORY, 'suites', 'safety', 'cli-entry.ts');
const FAULTY_SHARD = join(REPOSITORY, 'suites', 'sharding', 'faulty-shard.ts');
const SHARDS = 4;
const SEED = '9';
const BUDGET = '3600';
/** One port for every faulty server, each on a loopback address of its own (127.0.0.2 …). */
const FAULTY_PORT = 9650;

/** The administrator's password of the served reference servers, handed to `serve` and `run` in the environment. */
const SERVED_PASSWORD = 'shards-one-server-Secret1';

const folder = mkdtempSync(join(tmpdir(), 'restconform-shards-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a TypeScript entry as its own process; resolves to its exit code and standard error. */
function node(entry: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      cwd: REPOSITORY,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stderr }));
  });
}

const operationsCovered = (report: JsonReport): string[] =>
  report.coverage
    .filter((entry) => entry.requests > 0)
    .map((entry) => `${entry.locale ?? '-'} ${entry.method} ${entry.route}`)
    .sort();
const findingsOf = (report: JsonReport): string[] =>
  report.findings
    .map((finding) => `${finding.fingerprint} ${finding.severity} ${finding.check} ${finding.locale ?? '-'} ${finding.method} ${finding.route}`)
    .sort();

/**
 * Starts the four shards and the whole run at once (five processes: `start(shard or null, json path)`), merges the
 * shards with `restconform merge`, and returns both reports with the exit codes.
 */
async function splitAndWhole(
  name: string,
  start: (shard: string | null, json: string) => Promise<{ code: number; stderr: string }>,
): Promise<{ whole: JsonReport; merged: JsonReport; codes: { whole: number; shards: number[]; merge: number } }> {
  const dir = join(folder, name);
  const shardPaths = Array.from({ length: SHARDS }, (_, i) => join(dir, `shard-${i + 1}.json`));
  const [wholeRun, ...shardRuns] = await Promise.all([start(null, join(dir, 'whole.json')), ...shardPaths.map((path, i) => start(`${i + 1}/${SHARDS}`, path))]);
  for (const run of [wholeRun!, ...shardRuns]) expect(run.stderr).not.toMatch(/restconform: (?!\d+ passed)/);
  const merge = await node(CLI_ENTRY, ['merge', ...shardPaths.reverse(), '--json', join(dir, 'merged.json')]);
  expect(merge.stderr).toBe('');
  return {
    whole: await readJsonReport(join(dir, 'whole.json')),
    merged: await readJsonReport(join(dir, 'merged.json')),
    codes: { whole: wholeRun!.code, shards: shardRuns.map((run) => run.code), merge: merge.code },
  };
}

function expectSameRun(whole: JsonReport, merged: JsonReport): void {
  expect(whole.stoppedEarly).toBeUndefined();
  expect(merged.stoppedEarly).toBeUndefined();
  expect(merged.shards!.map((shard) => `${shard.index}/${shard.count} seed ${shard.seed}`)).toEqual(['1/4 seed 9', '2/4 seed 9', '3/4 seed 9', '4/4 seed 9']);
  expect(operationsCovered(merged)).toEqual(operationsCovered(whole));
  expect(operationsCovered(whole)).toHaveLength(whole.coverage.length);
  expect(findingsOf(merged)).toEqual(findingsOf(whole));
  expect(merged.summary.failures).toBe(whole.summary.failures);
  expect(merged.summary.warnings).toBe(whole.summary.warnings);
  expect(merged.summary.byCheck).toEqual(whole.summary.byCheck);
}

/** `restconform serve` as a process of its own, on a free port; resolves once it listens. */
async function served(): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'serve', '--port', '0', '--seed', SEED], {
    cwd: REPOSITORY,
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, RESTCONFORM_APP_PASSWORD: SERVED_PASSWORD },
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('listening on '));
      if (line !== undefined) resolve(line.slice('listening on '.length).trim());
    });
    child.on('close', (code) => reject(new Error(`serve exited ${code} before listening`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Another user of the server: until stopped, makes a member and a profile group every few moments through the
 * administrator's account, and deletes each a moment later, so every list the run reads keeps changing.
 */
function anotherWriter(url: string): { stop(): Promise<number> } {
  const authorization = `Basic ${Buffer.from(`admin:${SERVED_PASSWORD}`).toString('base64')}`;
  const headers = { authorization, 'content-type': 'application/json', accept: 'application/json' };
  const root = `${url}/en_gb/wp-json/community/v1`;
  let stopped = false;
  let writes = 0;
  const send = async (method: string, path: string, body: unknown): Promise<unknown> => {
    const answer = await fetch(`${root}${path}`, { method, headers, body: JSON.stringify(body) });
    if (answer.ok) writes += 1;
    return answer.ok ? answer.json() : undefined;
  };
  const loop = (async () => {
    for (let n = 1; !stopped; n += 1) {
      const member = (await send('POST', '/members', { user_login: `otheruser${n}`, email: `otheruser${n}@example.org`, password: `pw-Other-${n}` })) as {
        id?: number;
      };
      const group = (await send('POST', '/profile/groups', { name: `Another user's group ${n}` })) as { id?: number } | undefined;
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (member?.id !== undefined) await send('DELETE', `/members/${member.id}`, {});
      if (group?.id !== undefined) await send('DELETE', `/profile/groups/${group.id}`, {});
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return writes;
    },
  };
}

/** The run's options against a served reference server: its administrator, its password in the environment. */
const servedRun = (url: string, shard: string | null, json: string, html: string) =>
  node(
    CLI_ENTRY,
    [
      'run',
      '--base-url',
      url,
      '--user',
      'admin',
      '--seed',
      SEED,
      '--time-budget',
      BUDGET,
      '--report-dir',
      html,
      '--json',
      json,
      ...(shard ? ['--shard', shard] : []),
    ],
    { RESTCONFORM_APP_PASSWORD: SERVED_PASSWORD },
  );

describe('four shards merged against one whole run with the same seed', () => {
  it(
    'on the bundled reference server: the same operations covered and nothing found',
    async () => {
      const { whole, merged, codes } = await splitAndWhole('bundled', (shard, json) =>
        node(CLI_ENTRY, [
          'run',
          '--seed',
          SEED,
          '--time-budget',
          BUDGET,
          '--report-dir',
          join(folder, 'bundled', 'html', shard?.replace('/', '-') ?? 'whole'),
          '--json',
          json,
          ...(shard ? ['--shard', shard] : []),
        ]),
      );
      expectSameRun(whole, merged);
      expect(whole.findings.filter((finding) => finding.severity === 'failure')).toEqual([]);
      expect(codes).toEqual({ whole: 0, shards: [0, 0, 0, 0], merge: 0 });
    },
    30 * 60_000,
  );

  it(
    'on a server with a fault in every phase: the same findings, and the exit code of the whole run',
    async () => {
      const { whole, merged, codes } = await splitAndWhole('faulty', (shard, json) =>
        node(FAULTY_SHARD, [
          '--address',
          `127.0.0.${shard ? Number(shard.split('/')[0]) + 1 : SHARDS + 2}`,
          '--port',
          String(FAULTY_PORT),
          '--seed',
          SEED,
          '--time-budget',
          BUDGET,
          '--json',
          json,
          ...(shard ? ['--shard', shard] : []),
        ]),
      );
      expectSameRun(whole, merged);
      // Every phase's fault was found, each in exactly one shard for the whole-run pieces.
      const checks = new Set(merged.findings.filter((finding) => finding.severity === 'failure').map((finding) => finding.check));
      // (The drifted per_page maximum of 1000 moves the boundary cases away from per_page=100, whose 500 is not met.)
      for (const check of ['contract_drift', 'locale_mismatch', 'invalid_rejected', 'no_sensitive_data', 'use_after_delete', 'batch_size_limit'])
        expect(checks).toContain(check);
      expect(codes.whole).toBe(1);
      expect(codes.merge).toBe(1);
      // Findings counted once each although several shards met them.
      expect(merged.findings.map((finding) => finding.id)).toEqual(merged.findings.map((_, i) => `F${i + 1}`));
    },
    30 * 60_000,
  );
  it(
    'on one served reference server that all four shards write to at once: the verdict of one whole run on a server of its own',
    async () => {
      const [shared, own] = await Promise.all([served(), served()]);
      try {
        const { whole, merged, codes } = await splitAndWhole('one-server', (shard, json) =>
          servedRun(shard ? shared.url : own.url, shard, json, join(folder, 'one-server', 'html', shard?.replace('/', '-') ?? 'whole')),
        );
        expectSameRun(whole, merged);
        expect(whole.findings.filter((finding) => finding.severity === 'failure')).toEqual([]);
        expect(codes).toEqual({ whole: 0, shards: [0, 0, 0, 0], merge: 0 });
      } finally {
        await Promise.all([shared.stop(), own.stop()]);
      }
    },
    30 * 60_000,
  );

  it(
    'on one served reference server that four shards and another user write to at once: the verdict of one whole run',
    async () => {
      const [shared, own] = await Promise.all([served(), served()]);
      const writer = anotherWriter(shared.url);
      let writes = 0;
      try {
        const { whole, merged, codes } = await splitAndWhole('other-writer', (shard, json) =>
          servedRun(shard ? shared.url : own.url, shard, json, join(folder, 'other-writer', 'html', shard?.replace('/', '-') ?? 'whole')),
        );
        writes = await writer.stop();
        expectSameRun(whole, merged);
        expect(whole.findings.filter((finding) => finding.severity === 'failure')).toEqual([]);
        expect(codes).toEqual({ whole: 0, shards: [0, 0, 0, 0], merge: 0 });
      } finally {
        writes ||= await writer.stop();
        await Promise.all([shared.stop(), own.stop()]);
      }
      // The other user did write all along.
      expect(writes).toBeGreaterThan(20);
    },
    30 * 60_000,
  );
});
