/**
 * `npm run bench`: restconform measured against the physical limit of this machine, side by side in one run.
 *
 *   limit    autocannon replaying the harness's own requests (recorded in a warm-up) against the reference server
 *   harness  `restconform run` in fuzz mode against the same server for the same time, from its own counters
 *   server   the reference server's rate on that mix against a bare Node HTTP server answering fixed JSON to the
 *            same mix (and, for context, to one plain GET)
 *   start    process start to the first fuzz request of `restconform run` (both locales' descriptors fetched,
 *            every generator built), for the reference server and for the real WordPress 6.1 index in fixtures/
 *            served from loopback; and a breakdown of the same steps (modules, descriptors, generators)
 *   long run `--requests N`: the harness until N requests, memory sampled every second
 *
 * bare, limit and harness are measured in turn, `--rounds` times (3); the ratios are taken within each round and
 * the figures are the medians, so that a burst of load from elsewhere on a shared machine skews one round only.
 *
 * Servers run in their own processes, apart from the load generator. Human lines first, one JSON line last.
 * Reads the compiled code in dist/ (`npm run build` first).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBenchArgs } from './args.js';
import { cpuMicros, profileFlags, REPO_ROOT, residentBytes, runChild, spawnListening } from './children.js';
import { growthBetweenTenths, memoryTable } from './memory-growth.js';
import { measureRaceSpread } from './race-spread.js';
import { MAX_REPLAYED, measureLoad, toAutocannonRequests } from './replay.js';

const MB = 1024 * 1024;

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
/** How many of the warm-up's requests are recorded (then thinned evenly to what autocannon replays). */
const RECORD_LIMIT = 2_000_000;

const options = parseBenchArgs(process.argv.slice(2));
// A fresh application password per run: the server and the harness share it, nothing prints it.
const env = { ...process.env, RESTCONFORM_APP_PASSWORD: randomBytes(18).toString('base64url') };
const say = (line) => process.stdout.write(`${line}\n`);
const round = (value, digits = 0) => Number(value.toFixed(digits));
const describeLoad = (load) =>
  `${round(load.rps)} req/s (${load.requests} requests in ${round(load.seconds, 1)} s, ${Object.entries(load.statusClasses)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(
      ', ',
    )}${load.errors ? `, ${load.errors} errors` : ''}); CPU per request: autocannon ${round(load.generatorCpuMicros / load.requests)} µs, server ${round(load.serverCpuMicros / load.requests)} µs`;

/**
 * autocannon from this process against a server child, with the CPU time each side spent.
 * @param {number} serverPid
 * @param {Parameters<typeof measureLoad>[0]} load
 */
async function measureWithCpu(serverPid, load) {
  const serverBefore = cpuMicros(serverPid) ?? 0;
  const generatorBefore = process.cpuUsage();
  const result = await measureLoad(load);
  const generator = process.cpuUsage(generatorBefore);
  return { ...result, generatorCpuMicros: generator.user + generator.system, serverCpuMicros: (cpuMicros(serverPid) ?? 0) - serverBefore };
}

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

/**
 * A reference server in its own process, freshly seeded. `profileName` names its CPU profile when profiling.
 * @param {string} profileName
 */
const startReference = (profileName) =>
  spawnListening('bin/restconform.js', ['serve', '--port', '0', '--seed', String(options.seed)], {
    env,
    nodeFlags: profileFlags(options.cpuProfileDir, profileName),
  });
/** The first second of the recorded mix, not counted: a fresh server's code is compiled before it is measured. */
const WARM_UP_SECONDS = 1;

// Start probes, the recording warm-up and the long run use this one; every measure in the rounds gets its own.
const reference = await startReference('server');
const bare = await spawnListening('bench/bare-server.js', []);
say(
  `restconform bench: ${options.durationSeconds} s per measure, ${options.connections} connections, seed ${options.seed}; reference server ${reference.url} (pid ${reference.pid}), bare server ${bare.url} (pid ${bare.pid})`,
);

