/**
 * `npm run bench`: restconform measured against the physical limit of this machine, side by side in one run.
 *
 *   limit    autocannon replaying the harness's own requests (recorded in a warm-up) against the reference server
 *   harness  `restconform run` in fuzz mode against the same server for the same time, from its own counters
 *   server   the reference server's rate on that mix against a bare Node HTTP server answering fixed JSON
 *   start    process start to first request: both locales' descriptors fetched, every generator built; and the
 *            same up to the first request built for the real WordPress 6.1 index in fixtures/
 *   long run `--requests N`: the harness until N requests, memory sampled every second
 *
 * Servers run in their own processes, apart from the load generator. Human lines first, one JSON line last.
 * Reads the compiled code in dist/ (`npm run build` first).
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseBenchArgs } from './args.js';
import { profileFlags, REPO_ROOT, residentBytes, runChild, spawnListening } from './children.js';
import { growthBetweenTenths } from './memory-growth.js';
import { measureLoad, toAutocannonRequests } from './replay.js';

const MB = 1024 * 1024;
/** How many of the warm-up's requests autocannon replays (a full pass over every operation fits). */
const RECORD_LIMIT = 50_000;

const options = parseBenchArgs(process.argv.slice(2));
// A fresh application password per run: the server and the harness share it, nothing prints it.
const env = { ...process.env, RESTCONFORM_APP_PASSWORD: randomBytes(18).toString('base64url') };
const say = (line) => process.stdout.write(`${line}\n`);
const round = (value, digits = 0) => Number(value.toFixed(digits));
const describeLoad = (load) =>
  `${round(load.rps)} req/s (${load.requests} requests in ${round(load.seconds, 1)} s, ${Object.entries(load.statusClasses).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ')}${load.errors ? `, ${load.errors} errors` : ''})`;

/**
 * Samples a child's resident memory every second until stopped; returns the peak in bytes.
 * @param {number} pid
 */
function watchResident(pid) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid) ?? 0);
  }, 1000);
  return () => {
    clearInterval(timer);
    return Math.max(peak, residentBytes(pid) ?? 0);
  };
}

/**
 * One harness run in a child process; its console output is kept quiet except progress lines when asked.
 * @param {object} input see harness-child.js
 * @param {{ profile?: string, echoProgress?: boolean }} [extra]
 */
function runHarness(input, extra = {}) {
  return runChild('bench/harness-child.js', input, {
    env,
    nodeFlags: extra.profile ? profileFlags(options.cpuProfileDir, extra.profile) : [],
    onLine: extra.echoProgress ? (line) => line.startsWith('progress:') && say(`  ${line}`) : undefined,
  });
}

const reference = await spawnListening('bin/restconform.js', ['serve', '--port', '0', '--seed', String(options.seed)], {
  env,
  nodeFlags: profileFlags(options.cpuProfileDir, 'server'),
});
const bare = await spawnListening('bench/bare-server.js', []);
say(`restconform bench: ${options.durationSeconds} s per measure, ${options.connections} connections, seed ${options.seed}; reference server ${reference.url} (pid ${reference.pid}), bare server ${bare.url} (pid ${bare.pid})`);

