/**
 * Ctrl-C on `restconform run`, as a user presses it: the run is a child process, its target a reference server in
 * this process, so what the run left is measured where the server keeps its data (the size of every map of its
 * store), not in what the run thinks it made.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliProcesses, type Finished } from '../testing/cli-process.js';
import { createRequestListener, type ReferenceRequestListener, type Store } from '@restconform/server';
import type { JsonReport } from '../../report/json.js';

const cli = cliProcesses();

const PASSWORD_ENV = 'RESTCONFORM_APP_PASSWORD';

/**
 * What a finished run changes too, so an interrupted one is not held to it: members (anonymous sign-ups), moderation
 * items (a report joins one the run did not make) and a profile's data (written to the run's own account).
 */
const CHANGED_BY_ANY_RUN = new Set(['members', 'namespaces.moderation.items', 'namespaces.profile.data']);

/** The size of every map in the store, by its path, but those any run changes. */
function storeSizes(store: Store): Map<string, number> {
  const sizes = new Map<string, number>();
  const walk = (value: unknown, path: string, seen: Set<unknown>): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || Array.isArray(value)) return;
    seen.add(value);
    if (value instanceof Map) {
      if (!CHANGED_BY_ANY_RUN.has(path)) sizes.set(path, value.size);
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, path === '' ? key : `${path}.${key}`, seen);
  };
  walk(store, '', new Set());
  return sizes;
}

function grew(before: Map<string, number>, after: Map<string, number>): boolean {
  return [...after].some(([path, size]) => size > (before.get(path) ?? 0));
}

/** A reference server whose DELETEs can be held unanswered (a target that hangs on the clean-up), in `held`. */
interface HoldingServer {
  url: string;
  app: ReferenceRequestListener;
  holdDeletes: boolean;
  held: ServerResponse[];
  close(): Promise<void>;
}

async function holdingServer(): Promise<HoldingServer> {
  const state = { holdDeletes: false, held: [] as ServerResponse[], app: undefined as ReferenceRequestListener | undefined };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (state.holdDeletes && request.method === 'DELETE') state.held.push(response);
    else state.app!(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.app = createRequestListener({ baseUrl: url, seed: 4, adminPassword: 'interrupt-test-password' });
  return {
    url,
    get app() {
      return state.app!;
    },
    get holdDeletes() {
      return state.holdDeletes;
    },
    set holdDeletes(on: boolean) {
      state.holdDeletes = on;
    },
    held: state.held,
    close: async () => {
      for (const response of state.held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves once `condition` holds (checked every 20 ms); rejects if the child ends first. */
function until(condition: () => boolean, finished: Promise<Finished>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (!condition()) return;
      clearInterval(timer);
      resolve();
    }, 20);
    void finished.then((result) => {
      clearInterval(timer);
      reject(new Error(`the run ended (exit ${result.code}) before ${what}:\n${result.stdout}\n${result.stderr}`));
    });
  });
}

describe('Ctrl-C on restconform run against a server that keeps what it is given', () => {
  let server: HoldingServer;
  let dir: string;
  beforeEach(async () => {
    server = await holdingServer();
    dir = mkdtempSync(join(tmpdir(), 'restconform-interrupt-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A run of the fuzz phase alone: what it creates stays until the end-of-run clean-up deletes it. */
  function startRun(report: string) {
    return cli(
      [
        'run',
        '--base-url',
        server.url,
        '--locales',
        'en_gb',
        '--phases',
        'fuzz',
        '--fuzz-examples',
        '400',
        '--seed',
        '5',
        '--user',
        'admin',
        '--json',
        report,
        '--report-dir',
        dir,
      ],
      { [PASSWORD_ENV]: 'interrupt-test-password', NO_COLOR: '1' },
    );
  }

  it('cleans up what the run made on the first Ctrl-C, lists what is left (nothing), writes the report and exits 130', async () => {
    const before = storeSizes(server.app.store);
    const report = join(dir, 'report.json');
    const run = startRun(report);
    await until(() => grew(before, storeSizes(server.app.store)), run.finished, 'it made anything');
    run.child.kill('SIGINT');
    const result = await run.finished;

    expect(result.code).toBe(130);
    expect(storeSizes(server.app.store)).toEqual(before);
    expect(result.stderr).toContain(
      'interrupted; finishing the reports of what ran, after the clean-up of what the run made (up to 30 s; Ctrl-C again to skip it)',
    );
    expect(result.stdout).toMatch(/Clean-up: \d+ resources? the run made removed, 0 left/);
    const written = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    expect(written.stoppedEarly).toBe('interrupted');
    expect(written.cleanup?.removed).toBeGreaterThan(0);
    expect(written.cleanup?.resources ?? []).toEqual([]);
  });

  it('skips the rest of the clean-up on a second Ctrl-C, says so and what is left; restconform cleanup REPORT finishes it', async () => {
    const before = storeSizes(server.app.store);
    const report = join(dir, 'report.json');
    const run = startRun(report);
    await until(() => grew(before, storeSizes(server.app.store)), run.finished, 'it made anything');
    // The target hangs on the clean-up's deletes: only a second Ctrl-C ends it before its cap.
    server.holdDeletes = true;
    run.child.kill('SIGINT');
    await until(() => run.output.stderr.includes('interrupted;') && server.held.length > 0, run.finished, 'its clean-up sent a delete');
    run.child.kill('SIGINT');
    const result = await run.finished;

    expect(result.code).toBe(130);
    expect(result.stderr).toContain('second Ctrl-C: skipping the clean-up');
    const written = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    const left = written.cleanup?.resources ?? [];
    expect(left.length).toBeGreaterThan(0);
    expect(written.cleanup?.cutShort).toBe('second Ctrl-C: clean-up skipped');
    expect(result.stdout).toContain(
      `second Ctrl-C: clean-up skipped, ${left.length} resource${left.length === 1 ? '' : 's'} left; finish it later with: restconform cleanup ${report}`,
    );
    // Each one on the console: its kind, id and route.
    for (const resource of left.slice(0, 20))
      expect(result.stdout).toMatch(new RegExp(`${resource.kind}\\s+${resource.id}\\s+${escapeRegExp(resource.route)}`));
    expect(grew(before, storeSizes(server.app.store))).toBe(true);

    server.holdDeletes = false;
    for (const response of server.held.splice(0)) response.destroy();
    const cleanup = cli(['cleanup', report, '--user', 'admin'], { [PASSWORD_ENV]: 'interrupt-test-password' });
    const cleaned = await cleanup.finished;
    expect(cleaned.stderr).toBe('');
    expect(cleaned.stdout).toContain(`restconform cleanup: ${left.length} removed, 0 left on ${server.url}`);
    expect(cleaned.code).toBe(0);
    expect(storeSizes(server.app.store)).toEqual(before);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
