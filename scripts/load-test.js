#!/usr/bin/env node
/**
 * The reference server under load (`npm run test:load`, after `npm run build`).
 *
 * 1. Starts `restconform serve` in a process of its own and samples its resident memory from /proc.
 * 2. For `--duration` seconds (default 60): autocannon at full concurrency over a mix of valid requests, every
 *    answer checked to be JSON, and in parallel a `restconform run` fuzz job (valid and invalid inputs) against
 *    the same server.
 * 3. Then hostile requests, each of which must get a clear 4xx with a JSON body, promptly: a body over 1 MiB
 *    (announced and chunked), malformed JSON, duplicate query keys, JSON nested 10,000 deep, and 100,000 query
 *    parameters (in the URL, and as a form body). A query nested 4,000 deep (within the header limit) may also
 *    get 200: PHP drops a variable nested past 64 levels.
 *
 * Passes (exit 0) when there was no 5xx, no transport error, no non-JSON answer, the server never died, memory
 * stayed flat (judged on runs of 30 s or more), and every hostile request was answered as it should. Prints the
 * figures either way.
 *
 * Options: --duration SECONDS (60), --connections N (100), --fuzz-concurrency N (8), --json FILE (figures as JSON).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'bin', 'restconform.js');
const USER = 'admin';
/** Longest a hostile request may take to be answered: "promptly", not a stall. */
const PROMPT_MS = 5000;
/** Memory counts as stable when the last quarter of the load averages no more than this far above the second. */
const MEMORY_GROWTH_LIMIT = 0.25;
/** Shorter loads are still growing their heap: their memory figures are printed, not judged. */
const MEMORY_JUDGED_FROM_SECONDS = 30;
const MIB = 1024 * 1024;

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '100' },
    'fuzz-concurrency': { type: 'string', default: '8' },
    json: { type: 'string' },
  },
});
const durationSeconds = positiveInteger('--duration', flags.duration);
const connections = positiveInteger('--connections', flags.connections);
const fuzzConcurrency = positiveInteger('--fuzz-concurrency', flags['fuzz-concurrency']);

function positiveInteger(name, text) {
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    process.stderr.write(`load-test: ${name} takes a whole number of at least 1, not "${text}"\n`);
    process.exit(2);
  }
  return Number(text);
}

if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) {
  process.stderr.write('load-test: dist/ is missing; run `npm run build` first (npm run test:load does)\n');
  process.exit(2);
}

const problems = [];
const problem = (text) => problems.push(text);

// ---------------------------------------------------------------------------------------------------------------
// The server process and its memory

