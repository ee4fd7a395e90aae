/**
 * The harness against servers that are broken by definition: for each misbehaviour of one route the run
 * survives, reports a finding on that route, still covers the healthy routes, and ends on its own.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/types.js';
import { runJob } from '../../src/jobs/run-job.js';
import { type RunConfigInput } from '../../src/config/index.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { CoverageEntry } from '../../src/engine/events.js';
import type { JsonReport } from '../../src/report/index.js';
import { ITEM_ROUTE, ITEMS_ROUTE, NAMESPACE, startHostileServer, TROUBLE_ROUTE, type HostileServer, type HostileServerOptions } from './hostile-server.js';
import {
  alwaysTooMany,
  contentLengthTooLong,
  contentLengthTooShort,
  endlessBody,
  htmlErrorPage,
  neverAnswer,
  notJsonButLabelledSo,
  rateLimitFirstTry,
  redirectLoop,
  resetMidResponse,
  stalledBody,
} from './misbehaviours.js';
import { propertyRuns } from '../../src/testing/test-depth.js';

/** The healthy operations; each must still be tested whatever the trouble route does. */
const HEALTHY = [`GET /`, `GET /${NAMESPACE}`, `GET ${ITEMS_ROUTE}`, `POST ${ITEMS_ROUTE}`, `GET ${ITEM_ROUTE}`];
/** Short, for the tests that wait for a timeout; long enough that a busy machine still answers the healthy routes. */
const TIMEOUT_MS = 1500;

let folder: string;
let server: HostileServer | undefined;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'restconform-hostile-'));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface HostileRun {
  exitCode: number;
  report: JsonReport;
  findings: Finding[];
  coverage: Map<string, CoverageEntry>;
}

let runs = 0;

/** Runs the examples and fuzz phases against a hostile server and reads back the JSON report. */
async function runAgainst(options: HostileServerOptions, overrides: RunConfigInput = {}): Promise<HostileRun> {
  server = await startHostileServer(options);
  const json = join(folder, `report-${++runs}.json`);
  const settings = loadRunSettings({
    overrides: {
      baseUrl: server.url,
      locales: ['en_gb'],
      contract: 'none',
      phases: ['examples', 'fuzz'],
      // Fuzz cases per operation: one meets every misbehaviour; three at full depth (CI, npm run test:deep).
      fuzzExamples: propertyRuns(3, 1),
      seed: 7,
      connections: 4,
      reportDir: null,
      json,
      ...overrides,
    },
  });
  const { exitCode, result } = await runJob(settings, { console: false });
  const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
  expect(report.summary).toEqual(result?.summary);
  return {
    exitCode,
    report,
    findings: report.findings,
    coverage: new Map(report.coverage.map((entry) => [`${entry.method} ${entry.route}`, entry])),
  };
}

function answered(entry: CoverageEntry | undefined): number {
  return Object.entries(entry?.statuses ?? {}).reduce((sum, [status, count]) => sum + (Number(status) >= 200 && Number(status) < 500 ? count : 0), 0);
}

/** Every healthy operation was sent requests and got answers; no finding names a healthy route. */
function expectHealthyRoutesCovered(run: HostileRun): void {
  for (const operation of HEALTHY) {
    expect(answered(run.coverage.get(operation)), `${operation} answered`).toBeGreaterThan(0);
  }
  expect(run.findings.filter((finding) => finding.route !== TROUBLE_ROUTE)).toEqual([]);
}

function troubleFindings(run: HostileRun, check: string): Finding[] {
  return run.findings.filter((finding) => finding.route === TROUBLE_ROUTE && finding.check === check);
}

/** The run failed because of the trouble route, finished on its own, and still covered the rest. */
function expectSurvived(run: HostileRun, check: string, message: RegExp): void {
  expect(run.exitCode).toBe(1);
  expect(run.report.stoppedEarly).toBeUndefined();
  const findings = troubleFindings(run, check);
  expect(findings.map((finding) => finding.message)).toContainEqual(expect.stringMatching(message));
  expect(findings.every((finding) => finding.curl.length > 0)).toBe(true);
  expectHealthyRoutesCovered(run);
}

describe('the hostile server, behaving', () => {
  it('gives a clean run, so every finding below comes from the misbehaviour', async () => {
    const run = await runAgainst({});
    expect(run.findings).toEqual([]);
    expect(run.exitCode).toBe(0);
    expectHealthyRoutesCovered(run);
    expect(answered(run.coverage.get(`GET ${TROUBLE_ROUTE}`))).toBeGreaterThan(0);
  });
});