try {
  // Start to first request, each in a fresh process.
  const start = await runChild('bench/start-probe.js', { baseUrl: reference.url, locales: ['en_gb', 'el'], seed: options.seed }, { env });
  say(`start (reference, 2 locales, ${start.operations} operations): modules ${start.at.modulesLoaded} ms, descriptors ${start.at.descriptorsLoaded} ms, generators ${start.at.generatorsBuilt} ms, first request sent ${start.at.firstRequestSent} ms after process start (one case of every operation drawn by ${start.at.everyOperationSampled} ms)`);
  const wordpress = await runChild('bench/start-probe.js', { descriptorFile: join(REPO_ROOT, 'fixtures', 'wordpress-6.1-index.json'), seed: options.seed });
  say(`start (WordPress 6.1 index, ${wordpress.routes} routes, ${wordpress.operations} operations): modules ${wordpress.at.modulesLoaded} ms, descriptor read ${wordpress.at.descriptorsLoaded} ms, generators ${wordpress.at.generatorsBuilt} ms, first request built ${wordpress.at.firstRequestBuilt} ms after process start (one case of every operation drawn by ${wordpress.at.everyOperationSampled} ms)`);

  // Warm-up: one pass of fuzz over every operation, recording the requests; it also warms the server up.
  const warm = await runHarness({ baseUrl: reference.url, seed: options.seed, examples: options.warmupExamples, concurrency: options.connections, timeBudgetSeconds: null, stopAfterRequests: null, recordLimit: RECORD_LIMIT });
  const warmRps = warm.fuzzRequests / (warm.fuzzDurationMs / 1000);
  say(`warm-up: ${warm.fuzzRequests} fuzz requests over ${warm.operations} operations (${options.warmupExamples} examples each) in ${round(warm.fuzzDurationMs)} ms = ${round(warmRps)} req/s; ${warm.recorded.length} requests recorded`);
  const requestsPerExample = warm.fuzzRequests / options.warmupExamples;

  // limit: the same mix, sent by a generator that does nothing else.
  const limit = await measureLoad({ url: reference.url, connections: options.connections, durationSeconds: options.durationSeconds, requests: toAutocannonRequests(warm.recorded) });
  say(`limit  (autocannon, recorded mix → reference server): ${describeLoad(limit)}`);

  // harness: as many examples per operation as the limit's rate would send in the time budget, so the run lasts the
  // whole budget; at half the limit's rate it walks half the operations (those of the first locale).
  const examples = Math.max(options.warmupExamples, Math.ceil((limit.rps * options.durationSeconds) / requestsPerExample));
  const stopServerWatch = watchResident(reference.pid);
  const harness = await runHarness(
    { baseUrl: reference.url, seed: options.seed, examples, concurrency: options.connections, timeBudgetSeconds: options.durationSeconds, stopAfterRequests: null, recordLimit: 0 },
    { profile: 'harness' },
  );
  const serverPeakRss = stopServerWatch();
  const harnessRps = harness.fuzzRequests / (harness.fuzzDurationMs / 1000);
  const harnessPeakRss = Math.max(harness.peakRssBytes, ...harness.memorySamples.map((s) => s.rss));
  say(`harness (restconform run --phases fuzz --examples ${examples} --time-budget ${options.durationSeconds} --concurrency ${options.connections}): ${round(harnessRps)} req/s (${harness.fuzzRequests} requests in ${round(harness.fuzzDurationMs / 1000, 1)} s${harness.stoppedEarly ? `, stopped: ${harness.stoppedEarly}` : ''}), peak RSS ${round(harnessPeakRss / MB, 1)} MB, first request ${round(harness.firstSendMs ?? NaN)} ms after process start; reference server peak RSS ${round(serverPeakRss / MB, 1)} MB`);

  // server vs bare: the same generator against a server that does nothing but answer.
  const bareLoad = await measureLoad({ url: bare.url, connections: options.connections, durationSeconds: options.durationSeconds });
  say(`bare   (autocannon, GET → node:http fixed JSON): ${describeLoad(bareLoad)}`);

  /** @type {Record<string, number | null>} */
  const figures = {
    limitRps: round(limit.rps),
    harnessRps: round(harnessRps),
    serverRps: round(limit.rps),
    bareRps: round(bareLoad.rps),
    harnessToLimit: round(harnessRps / limit.rps, 3),
    serverToBare: round(limit.rps / bareLoad.rps, 3),
    harnessPeakRssMb: round(harnessPeakRss / MB, 1),
    startToFirstRequestMs: start.at.firstRequestSent,
    startToFirstRequestWordpressMs: wordpress.at.firstRequestBuilt,
  };

  if (options.requests !== null) {
    const target = options.requests;
    const longExamples = Math.ceil((target / requestsPerExample) * 1.05) + 1;
    say(`long run: until ${target} requests (--examples ${longExamples}, no time budget), memory sampled every second`);
    const stopWatch = watchResident(reference.pid);
    const long = await runHarness(
      { baseUrl: reference.url, seed: options.seed, examples: longExamples, concurrency: options.connections, timeBudgetSeconds: null, stopAfterRequests: target, recordLimit: 0 },
      { profile: 'long-run', echoProgress: true },
    );
    const serverRss = stopWatch();
    const rss = growthBetweenTenths(long.memorySamples, 'rss');
    const heap = growthBetweenTenths(long.memorySamples, 'heapUsed');
    const peak = Math.max(long.peakRssBytes, ...long.memorySamples.map((s) => s.rss));
    const seconds = (long.memorySamples.at(-1)?.atMs ?? 0) / 1000;
    say(`long run: ${long.exchanges} requests in ${round(seconds)} s (${round(long.exchanges / seconds)} req/s), peak RSS ${round(peak / MB, 1)} MB`);
    if (rss && heap) {
      say(`  RSS first tenth ${round(rss.first / MB, 1)} MB → last tenth ${round(rss.last / MB, 1)} MB (${round(rss.growthPercent, 1)}%); heap ${round(heap.first / MB, 1)} MB → ${round(heap.last / MB, 1)} MB (${round(heap.growthPercent, 1)}%); reference server peak RSS ${round(serverRss / MB, 1)} MB`);
    }
    figures.harnessPeakRssMb = round(Math.max(harnessPeakRss, peak) / MB, 1);
    figures.rssGrowthPercent = rss ? round(rss.growthPercent, 1) : null;
    figures.requests = long.exchanges;
  }

  say(`harness/limit ${figures.harnessToLimit} (target ≥ 0.5), server/bare ${figures.serverToBare} (target ≥ 0.5)`);
  say(JSON.stringify(figures));
} finally {
  await Promise.all([reference.stop(), bare.stop()]);
}
