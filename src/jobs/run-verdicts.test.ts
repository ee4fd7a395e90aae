/**
 * What a CI gate reads from `restconform run` (issue 19): the exit code with a baseline and --fail-on, where the
 * reports go, what the run says while it waits for a descriptor, and the closing line of a run whose own
 * requests were refused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunConfigInput } from '../config/index.js';
import { loadRunSettings } from './settings.js';
import type { JsonReport } from '../report/json.js';
import { startReferenceServer } from '@restconform/server';
import { UsageError } from './errors.js';
import { runJob } from './run-job.js';
import { temporaryFolders } from '../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

/** A writable that keeps what it was given. */
function sink(): NodeJS.WritableStream & { text: string } {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out as unknown as NodeJS.WritableStream & { text: string };
}

const folder = (): Promise<string> => temporaryFolder('restconform-verdicts-');

/**
 * A plain WordPress-like server (no locales) of three routes: `/x/v1/broken` answers 500 (a failure the team
 * "cannot change"), `/x/v1/later` 501 with an error code on a declared method (a warning), `/x/v1/fine` an empty
 * list. With `slowMs`, every answer but the descriptor's waits that long.
 */
async function tinyServer(slowMs = 0): Promise<{ url: string; close(): Promise<void> }> {
  const args = { page: { type: 'integer', minimum: 1, required: false } };
  const route = (path: string) => [path, { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args }] }];
  const descriptor = {
    name: 't',
    description: '',
    url: '',
    home: '',
    gmt_offset: '0',
    timezone_string: '',
    namespaces: ['x/v1'],
    authentication: [],
    routes: Object.fromEntries([route('/x/v1/broken'), route('/x/v1/fine'), route('/x/v1/later')]),
  };
  const server = createHttpServer((req, res) => {
    const answer = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/wp-json/' || req.url === '/wp-json') return answer(200, descriptor);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = url.pathname.replace(/^\/wp-json/, '');
    if (req.method !== 'GET' || !(route in descriptor.routes)) {
      return answer(404, { code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
    }
    setTimeout(() => {
      if (route === '/x/v1/broken') return answer(500, { code: 'boom', message: 'boom', data: { status: 500 } });
      if (route === '/x/v1/later') return answer(501, { code: 'not_yet', message: 'Not implemented yet.', data: { status: 501 } });
      const page = url.searchParams.get('page');
      if (page !== null && !/^[1-9][0-9]*$/.test(page))
        return answer(400, {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): page',
          data: { status: 400, params: { page: 'page is not of type integer.' } },
        });
      return answer(200, []);
    }, slowMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('a baseline and --fail-on decide the exit code', () => {
  let server: { url: string; close(): Promise<void> };
  const BROKEN = { check: 'not_a_server_error', method: 'GET', route: '/x/v1/broken' };

  beforeAll(async () => {
    server = await tinyServer();
  });
  afterAll(() => server.close());

  async function runWith(overrides: RunConfigInput, io: { console?: NodeJS.WritableStream } = {}) {
    const settings = loadRunSettings({
      overrides: { baseUrl: server.url, locales: null, contract: 'none', phases: ['examples'], seed: 1, fuzzExamples: 1, reportDir: null, ...overrides },
    });
    return runJob(settings, { console: io.console ?? false, progress: sink(), env: {} });
  }

  async function listFile(entries: unknown[]): Promise<string> {
    const path = join(await folder(), 'known.json');
    await writeFile(path, JSON.stringify(entries));
    return path;
  }

  it('lets listed findings pass, as a previous report or as a list of {check, method, route, reason}', async () => {
    const dir = await folder();
    const first = await runWith({ json: join(dir, 'report.json') });
    expect(first.exitCode).toBe(1);
    expect(
      first.result!.findings.filter((finding) => finding.severity === 'failure').map((finding) => `${finding.check} ${finding.method} ${finding.route}`),
    ).toEqual(['not_a_server_error GET /x/v1/broken']);

    // The previous report as the baseline: its findings are known, the run passes, the report says why.
    const again = await runWith({ baseline: join(dir, 'report.json'), json: join(dir, 'again.json') });
    expect(again.exitCode).toBe(0);
    expect(again.result!.summary.failures).toBe(0);
    expect(again.result!.summary.known).toBe(first.result!.findings.length);
    const written = JSON.parse(readFileSync(join(dir, 'again.json'), 'utf8')) as JsonReport;
    expect(written.findings.every((finding) => typeof finding.known === 'string')).toBe(true);
    expect(written.baseline).toMatchObject({ source: join(dir, 'report.json'), known: first.result!.findings.length, fixed: [], unchecked: [] });

    // The list form (suites/wordpress/expectations.json's): what it lists passes, with its reason.
    const listed = await runWith({ baseline: await listFile([{ ...BROKEN, reason: 'the plugin crashes; fixed upstream in 2.0' }]) });
    expect(listed.exitCode).toBe(0);
    expect(listed.result!.findings.find((finding) => finding.route === '/x/v1/broken')!.known).toBe('the plugin crashes; fixed upstream in 2.0');
  });

  it('reports a listed finding the server no longer has as fixed, and one it could not judge as unchecked', async () => {
    const list = await listFile([
      { ...BROKEN, reason: 'crashes' },
      { check: 'json_content_type', method: 'GET', route: '/x/v1/fine', reason: 'once answered HTML' },
      { check: 'not_a_server_error', method: 'GET', route: '/x/v1/gone', reason: 'a route this run never reaches' },
    ]);
    const console = sink();
    const { exitCode, result } = await runWith({ baseline: list }, { console });
    expect(exitCode).toBe(0);
    expect(result!.summary.known).toBe(1);
    expect(console.text).toContain('fixed: json_content_type GET /x/v1/fine (listed because: once answered HTML)');
    expect(console.text).toContain('1 entry not checked by this run');
  });

  it('refuses a damaged baseline in one line', async () => {
    const broken = await listFile([{ check: 'not_a_server_error', method: 'GET', route: '/x' }]);
    await expect(runWith({ baseline: broken })).rejects.toThrow(new UsageError(`${broken}: entry 0 has no "reason"`));
    await writeFile(broken, JSON.stringify({ tool: 'restconform', findings: [] }));
    await expect(runWith({ baseline: broken })).rejects.toThrow(/known\.json is not a restconform JSON report: \(top\) must have required property/);
  });

  it('fails on a new warning with --fail-on warning', async () => {
    const list = await listFile([{ ...BROKEN, reason: 'crashes' }]);
    const warned = await runWith({ baseline: list });
    expect(
      warned.result!.findings.filter((finding) => finding.known === undefined).map((finding) => `${finding.severity} ${finding.check} ${finding.route}`),
    ).toEqual(['warning not_a_server_error /x/v1/later']);
    expect(warned.exitCode).toBe(0);
    expect((await runWith({ baseline: list, failOn: ['warning'] })).exitCode).toBe(1);
    // A listed warning is known too: it fails nothing, even with --fail-on warning.
    const both = await listFile([
      { ...BROKEN, reason: 'crashes' },
      { check: 'not_a_server_error', method: 'GET', route: '/x/v1/later', reason: 'not yet' },
    ]);
    expect((await runWith({ baseline: both, failOn: ['warning'] })).exitCode).toBe(0);
  });

  it('fails on an incomplete run with --fail-on incomplete, and says why it is incomplete', async () => {
    const slow = await tinyServer(1500);
    try {
      const list = await listFile([
        { ...BROKEN, reason: 'crashes' },
        { check: 'not_a_server_error', method: 'GET', route: '/x/v1/later', reason: 'not yet' },
      ]);
      // One request at a time, each answered after 1.5 s: a 1 s budget ends after the first answer.
      const overrides: RunConfigInput = { baseUrl: slow.url, baseline: list, connections: 1, timeBudgetSeconds: 1, phases: ['examples', 'fuzz'] };
      const short = await runWith(overrides);
      expect(short.result!.incomplete).toEqual(['stopped early: time budget', 'phases not run, the run had stopped: fuzz', '2 of 3 operations got no request']);
      expect(short.exitCode).toBe(0);
      expect((await runWith({ ...overrides, failOn: ['incomplete'] })).exitCode).toBe(1);
    } finally {
      await slow.close();
    }
  });
});

describe('a short time budget', () => {
  it('is spent sending: the budget starts when the phases do, and the run says it is incomplete', async () => {
    const settings = loadRunSettings({
      overrides: { phases: ['examples', 'fuzz', 'stateful'], seed: 2, fuzzExamples: 50, timeBudgetSeconds: 1, reportDir: null },
    });
    const events: Array<{ type: string; phase?: string; reason?: string }> = [];
    const { exitCode, result } = await runJob(settings, {
      console: false,
      reporters: [{ onEvent: (event) => void events.push(event), close: async () => undefined }],
    });
    expect(result!.summary.requests).toBeGreaterThan(0);
    // A phase whose share ran out leaves operations without a request; a run past its whole budget stops early.
    expect(result!.incomplete.length).toBeGreaterThan(0);
    expect(result!.incomplete.join('\n')).toMatch(/^stopped early: time budget$|^\d+ of 322 operations got no request$/m);
    // Each phase gets a share, so the later ones run too; whatever did not run is named with its reason.
    for (const skipped of events.filter((event) => event.type === 'phase_skipped')) expect(skipped.reason).toMatch(/run stopped: time budget/);
    expect(exitCode).toBe(0);
  });
});

describe('report paths', () => {
  it('writes every report of the ci profile into --report-dir and lists them after the run', async () => {
    const dir = await folder();
    const settings = loadRunSettings({ profile: 'ci', overrides: { phases: ['contract'], reportDir: dir, timeBudgetSeconds: null } });
    const console = sink();
    await runJob(settings, { console, progress: sink() });
    for (const name of ['report.json', 'report.html', 'junit.xml']) expect(existsSync(join(dir, name))).toBe(true);
    expect(console.text).toContain(`reports: ${join(dir, 'report.json')}, ${join(dir, 'report.html')}, ${join(dir, 'junit.xml')}`);
  });
});

describe('the closing line of a run without credentials against protected routes', () => {
  it('says how many of the run’s answers refused access', async () => {
    const server = await startReferenceServer({ port: 0, seed: 4 });
    try {
      // No --user: every request goes out anonymously, and the members' routes refuse most of them.
      const settings = loadRunSettings({
        overrides: { baseUrl: server.url, phases: ['examples'], seed: 1, fuzzExamples: 1, locales: ['en_gb'], reportDir: null },
      });
      const console = sink();
      const { result } = await runJob(settings, { console, progress: sink(), env: {} });
      expect(result!.summary.refusedAsRun).toBeGreaterThan(0);
      const last = console.text.trimEnd().split('\n').at(-1)!;
      expect(last).toMatch(
        new RegExp(
          `^restconform: \\d+ passed, \\d+ failed, \\d+ warned, \\d+ not applicable; (\\d+ of \\d+ operations got no request; )?${result!.summary.refusedAsRun} of ${result!.summary.answeredAsRun} answers refused access \\(401/403\\)$`,
        ),
      );
    } finally {
      await server.close();
    }
  });
});

describe('loading the descriptor', () => {
  let silent: Server;
  let url: string;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: a server that hangs.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('waits --timeout-ms, no longer, and says what it waits for', async () => {
    const progress = sink();
    const settings = loadRunSettings({ overrides: { baseUrl: url, locales: null, reportDir: null, timeoutMs: 300 } });
    const error = await runJob(settings, { console: sink(), progress }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot read descriptor ${url}/wp-json/: timeout: no response headers within 300 ms \\(a slow index needs a larger --timeout-ms than 300\\)$`,
      ),
    );
    expect(progress.text).toBe(`fetching descriptor ${url}/wp-json/ … (up to 300 ms, --timeout-ms)\n`);
  });

  it('says what happened when the run is stopped while it waits', async () => {
    const progress = sink();
    const controller = new AbortController();
    const settings = loadRunSettings({ overrides: { baseUrl: url, locales: null, reportDir: null, timeoutMs: 60_000 } });
    const running = runJob(settings, { console: sink(), progress, signal: controller.signal });
    // Stopped (SIGTERM, Ctrl-C) once the request waits for its answer.
    while (sockets.size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect((await running).exitCode).toBe(130);
    expect(progress.text).toContain(`restconform: stopped while fetching the descriptor ${url}/wp-json/: no operation was tested, no report written\n`);
  });
});
