/**
 * One `restconform run` in a child process of the benchmark, through the same `runJob` the command line calls
 * (console reporter included), in fuzz mode against a running server. It counts with the run's own events,
 * samples its memory every second, records the first requests it sends (for autocannon to replay), optionally
 * stops after a number of requests, and sends one result message to the parent over IPC.
 *
 * Input (argv[2], JSON): { baseUrl, seed, examples, concurrency, timeBudgetSeconds, stopAfterRequests, recordLimit,
 * replayLimit },
 * and optionally { locales, contract, user } (default: both reference locales, the built-in contract, `admin`).
 * The application password is read from RESTCONFORM_APP_PASSWORD, as the command line does.
 */
import { runJob } from '../dist/jobs/run-job.js';
import { fuzzRunSettings } from './fuzz-settings.js';
import { createMemorySampler } from './memory-sampler.js';
import { createRecordingSender, evenlySpaced } from './recording-sender.js';

/**
 * @type {{ baseUrl: string, seed: number, examples: number, concurrency: number, timeBudgetSeconds: number | null,
 *   stopAfterRequests: number | null, recordLimit: number, replayLimit?: number, locales?: string[] | null, contract?: string,
 *   user?: string | null }}
 */
const input = JSON.parse(process.argv[2]);

const settings = fuzzRunSettings(input);

const controller = new AbortController();
// In long runs, every tenth sample also measures the live heap after a full collection (a few ms every 10 s).
const memory = createMemorySampler(1000, input.stopAfterRequests !== null && input.stopAfterRequests > 100_000 ? 10 : 0);
const recording = createRecordingSender(input.recordLimit);

/** The fuzz phase's own counters, from its `phase_finished` event, and the CPU time the process spent in it. */
let fuzz = { requests: 0, durationMs: 0, cpuMicros: 0, systemCpuMicros: 0, eventLoopBusy: 0 };
/** @type {NodeJS.CpuUsage | undefined} */
let cpuAtFuzzStart;
let exchanges = 0;
/**
 * The fuzz phase's first requests pay once for what later ones reuse: each operation's generators are built when
 * the phase first reaches it, and the code is not yet optimised. Counted apart, past this many, as the steady state.
 */
const STEADY_AFTER = 10_000;
let fuzzExchanges = 0;
/** @type {number | undefined} */
let steadyFromMs;
let steadyToMs = 0;
/** The event loop's busy share at the fuzz phase's start (`performance.eventLoopUtilization`), to measure the phase's. */
let eventLoopAtFuzzStart;
/** @type {import('../dist/engine/events.js').Reporter} */
const counter = {
  onEvent(event) {
    if (event.type === 'exchange') {
      exchanges += 1;
      memory.setRequests(exchanges);
      if (input.stopAfterRequests !== null && exchanges === input.stopAfterRequests) controller.abort();
      if (event.phase === 'fuzz' && ++fuzzExchanges === STEADY_AFTER) steadyFromMs = performance.now();
    } else if (event.type === 'phase_started' && event.phase === 'fuzz') {
      recording.markPhase();
      cpuAtFuzzStart = process.cpuUsage();
      eventLoopAtFuzzStart = performance.eventLoopUtilization();
    } else if (event.type === 'phase_finished' && event.phase === 'fuzz') {
      const cpu = process.cpuUsage(cpuAtFuzzStart);
      const eventLoopBusy = performance.eventLoopUtilization(eventLoopAtFuzzStart).utilization;
      fuzz = { requests: event.requests, durationMs: event.durationMs, cpuMicros: cpu.user + cpu.system, systemCpuMicros: cpu.system, eventLoopBusy };
      steadyToMs = performance.now();
    }
  },
  async close() {},
};

const { exitCode, result } = await runJob(settings, {
  console: process.stdout,
  signal: controller.signal,
  reporters: [counter],
  wrapSender: recording.wrap,
});
const samples = memory.stop();

process.send?.(
  {
    exitCode,
    stoppedEarly: result?.stoppedEarly ?? null,
    fuzzRequests: fuzz.requests,
    fuzzDurationMs: fuzz.durationMs,
    fuzzCpuMicros: fuzz.cpuMicros,
    fuzzSystemCpuMicros: fuzz.systemCpuMicros,
    // The main thread's busy share during the phase: below 1, it waited for answers with nothing to do.
    fuzzEventLoopBusy: fuzz.eventLoopBusy,
    // Requests per second after the first STEADY_AFTER fuzz requests (null when the phase sent no more than those).
    steadyRps: steadyFromMs === undefined || fuzzExchanges <= STEADY_AFTER ? null : (fuzzExchanges - STEADY_AFTER) / ((steadyToMs - steadyFromMs) / 1000),
    exchanges,
    operations: result?.summary.operations ?? 0,
    findings: result?.findings.length ?? 0,
    firstSendMs: recording.firstSendMs(),
    firstFuzzSendMs: recording.firstPhaseSendMs(),
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    memorySamples: samples,
    // Thinned here, evenly over the whole run, so the message stays small (autocannon replays at most this many).
    recorded: evenlySpaced(recording.recorded(), input.replayLimit ?? 2000),
  },
  () => process.disconnect(),
);
