/**
 * One `restconform run --phases fuzz` in a child of `bench/harness-cpu.js`, through `runJob` as the command line
 * runs it, whose fuzz requests are either sent to the server and their answers recorded (`record`), or answered
 * in process from that recording (`replay`: no transport, no server). The descriptors and the run's set-up still
 * go to the server. Sends one result message to the parent over IPC.
 *
 * Input (argv[2], JSON): { mode: 'record' | 'replay', baseUrl, seed, requests, concurrency, recording } where
 * `recording` is the file the answers are written to or read from. The application password is read from
 * RESTCONFORM_APP_PASSWORD, as the command line does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { runJob } from '../dist/jobs/run-job.js';
import { fuzzRunSettings } from './fuzz-settings.js';

/** @type {{ mode: 'record' | 'replay', baseUrl: string, seed: number, requests: number, concurrency: number, recording: string }} */
const input = JSON.parse(process.argv[2]);
/** Requests past this many count as the steady state: every operation has been built and reached by then. */
const WARM_REQUESTS = Math.min(10_000, Math.floor(input.requests / 3));

// Examples enough that the request count, not the examples, ends the run.
const settings = fuzzRunSettings({ baseUrl: input.baseUrl, seed: input.seed, examples: 100_000, timeBudgetSeconds: null, concurrency: input.concurrency });

/** A request's identity in the recording: method, URL with its query, and body. */
const keyOf = (request) => `${request.method} ${request.url}\n${request.body ?? ''}`;
/** @type {Map<string, { status: number, headers: Record<string, string>, bodyText: string }>} */
const answers = input.mode === 'replay' ? deserialize(readFileSync(input.recording)) : new Map();
let unrecorded = 0;

/**
 * @param {import('../dist/engine/execution/execution.js').Sender} sender
 * @returns {import('../dist/engine/execution/execution.js').Sender}
 */
const wrapSender = (sender) => ({
  send(request, signal) {
    if (input.mode === 'record') {
      return sender.send(request, signal).then((exchange) => {
        if (exchange.response)
          answers.set(keyOf(request), { status: exchange.response.status, headers: exchange.response.headers, bodyText: exchange.response.bodyText });
        return exchange;
      });
    }
    const answer = answers.get(keyOf(request));
    // A request the recording does not hold (ids made by this run differ where the run's order did): sent for real.
    if (answer === undefined) {
      unrecorded += 1;
      return sender.send(request, signal);
    }
    // Parsed here as the transport parses it, so the replay pays for the JSON as a real run does.
    let json;
    try {
      json = JSON.parse(answer.bodyText);
    } catch {
      json = undefined;
    }
    const response = { status: answer.status, headers: answer.headers, bodyText: answer.bodyText, truncated: false, json };
    return new Promise((resolve) => setImmediate(() => resolve({ request, response, durationMs: 1 })));
  },
});

const controller = new AbortController();
let exchanges = 0;
/** @type {NodeJS.CpuUsage | undefined} */
let phaseStart;
let cpuAtWarm = 0;
let result = { requests: 0, cpuMicros: 0 };
const cpuSince = (start) => {
  const used = process.cpuUsage(start);
  return used.user + used.system;
};
/** @type {import('../dist/engine/events.js').Reporter} */
const counter = {
  onEvent(event) {
    if (event.type === 'phase_started' && event.phase === 'fuzz') phaseStart = process.cpuUsage();
    else if (event.type === 'exchange' && event.phase === 'fuzz') {
      exchanges += 1;
      if (exchanges === WARM_REQUESTS) cpuAtWarm = cpuSince(phaseStart);
      if (exchanges === input.requests) controller.abort();
    } else if (event.type === 'phase_finished' && event.phase === 'fuzz') result = { requests: event.requests, cpuMicros: cpuSince(phaseStart) };
  },
  async close() {},
};
const quiet = { write: () => true };
await runJob(settings, { console: quiet, signal: controller.signal, reporters: [counter], wrapSender });
if (input.mode === 'record') writeFileSync(input.recording, serialize(answers));

process.send?.(
  {
    requests: result.requests,
    warmRequests: WARM_REQUESTS,
    microsPerRequest: result.cpuMicros / result.requests,
    warmMicros: cpuAtWarm,
    steadyMicrosPerRequest: (result.cpuMicros - cpuAtWarm) / (result.requests - WARM_REQUESTS),
    unrecorded,
  },
  () => process.disconnect(),
);