/** Starts `restconform serve` on a free port; resolves once it prints its address. */
function startServer(password) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--seed', '1'], {
      env: { ...process.env, RESTCONFORM_APP_PASSWORD: password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
      const match = /listening on (\S+)/.exec(stdout);
      if (match) resolve({ child, url: match[1], stderr: () => stderr });
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited before listening (code ${code}, signal ${signal}): ${stderr}`)));
  });
}

/** Resident memory of a process in MiB, from /proc (Linux), or undefined where there is none. */
function residentMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kib ? Number(kib[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's memory every `intervalMs`, with the time of each sample. */
function sampleMemory(pid, intervalMs) {
  const samples = [];
  const take = () => {
    const mib = residentMiB(pid);
    if (mib !== undefined) samples.push({ at: performance.now(), mib });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
    },
  };
}

function mean(values) {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

// ---------------------------------------------------------------------------------------------------------------
// The valid mix for autocannon

function basic(password) {
  return `Basic ${Buffer.from(`${USER}:${password}`).toString('base64')}`;
}

/**
 * Valid requests over several namespaces, both locales, with and without credentials; none grows the store.
 * No HEAD: autocannon's parser does not know a HEAD answer has no body and waits for one (HEAD is checked in the
 * warm-up instead).
 */
function validMix(baseUrl, password) {
  const auth = { authorization: basic(password) };
  const json = { 'content-type': 'application/json', ...auth };
  const en = '/en_gb/wp-json';
  const el = '/el/wp-json';
  return [
    { method: 'GET', path: `${en}/community/v1` },
    { method: 'GET', path: `${en}/community/v1/members?per_page=5&page=1` },
    { method: 'GET', path: `${el}/community/v1/members?search=a&type=alphabetical` },
    { method: 'GET', path: `${en}/community/v1/members/1`, headers: auth },
    { method: 'GET', path: `${en}/community/v1/members/me?context=edit`, headers: auth },
    { method: 'GET', path: `${en}/community/v1/components?status=active`, headers: auth },
    { method: 'GET', path: `${en}/community/v1/profile/groups?fetch_fields=true` },
    { method: 'GET', path: `${en}/community/v1/moderation?per_page=20`, headers: auth },
    { method: 'GET', path: `${en}/calendar/v1/events` },
    { method: 'GET', path: `${el}/badges/achievements` },
    { method: 'GET', path: `${en}/seo/v1/options`, headers: auth },
    { method: 'GET', path: `${en}/oembed/1.0/embed?url=${encodeURIComponent(`${baseUrl}/en_gb/members/${USER}/`)}&maxwidth=400` },
    { method: 'OPTIONS', path: `${en}/community/v1/members` },
    // Renaming the account the test logs in as, back and forth: a write whose state stays bounded, on an account
    // the fuzz job never deletes (it sends writes to its own account without credentials).
    { method: 'PATCH', path: `${en}/community/v1/members/me`, headers: json, body: JSON.stringify({ name: 'Load Test' }) },
    { method: 'POST', path: `${el}/community/v1/members/me`, headers: json, body: JSON.stringify({ name: 'Administrator' }) },
    // All-or-nothing with one invalid item: validated, nothing runs.
    {
      method: 'POST',
      path: `${en}/batch/v1`,
      headers: json,
      body: JSON.stringify({ validation: 'require-all-validate', requests: [{ method: 'POST', path: '/community/v1/components', body: { name: 'x' } }] }),
    },
  ];
}

/** Tallies statuses and checks every body that should be JSON, per request of the mix. */
function answerTally(mix) {
  const tally = { statuses: {}, notJson: 0, notJsonExamples: [], byRequest: mix.map(() => ({})) };
  const requests = mix.map((entry, index) => ({
    ...entry,
    onResponse(status, body) {
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      const mine = tally.byRequest[index];
      mine[status] = (mine[status] ?? 0) + 1;
      if (entry.method === 'HEAD') return;
      try {
        JSON.parse(body);
      } catch {
        tally.notJson += 1;
        if (tally.notJsonExamples.length < 3)
          tally.notJsonExamples.push(`${entry.method} ${entry.path} → ${status} ${JSON.stringify(String(body).slice(0, 80))}`);
      }
    },
  }));
  return { tally, requests };
}

function runAutocannon(url, requests) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, pipelining: 1, duration: durationSeconds, timeout: 10, requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The parallel fuzz job

function runFuzzJob(url, password, folder) {
  const report = join(folder, 'fuzz-report.json');
  const args = [
    CLI,
    'run',
    '--base-url',
    url,
    '--locales',
    'en_gb,el',
    '--phases',
    'fuzz',
    '--fuzz-examples',
    '100000',
    '--time-budget',
    String(durationSeconds),
    '--seed',
    '1',
    '--connections',
    String(fuzzConcurrency),
    '--user',
    USER,
    '--json',
    report,
    '--report-dir',
    folder,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, RESTCONFORM_APP_PASSWORD: password }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('exit', (code) => {
      let parsed;
      try {
        parsed = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        parsed = undefined;
      }
      resolve({ code, report: parsed, stderr });
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile requests

/** Sends one raw request and collects the answer; never rejects. */
function send(base, { method, path, headers = {}, body }) {
  return new Promise((resolve) => {
    const start = performance.now();
    const target = new URL(path, base);
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      method,
      path: `${target.pathname}${target.search}`,
      headers,
      agent: false,
      timeout: PROMPT_MS * 2,
    });
    let settled = false;
    const done = (answer) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: Math.round(performance.now() - start) });
    };
    req.once('response', (res) => {
      const parts = [];
      res.on('data', (chunk) => parts.push(chunk));
      res.once('end', () => done({ status: res.statusCode, contentType: res.headers['content-type'] ?? '', body: Buffer.concat(parts).toString('utf8') }));
      res.once('error', (error) => done({ error: error.message }));
    });
    req.once('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', (error) => {
      // The server may answer and close before the whole body is sent: wait for that answer.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') setTimeout(() => done({ error: `${error.message} and no answer` }), PROMPT_MS).unref();
      else done({ error: error.message });
    });
    req.end(body);
  });
}

/**
 * Streams a chunked body over a raw socket and reads the answer whatever happens to the writes, as curl does:
 * Node's HTTP client drops an early answer once a write fails, so it cannot see a server refuse mid-body.
 */
function sendChunked(base, { method, path, headers, chunk, count }) {
  return new Promise((resolve) => {
    const start = performance.now();
    const target = new URL(path, base);
    const socket = connect(Number(target.port), target.hostname);
    const received = [];
    let settled = false;
    const done = (answer) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ ...answer, ms: Math.round(performance.now() - start) });
    };
    const finish = () => {
      const answer = parseRawAnswer(Buffer.concat(received));
      done(answer ?? { error: received.length ? 'an answer that is not HTTP' : 'no answer' });
    };
    socket.setTimeout(PROMPT_MS * 2, () => done({ error: 'no answer in time' }));
    socket.on('data', (data) => {
      received.push(data);
      const answer = parseRawAnswer(Buffer.concat(received));
      if (answer) done(answer);
    });
    socket.on('end', finish);
    socket.on('close', finish);
    // A write refused because the server answered and closed is expected; the answer is what counts.
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      const head = [
        `${method} ${target.pathname}${target.search} HTTP/1.1`,
        `Host: ${target.host}`,
        'Transfer-Encoding: chunked',
        ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      // One chunk at a time, each once the last has left, and none after the answer has begun: a write into a
      // connection the server has closed would make Node drop the answer it has not read yet.
      let sent = 0;
      const pump = () => {
        if (socket.destroyed || received.length > 0) return;
        if (sent === count) return void socket.write('0\r\n\r\n');
        sent += 1;
        socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]), () => setImmediate(pump));
      };
      pump();
    });
  });
}

/** A complete HTTP/1.1 answer with a Content-Length, parsed; undefined while incomplete. */
function parseRawAnswer(bytes) {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = bytes.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? Number.NaN);
  const body = bytes.subarray(end + 4);
  if (Number.isNaN(status) || Number.isNaN(length) || body.length < length) return undefined;
  return { status, contentType: /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '', body: body.subarray(0, length).toString('utf8') };
}

function nestedJson(depth) {
  return `{"name":${'['.repeat(depth)}1${']'.repeat(depth)}}`;
}

function manyParameters(count) {
  const parts = new Array(count);
  for (let i = 0; i < count; i++) parts[i] = `p${i}=${i}`;
  return parts.join('&');
}

/** Each hostile request, what it should get, and the route it is aimed at. */
function hostileCases(password) {
  const auth = { authorization: basic(password) };
  const members = '/en_gb/wp-json/community/v1/members';
  const jsonHeaders = { 'content-type': 'application/json', ...auth };
  const twoMiB = JSON.stringify({ user_login: 'big', email: 'big@example.org', password: 'x', name: 'x'.repeat(2 * MIB) });
  return [
    { name: 'body over 1 MiB (Content-Length)', expect: [413], request: { method: 'POST', path: members, headers: jsonHeaders, body: twoMiB } },
    {
      name: 'body over 1 MiB (chunked)',
      expect: [413],
      chunked: { method: 'POST', path: members, headers: jsonHeaders, chunk: Buffer.alloc(64 * 1024, 0x20), count: 64 },
    },
    {
      name: 'malformed JSON',
      expect: [400],
      code: 'rest_invalid_json',
      request: { method: 'POST', path: members, headers: jsonHeaders, body: '{"user_login": "x", "email": ' },
    },
    {
      name: 'JSON nested 10,000 deep',
      expect: [400],
      code: 'rest_invalid_json',
      request: { method: 'POST', path: members, headers: jsonHeaders, body: nestedJson(10_000) },
    },
    {
      name: 'duplicate query keys (last one out of range)',
      expect: [400],
      code: 'rest_invalid_param',
      request: { method: 'GET', path: `${members}?per_page=10&per_page=1000&per_page=500` },
    },
    {
      name: 'duplicate query keys (scalar then list)',
      expect: [400],
      code: 'rest_invalid_param',
      request: { method: 'GET', path: `${members}?page=2&page[]=1&page[x]=2` },
    },
    {
      name: '100,000 query parameters in the URL',
      expect: [431],
      code: 'rest_request_headers_too_large',
      request: { method: 'GET', path: `${members}?${manyParameters(100_000)}` },
    },
    {
      name: '100,000 form parameters in the body',
      expect: [400],
      code: 'rest_missing_callback_param',
      request: {
        method: 'POST',
        path: members,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth },
        body: manyParameters(100_000).slice(0, MIB - 1),
      },
    },
    // Within the 16 KiB header limit, so the query parser itself meets the nesting (PHP stops at 64 levels).
    { name: 'query nested 4,000 deep', expect: [200, 400], request: { method: 'GET', path: `${members}?search${'[a]'.repeat(4_000)}=1` } },
    {
      name: 'query nested 10,000 deep',
      expect: [431],
      code: 'rest_request_headers_too_large',
      request: { method: 'GET', path: `${members}?search${'[a]'.repeat(10_000)}=1` },
    },
  ];
}

function judgeHostile(testCase, answer) {
  if (answer.error) return `no answer: ${answer.error}`;
  if (!testCase.expect.includes(answer.status)) return `answered ${answer.status}, expected ${testCase.expect.join(' or ')}`;
  if (answer.ms > PROMPT_MS) return `took ${answer.ms} ms`;
  let body;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answer is not JSON: ${JSON.stringify(answer.body.slice(0, 80))}`;
  }
  if (!/application\/json/.test(answer.contentType)) return `content type ${answer.contentType}`;
  if (testCase.code && body?.code !== testCase.code) return `error code ${body?.code}, expected ${testCase.code}`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The run

