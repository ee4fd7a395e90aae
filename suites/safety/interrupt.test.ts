/**
 * Ctrl-C during a run: the real CLI process, interrupted with SIGINT mid-run, stops sending, writes every report
 * it was asked for (atomically: no temporary file is left behind) and exits 130.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { JsonReport } from '../../src/report/index.js';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
const CLI_ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'restconform-interrupt-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Spawns `restconform run` from source and sends SIGINT once stderr shows `trigger`. */
function runAndInterrupt(args: string[], trigger: string): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, 'run', ...args], { cwd: REPOSITORY, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let interrupted = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (!interrupted && stderr.includes(trigger)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('restconform run, interrupted', () => {
  it('exits 130 with every requested report written for the work done, and no temporary file left', async () => {
    const paths = {
      json: join(folder, 'report.json'),
      junit: join(folder, 'junit.xml'),
      html: join(folder, 'report.html'),
      ndjson: join(folder, 'events.ndjson'),
    };
    const finished = await runAndInterrupt(
      [
        '--seed',
        '1',
        '--locales',
        'en_gb',
        '--phases',
        'examples,fuzz',
        '--fuzz-examples',
        '500',
        '--time-budget',
        '600',
        '--report-dir',
        folder,
        '--json',
        paths.json,
        '--junit',
        paths.junit,
        '--html',
        paths.html,
        '--ndjson',
        paths.ndjson,
      ],
      // The fuzz phase has begun: the examples phase's work is done and must be in the reports.
      'phase fuzz:',
    );
    expect(finished.stderr).toContain('restconform: interrupted; finishing the reports');
    expect(finished.signal).toBeNull();
    expect(finished.code).toBe(130);

    const report = JSON.parse(await readFile(paths.json, 'utf8')) as JsonReport;
    expect(report.stoppedEarly).toBe('interrupted');
    expect(report.summary.requests).toBeGreaterThan(0);
    expect(report.coverage.some((entry) => entry.requests > 0)).toBe(true);

    const events = (await readFile(paths.ndjson, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; stoppedEarly?: string });
    expect(events[0]?.type).toBe('run_started');
    expect(events.at(-1)).toMatchObject({ type: 'run_finished', stoppedEarly: 'interrupted' });
    expect(events.filter((event) => event.type === 'exchange')).toHaveLength(report.summary.requests);

    const junit = await readFile(paths.junit, 'utf8');
    expect(junit).toMatch(/^<\?xml[^>]*\?>\s*<testsuites[\s>]/);
    expect(junit.trimEnd()).toMatch(/<\/testsuites>$/);
    expect(junit.match(/<testsuite[\s>]/g)?.length).toBe(junit.match(/<\/testsuite>/g)?.length);

    const html = await readFile(paths.html, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    expect(html).toContain('interrupted');

    expect((await readdir(folder)).sort()).toEqual(['events.ndjson', 'junit.xml', 'report.html', 'report.json']);
  });

  it('counts an interrupt before the descriptors are loaded as an interrupt, not a bad descriptor', async () => {
    const controller = new AbortController();
    controller.abort();
    const settings = loadRunSettings({ overrides: { seed: 1, locales: ['en_gb'], phases: ['examples'], fuzzExamples: 1, reportDir: null } });
    const { exitCode } = await runJob(settings, { console: false, signal: controller.signal });
    expect(exitCode).toBe(130);
  });
});