describe('a run against a hostile server', () => {
  it('survives a connection reset in the middle of a response', async () => {
    const run = await runAgainst({ misbehaviour: resetMidResponse });
    expectSurvived(run, 'response_received', /connection_reset/);
  });

  it('times out on a server that accepts and never answers', async () => {
    const run = await runAgainst({ misbehaviour: neverAnswer }, { timeoutMs: TIMEOUT_MS, fuzzExamples: 1 });
    expectSurvived(run, 'response_received', new RegExp(`timeout \\(no response headers within ${TIMEOUT_MS} ms\\)`));
  });

  it('cuts a body that never ends at the size cap', async () => {
    const run = await runAgainst({ misbehaviour: endlessBody }, { maxBodyBytes: 64 * 1024 });
    expectSurvived(run, 'response_received', /body_too_large/);
  });

  it('times out on a body that starts and then stalls', async () => {
    const run = await runAgainst({ misbehaviour: stalledBody }, { timeoutMs: TIMEOUT_MS, fuzzExamples: 1 });
    expectSurvived(run, 'response_received', /timeout \(body stalled/);
  });

  it('reports a body that is not JSON under a JSON content type', async () => {
    const run = await runAgainst({ misbehaviour: notJsonButLabelledSo });
    expectSurvived(run, 'json_content_type', /body is not valid JSON/);
  });

  it('reports an HTML error page', async () => {
    const run = await runAgainst({ misbehaviour: htmlErrorPage });
    expectSurvived(run, 'json_content_type', /content type is "text\/html/);
    expect(troubleFindings(run, 'not_a_server_error').map((finding) => finding.message)).toContain('answered 502');
  });

  it('gives up on a redirect loop', async () => {
    const run = await runAgainst({ misbehaviour: redirectLoop });
    expectSurvived(run, 'response_received', /redirect_loop/);
    // Five redirects followed, then no more: six arrivals per request at most.
    const trouble = server!.seen.filter((request) => request.path === TROUBLE_ROUTE).length;
    expect(trouble % 6).toBe(0);
  });

  it('reports a Content-Length longer than the body', async () => {
    const run = await runAgainst({ misbehaviour: contentLengthTooLong });
    expectSurvived(run, 'response_received', /connection_reset \(other side closed .* after status 200 and 15 body bytes\)/);
  });

  it('reports a Content-Length shorter than the body', async () => {
    const run = await runAgainst({ misbehaviour: contentLengthTooShort });
    // The body is cut where the length says, and the stray bytes after it never reach another request.
    expectSurvived(run, 'json_content_type', /body is not valid JSON: "\{\\"long"/);
  });
});

describe('a rate-limiting server', () => {
  it('is waited for as long as Retry-After says, then retried', async () => {
    const limiter = rateLimitFirstTry(1);
    // One request in flight, so the next arrival at the trouble route is the retry.
    const run = await runAgainst({ misbehaviour: limiter.misbehaviour }, { connections: 1, fuzzExamples: 1 });
    expect(limiter.limited).toBeGreaterThan(0);
    expect(limiter.waits).toHaveLength(limiter.limited);
    for (const wait of limiter.waits) expect(wait).toBeGreaterThanOrEqual(950);
    // Every rate-limited request was answered in the end: no 429 reached a check.
    expect(run.coverage.get(`GET ${TROUBLE_ROUTE}`)?.statuses['429']).toBeUndefined();
    expect(answered(run.coverage.get(`GET ${TROUBLE_ROUTE}`))).toBeGreaterThan(0);
    expectHealthyRoutesCovered(run);
  });

  it.each([
    ['without Retry-After', undefined],
    ['with a Retry-After longer than the harness waits', '3600'],
  ])('gives up after a bounded number of tries %s', async (_name, retryAfter) => {
    const run = await runAgainst({ misbehaviour: alwaysTooMany(retryAfter) }, { connections: 1, fuzzExamples: 1 });
    const troubleRequests = server!.seen.filter((request) => request.path === TROUBLE_ROUTE).length;
    const entry = run.coverage.get(`GET ${TROUBLE_ROUTE}`);
    const sent = entry?.requests ?? 0;
    expect(entry?.statuses['429']).toBe(sent);
    expect(entry?.notes).toContain('valid requests answered 429 even after retries: rate limited, not tested');
    // Two retries at most per request without the header; none when the server asks for too long a wait.
    expect(troubleRequests).toBeLessThanOrEqual(retryAfter === undefined ? 3 * (sent + 4) : sent + 4);
    expect(run.report.stoppedEarly).toBeUndefined();
    expectHealthyRoutesCovered(run);
  });
});

describe('a server that dies mid-run', () => {
  it('ends the run with exit 1, the reason, and a report of what was done', async () => {
    // Three fuzz cases per operation whatever the depth: one (the quick depth) leaves fewer than 25 requests after
    // the death, too few to call the target gone.
    const run = await runAgainst({ dieAfterRequests: 40 }, { fuzzExamples: 3 });
    expect(server!.dead).toBe(true);
    expect(run.exitCode).toBe(1);
    expect(run.report.stoppedEarly).toMatch(/^target stopped answering: 25 connections refused in a row/);
    expect(run.report.summary.requests).toBeGreaterThanOrEqual(39);
    // What was answered before the death is in the report, and the 25 refusals that ended the run after it.
    const answeredBeforeDeath = run.report.coverage.reduce((sum, entry) => sum + answered(entry), 0);
    expect(answeredBeforeDeath).toBeGreaterThan(0);
    expect(run.report.summary.requests).toBeGreaterThanOrEqual(answeredBeforeDeath + 25);
    expect(run.findings.some((finding) => finding.check === 'response_received' && /connection_refused/.test(finding.message))).toBe(true);
  });
});