const password = randomBytes(18)
  .toString('base64url')
  .replace(/(.{4})(?!$)/g, '$1 ');
const folder = mkdtempSync(join(tmpdir(), 'restconform-load-'));
const server = await startServer(password);
const pid = server.child.pid;
let serverExit;
server.child.once('exit', (code, signal) => {
  serverExit = { code, signal };
});
process.stdout.write(
  `load test: server pid ${pid} at ${server.url}; ${durationSeconds} s, ${connections} connections, fuzz job concurrency ${fuzzConcurrency}\n`,
);

try {
  const mix = validMix(server.url, password);
  // Warm up and check the mix once (and HEAD): each must be answered without a server error.
  for (const entry of [...mix, { method: 'HEAD', path: '/en_gb/wp-json/community/v1/members' }]) {
    const answer = await send(server.url, entry);
    if (answer.error || answer.status >= 500) problem(`warm-up ${entry.method} ${entry.path}: ${answer.error ?? answer.status}`);
  }
  const memory = sampleMemory(pid, 250);
  const loadStart = performance.now();
  const { tally, requests } = answerTally(mix);
  const [cannon, fuzz] = await Promise.all([runAutocannon(server.url, requests), runFuzzJob(server.url, password, folder)]);
  const loadEnd = performance.now();

  const hostile = [];
  for (const testCase of hostileCases(password)) {
    const answer = testCase.chunked ? await sendChunked(server.url, testCase.chunked) : await send(server.url, testCase.request);
    hostile.push({ name: testCase.name, status: answer.status ?? null, ms: answer.ms, failure: judgeHostile(testCase, answer) });
  }
  const alive = await send(server.url, { method: 'GET', path: '/en_gb/wp-json/community/v1/members?per_page=1' });
  memory.stop();

  // Figures
  const loadSamples = memory.samples.filter((s) => s.at >= loadStart && s.at <= loadEnd);
  const quarter = (q) =>
    loadSamples
      .filter((s) => s.at >= loadStart + ((loadEnd - loadStart) * q) / 4 && s.at < loadStart + ((loadEnd - loadStart) * (q + 1)) / 4)
      .map((s) => s.mib);
  const rss = {
    startMiB: round(memory.samples[0]?.mib),
    peakMiB: round(Math.max(...memory.samples.map((s) => s.mib))),
    endMiB: round(memory.samples.at(-1)?.mib),
    secondQuarterMeanMiB: round(mean(quarter(1))),
    lastQuarterMeanMiB: round(mean(quarter(3))),
  };
  const fuzzSummary = fuzz.report?.summary;
  const figures = {
    durationSeconds,
    connections,
    autocannon: {
      requests: cannon.requests.total,
      rpsAverage: round(cannon.requests.average),
      latencyMs: { p50: cannon.latency.p50, p99: cannon.latency.p99, max: cannon.latency.max },
      statuses: tally.statuses,
      statusesByRequest: mix.map((entry, index) => ({ request: `${entry.method} ${entry.path}`, statuses: tally.byRequest[index] })),
      errors: cannon.errors,
      timeouts: cannon.timeouts,
      notJson: tally.notJson,
    },
    fuzzJob: {
      exitCode: fuzz.code,
      requests: fuzzSummary?.requests,
      stoppedEarly: fuzz.report?.stoppedEarly ?? null,
      statuses: fuzz.report ? statusTotals(fuzz.report.coverage) : undefined,
      failuresByCheck: fuzzSummary ? Object.fromEntries(Object.entries(fuzzSummary.byCheck).map(([check, counts]) => [check, counts.failures])) : undefined,
    },
    rss,
    hostile,
    serverAlive: serverExit === undefined && alive.status === 200,
  };

  // Verdicts
  const serverErrors = Object.entries(tally.statuses).filter(([status]) => Number(status) >= 500);
  if (serverErrors.length) problem(`autocannon saw server errors: ${JSON.stringify(Object.fromEntries(serverErrors))}`);
  if (cannon.errors || cannon.timeouts) problem(`autocannon saw ${cannon.errors} errors and ${cannon.timeouts} timeouts`);
  if (tally.notJson) problem(`${tally.notJson} answers were not JSON, e.g. ${tally.notJsonExamples.join('; ')}`);
  if (cannon.requests.total === 0) problem('autocannon sent nothing');
  if (!fuzz.report) problem(`the fuzz job wrote no report (exit ${fuzz.code}): ${fuzz.stderr.trim().split('\n').at(-1)}`);
  else {
    const fuzzServerErrors = Object.entries(figures.fuzzJob.statuses).filter(([status]) => Number(status) >= 500 || status === '0');
    if (fuzzServerErrors.length) problem(`the fuzz job saw server errors or no answer: ${JSON.stringify(Object.fromEntries(fuzzServerErrors))}`);
    for (const check of ['not_a_server_error', 'response_received', 'json_content_type']) {
      if ((figures.fuzzJob.failuresByCheck[check] ?? 0) > 0) problem(`the fuzz job found ${check} failures`);
    }
    if (!fuzzSummary.requests) problem('the fuzz job sent nothing');
  }
  for (const result of hostile) if (result.failure) problem(`${result.name}: ${result.failure}`);
  if (!figures.serverAlive)
    problem(`the server did not survive: ${serverExit ? `exited ${JSON.stringify(serverExit)}` : `final request answered ${alive.status ?? alive.error}`}`);
  if (server.stderr().includes('internal error')) problem(`the server logged internal errors: ${server.stderr().trim().split('\n').slice(0, 3).join(' | ')}`);
  if (durationSeconds >= MEMORY_JUDGED_FROM_SECONDS && !(rss.lastQuarterMeanMiB <= rss.secondQuarterMeanMiB * (1 + MEMORY_GROWTH_LIMIT))) {
    problem(`memory kept growing: ${rss.secondQuarterMeanMiB} MiB in the second quarter, ${rss.lastQuarterMeanMiB} MiB in the last`);
  }

  printFigures(figures);
  if (flags.json) writeFileSync(flags.json, `${JSON.stringify({ ...figures, problems }, null, 2)}\n`);
} catch (error) {
  problem(`load test broke: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  server.child.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
}

if (problems.length) {
  process.stdout.write(`\nload test FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('\nload test passed\n');
}

function round(value) {
  return value === undefined || Number.isNaN(value) ? null : Math.round(value * 10) / 10;
}

function statusTotals(coverage) {
  const totals = {};
  for (const entry of coverage) for (const [status, count] of Object.entries(entry.statuses)) totals[status] = (totals[status] ?? 0) + count;
  return totals;
}

function printFigures(figures) {
  const { autocannon: a, fuzzJob: f, rss } = figures;
  const lines = [
    '',
    `autocannon   ${a.requests} requests in ${figures.durationSeconds} s, ${a.rpsAverage} req/s average, latency p50 ${a.latencyMs.p50} ms, p99 ${a.latencyMs.p99} ms, max ${a.latencyMs.max} ms`,
    `             statuses ${JSON.stringify(a.statuses)}; errors ${a.errors}, timeouts ${a.timeouts}, non-JSON answers ${a.notJson}`,
    `fuzz job     exit ${f.exitCode}, ${f.requests ?? '?'} requests, stopped: ${f.stoppedEarly ?? 'no'}; statuses ${JSON.stringify(f.statuses)}`,
    `             failures by check ${JSON.stringify(f.failuresByCheck)}`,
    `server RSS   start ${rss.startMiB} MiB, peak ${rss.peakMiB} MiB, end ${rss.endMiB} MiB (load: second quarter ${rss.secondQuarterMeanMiB} MiB, last quarter ${rss.lastQuarterMeanMiB} MiB` +
      `${figures.durationSeconds < MEMORY_JUDGED_FROM_SECONDS ? `; not judged under ${MEMORY_JUDGED_FROM_SECONDS} s` : ''})`,
    'hostile requests:',
    ...figures.hostile.map(
      (h) => `  ${h.failure ? 'FAIL' : 'ok  '} ${h.name.padEnd(46)} ${String(h.status).padStart(4)} in ${h.ms} ms${h.failure ? `: ${h.failure}` : ''}`,
    ),
    `server alive at the end: ${figures.serverAlive ? 'yes' : 'NO'}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