try {
  // Start to first request, each in a fresh process.
  const start = await runChild('bench/start-probe.js', { baseUrl: reference.url, locales: ['en_gb', 'el'], seed: options.seed }, { env });
  say(
    `start breakdown (reference, 2 locales, ${start.operations} operations): modules ${start.at.modulesLoaded} ms, descriptors ${start.at.descriptorsLoaded} ms, generators ${start.at.generatorsBuilt} ms, first request sent ${start.at.firstRequestSent} ms after process start (one case of every operation drawn by ${start.at.everyOperationSampled} ms)`,
  );
  const wordpressFile = join(REPO_ROOT, 'fixtures', 'wordpress-6.1-index.json');
  const wordpress = await runChild('bench/start-probe.js', { descriptorFile: wordpressFile, seed: options.seed });
  say(
    `start breakdown (WordPress 6.1 index, ${wordpress.routes} routes, ${wordpress.operations} operations): modules ${wordpress.at.modulesLoaded} ms, descriptor read ${wordpress.at.descriptorsLoaded} ms, generators ${wordpress.at.generatorsBuilt} ms, first request built ${wordpress.at.firstRequestBuilt} ms after process start (one case of every operation drawn by ${wordpress.at.everyOperationSampled} ms)`,
  );
  // The same through `restconform run --locales none --contract none`, the index served from loopback: until the
  // first fuzz request leaves (all generators are built before the phases start).
  const wordpressSite = await spawnListening('bench/fixture-server.js', [wordpressFile]);
  let wordpressRun;
  try {
    wordpressRun = await runHarness({
      baseUrl: wordpressSite.url,
      seed: options.seed,
      examples: 1,
      concurrency: options.connections,
      timeBudgetSeconds: null,
      stopAfterRequests: 1,
      recordLimit: 0,
      locales: null,
      contract: 'none',
      user: null,
    });
  } finally {
    await wordpressSite.stop();
  }
  say(
    `start (WordPress 6.1 index through restconform run, from loopback): first fuzz request ${round(wordpressRun.firstFuzzSendMs ?? NaN)} ms after process start`,
  );

  // Warm-up: the same run as the measured one (same seed, so the same requests), recording what it sends; it also
  // warms the server up. The fuzz phase walks the operations in order, so both see the same operations.
  const harnessInput = {
    baseUrl: reference.url,
    seed: options.seed,
    examples: options.examples,
    concurrency: options.connections,
    timeBudgetSeconds: options.durationSeconds,
    stopAfterRequests: null,
  };
  const warm = await runHarness({ ...harnessInput, recordLimit: RECORD_LIMIT, replayLimit: MAX_REPLAYED });
  say(
    `warm-up: ${warm.fuzzRequests} fuzz requests in ${round(warm.fuzzDurationMs)} ms (${round(warm.fuzzRequests / (warm.fuzzDurationMs / 1000))} req/s); ${warm.recorded.length} of them, evenly spaced, replayed`,
  );

  // Rounds: bare, limit and harness measured one after another, then again, so that a burst of load from another
  // tenant of the machine hits one round rather than one side; the ratios are taken within each round, and the
  // figures are the medians over the rounds.
  const mix = toAutocannonRequests(warm.recorded);
  /**
   * Runs `measure` against a freshly seeded reference server, warmed up with the mix, then stops it. Each measure
   * starts from the same store: the mix's writes add members, fields and reports, and a server that kept them
   * from one measure to the next would answer later measures' lists more slowly (its CPU per request rose from 79
   * to 129 µs over three rounds when one server served them all).
   * @template T
   * @param {string} name
   * @param {(server: import('./children.js').ListeningChild) => Promise<T>} measure
   * @returns {Promise<{ value: T, peakRss: number }>}
   */
  const onFreshReference = async (name, measure) => {
    const server = await startReference(`server-${name}`);
    const stopWatch = watchResident(server.pid);
    try {
      await measureLoad({ url: server.url, connections: options.connections, durationSeconds: WARM_UP_SECONDS, requests: mix });
      const value = await measure(server);
      return { value, peakRss: stopWatch() };
    } finally {
      stopWatch();
      await server.stop();
    }
  };
  /** @type {Array<{ limitRps: number, harnessRps: number, harnessSteadyRps: number, bareRps: number, firstFuzzSendMs: number, limitBytesPerAnswer: number, bareBytesPerAnswer: number }>} */
  const rounds = [];
  let harnessPeakRss = 0;
  let serverPeakRss = 0;
  for (let index = 0; index < options.rounds; index++) {
    say(`round ${index + 1} of ${options.rounds}`);
    // server vs bare: the same generator and the same recorded mix against a server that does nothing but read
    // the request and answer, so the ratio is what the reference server's own work (authentication, routing,
    // validation, handlers, rendering) costs over Node's HTTP handling of the very same requests.
    const bareLoad = await measureWithCpu(bare.pid, {
      url: bare.url,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      requests: mix,
    });
    say(`  bare    (autocannon, recorded mix → node:http fixed JSON): ${describeLoad(bareLoad)}`);
    // limit: the same mix, sent by a generator that does nothing else.
    const limitRun = await onFreshReference(`round${index + 1}-limit`, (server) =>
      measureWithCpu(server.pid, { url: server.url, connections: options.connections, durationSeconds: options.durationSeconds, requests: mix }),
    );
    const limit = limitRun.value;
    say(`  limit   (autocannon, recorded mix → reference server): ${describeLoad(limit)}`);
    const harnessRun = await onFreshReference(`round${index + 1}-harness`, async (server) => {
      const serverCpuBefore = cpuMicros(server.pid) ?? 0;
      const run = await runHarness({ ...harnessInput, baseUrl: server.url, recordLimit: 0 }, index === 0 ? { profile: 'harness' } : {});
      return { run, serverCpu: (cpuMicros(server.pid) ?? 0) - serverCpuBefore };
    });
    const { run: harness, serverCpu: serverCpuDuringHarness } = harnessRun.value;
    serverPeakRss = Math.max(serverPeakRss, limitRun.peakRss, harnessRun.peakRss);
    const harnessRps = harness.fuzzRequests / (harness.fuzzDurationMs / 1000);
    harnessPeakRss = Math.max(harnessPeakRss, harness.peakRssBytes, ...harness.memorySamples.map((s) => s.rss));
    say(
      `  harness (restconform run --phases fuzz --fuzz-examples ${options.examples} --time-budget ${options.durationSeconds} --connections ${options.connections}): ${round(harnessRps)} req/s (${harness.fuzzRequests} requests in ${round(harness.fuzzDurationMs / 1000, 1)} s${harness.stoppedEarly ? `, stopped: ${harness.stoppedEarly}` : ''}); CPU per request: harness ${round(harness.fuzzCpuMicros / harness.fuzzRequests)} µs (${round(harness.fuzzSystemCpuMicros / harness.fuzzRequests)} in the kernel; event loop busy ${round(harness.fuzzEventLoopBusy * 100)}% of the phase), server ${round(serverCpuDuringHarness / harness.exchanges)} µs (whole run); first fuzz request ${round(harness.firstFuzzSendMs ?? NaN)} ms after process start`,
    );
    const steady =
      harness.steadyRps === null
        ? ''
        : `; after its first 10,000 requests ${round(harness.steadyRps)} req/s, ${round(harness.steadyRps / limit.rps, 3)} of the limit`;
    say(`  harness/limit ${round(harnessRps / limit.rps, 3)}, server/bare ${round(limit.rps / bareLoad.rps, 3)}${steady}`);
    rounds.push({
      limitRps: limit.rps,
      harnessRps,
      harnessSteadyRps: harness.steadyRps ?? NaN,
      bareRps: bareLoad.rps,
      firstFuzzSendMs: harness.firstFuzzSendMs ?? NaN,
      limitBytesPerAnswer: limit.bytesPerAnswer,
      bareBytesPerAnswer: bareLoad.bytesPerAnswer,
    });
  }
  say(`harness peak RSS ${round(harnessPeakRss / MB, 1)} MB; reference server peak RSS ${round(serverPeakRss / MB, 1)} MB`);
  const medianOf = (pick) => median(rounds.map(pick));
  const limitRps = medianOf((r) => r.limitRps);

  // For context, not in the ratios: the mix's requests are heavier than a plain GET (credentials, bodies, longer
  // query strings), which Node parses whoever answers.
  const bareGet = await measureWithCpu(bare.pid, { url: bare.url, connections: options.connections, durationSeconds: options.durationSeconds });
  say(
    `bare    (autocannon, one GET → node:http fixed JSON): ${describeLoad(bareGet)}; the reference server on the mix: ${round(limitRps / bareGet.rps, 3)} of it`,
  );
  // For context, not in the ratios: the bare server with its fixed body padded so that its answers are as large as
  // the reference server's on the mix. Sending an answer costs the sender kernel time by its size (on loopback the
  // sender's write also does the receiver's TCP work), so this splits the gap between the bare server and the
  // reference server into what the answers' size costs and what the server's own work costs.
  const padding = Math.max(0, Math.round(medianOf((r) => r.limitBytesPerAnswer) - medianOf((r) => r.bareBytesPerAnswer)));
  const sizedBare = await spawnListening('bench/bare-server.js', [String(padding)]);
  let bareSized;
  try {
    bareSized = await measureWithCpu(sizedBare.pid, {
      url: sizedBare.url,
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      requests: mix,
    });
  } finally {
    await sizedBare.stop();
  }
  say(
    `bare    (autocannon, recorded mix → node:http fixed JSON padded to the reference server's mean answer, ${round(bareSized.bytesPerAnswer)} bytes): ${describeLoad(bareSized)}; the reference server on the mix: ${round(limitRps / bareSized.rps, 3)} of it`,
  );
  // Not in the JSON: one light route, so the server's own overhead (auth, routing, validation, rendering) shows
  // apart from what the mix's heavier handlers and larger answers cost.
  const lightRoute = [{ method: 'GET', path: '/en_gb/wp-json/community/v1/members/me', headers: warm.recorded[0]?.headers ?? {} }];
  const light = await measureWithCpu(reference.pid, {
    url: reference.url,
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    requests: lightRoute,
  });
  say(
    `light   (autocannon, GET /en_gb/wp-json/community/v1/members/me → reference server): ${describeLoad(light)}; ${round(light.rps / bareGet.rps, 3)} of the bare server's one GET`,
  );

  // How tight a race is (the concurrency phase's requests sent together): a figure of this machine's load.
  const race = await measureRaceSpread();
  say(
    `race    (${race.races} races of ${race.size} requests sent together → a server timing each first byte): written within ${round(race.writeMedianMs, 2)} ms (best ${round(race.writeBestMs, 2)}), arrived within ${round(race.arrivalMedianMs, 2)} ms (best ${round(race.arrivalBestMs, 2)}), medians`,
  );

  /** @type {Record<string, number | null>} */
  const figures = {
    limitRps: round(limitRps),
    harnessRps: round(medianOf((r) => r.harnessRps)),
    serverRps: round(limitRps),
    bareRps: round(medianOf((r) => r.bareRps)),
    bareGetRps: round(bareGet.rps),
    bareSizedRps: round(bareSized.rps),
    harnessToLimit: round(
      medianOf((r) => r.harnessRps / r.limitRps),
      3,
    ),
    // Context, not the target: the same after the harness's first 10,000 requests (its one-time work left out).
    harnessSteadyToLimit: round(
      medianOf((r) => r.harnessSteadyRps / r.limitRps),
      3,
    ),
    serverToBare: round(
      medianOf((r) => r.limitRps / r.bareRps),
      3,
    ),
    serverToSizedBare: round(limitRps / bareSized.rps, 3),
    // Within a round exactly harnessToLimit × serverToBare (one limit run is in both): the two targets need ≥ 0.275.
    harnessToBare: round(
      medianOf((r) => r.harnessRps / r.bareRps),
      3,
    ),
    harnessPeakRssMb: round(harnessPeakRss / MB, 1),
    startToFirstRequestMs: round(medianOf((r) => r.firstFuzzSendMs)),
    startToFirstRequestWordpressMs: round(wordpressRun.firstFuzzSendMs ?? NaN),
    raceWriteSpreadMs: round(race.writeMedianMs, 2),
    raceArrivalSpreadMs: round(race.arrivalMedianMs, 2),
    rounds: options.rounds,
  };

  if (options.requests !== null) {
    const target = options.requests;
    // Enough examples that the operations' valid and invalid runs add up well past the target; it stops there.
    const longExamples = Math.ceil((target / (warm.operations * 2)) * 2) + 1;
    say(`long run: until ${target} requests (--examples ${longExamples}, no time budget), memory sampled every second`);
    const stopWatch = watchResident(reference.pid);
    const long = await runHarness(
      {
        baseUrl: reference.url,
        seed: options.seed,
        examples: longExamples,
        concurrency: options.connections,
        timeBudgetSeconds: null,
        stopAfterRequests: target,
        recordLimit: 0,
      },
      { profile: 'long-run', echoProgress: true },
    );
    const serverRss = stopWatch();
    if (options.memoryLog) writeFileSync(options.memoryLog, memoryTable(long.memorySamples));
    const rss = growthBetweenTenths(long.memorySamples, 'rss');
    const heapTotal = growthBetweenTenths(long.memorySamples, 'heapTotal');
    const heap = growthBetweenTenths(long.memorySamples, 'heapUsed');
    const live = growthBetweenTenths(long.memorySamples, 'liveHeap');
    const peak = Math.max(long.peakRssBytes, ...long.memorySamples.map((s) => s.rss));
    const seconds = (long.memorySamples.at(-1)?.atMs ?? 0) / 1000;
    say(`long run: ${long.exchanges} requests in ${round(seconds)} s (${round(long.exchanges / seconds)} req/s), peak RSS ${round(peak / MB, 1)} MB`);
    if (rss && heap && heapTotal) {
      const change = (growth) => `${round(growth.first / MB, 1)} MB → ${round(growth.last / MB, 1)} MB (${round(growth.growthPercent, 1)}%)`;
      say(
        `  first tenth → last tenth: RSS ${change(rss)}; V8 heap reserved ${change(heapTotal)}, in use ${change(heap)}${live ? `, live after a full collection ${change(live)}` : ''}; reference server peak RSS ${round(serverRss / MB, 1)} MB`,
      );
    }
    figures.harnessPeakRssMb = round(Math.max(harnessPeakRss, peak) / MB, 1);
    figures.rssGrowthPercent = rss ? round(rss.growthPercent, 1) : null;
    figures.requests = long.exchanges;
  }

  say(
    `harness/limit ${figures.harnessToLimit} (target ≥ 0.55; ${figures.harnessSteadyToLimit} after its first 10,000 requests), server/bare ${figures.serverToBare} (target ≥ 0.5); their product, harness/bare, ${figures.harnessToBare} (both targets need ≥ 0.275)`,
  );
  say(JSON.stringify(figures));
} finally {
  await Promise.all([reference.stop(), bare.stop()]);
}
