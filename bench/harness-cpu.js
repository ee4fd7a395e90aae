/**
 * `npm run bench:cpu`: the harness's own CPU time per fuzz request, without the transport or a server's work.
 *
 * A run's fuzz requests are sent once to a freshly seeded reference server and their answers recorded; the same
 * run (same seed, so the same requests) is then replayed `--rounds` times, each in a fresh process, answered in
 * process from the recording. What a replay spends is what the harness itself does per request: generation, the
 * rule book, building the request, every check, bookkeeping and events, parsing the answer's JSON. Printed: the
 * CPU per request over the whole phase, over its first requests (generators built as the phase reaches each
 * operation, code not yet optimised) and in the steady state after them; medians over the replays, JSON last.
 *
 * `npm run bench` compares the harness with the server on a busy two-core machine, where CPU time moves with the
 * neighbours' load; this measures one side alone, so two checkouts can be compared by running it in each, in turn,
 * a few times. Options: `--requests N` (30000), `--rounds N` (replays, 3), `--seed N`, `--connections N`, `--cpu-prof DIR`
 * (a `node --cpu-prof` profile of each replay; summarise one with `node bench/profile-top.js FILE.cpuprofile`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseBenchArgs } from './args.js';
import { profileFlags, runChild, spawnListening } from './children.js';

const options = parseBenchArgs(process.argv.slice(2));
const requests = options.requests ?? 30_000;
const env = { ...process.env, RESTCONFORM_APP_PASSWORD: randomBytes(18).toString('base64url') };
const say = (line) => process.stdout.write(`${line}\n`);
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fixed = (value) => Number(value.toFixed(1));

const scratch = mkdtempSync(join(tmpdir(), 'restconform-bench-cpu-'));
const recording = join(scratch, 'answers.v8');
const server = await spawnListening('bin/restconform.js', ['serve', '--port', '0', '--seed', String(options.seed)], { env });
try {
  const input = { baseUrl: server.url, seed: options.seed, requests, concurrency: options.connections, recording };
  const recorded = await runChild('bench/harness-cpu-child.js', { ...input, mode: 'record' }, { env });
  say(
    `recorded: ${recorded.requests} fuzz requests against the reference server (${fixed(recorded.microsPerRequest)} µs of harness CPU each, transport included)`,
  );
  const replays = [];
  for (let round = 0; round < options.rounds; round++) {
    const replay = await runChild(
      'bench/harness-cpu-child.js',
      { ...input, mode: 'replay' },
      { env, nodeFlags: profileFlags(options.cpuProfileDir, `replay-${round + 1}`) },
    );
    replays.push(replay);
    say(
      `replay ${round + 1} of ${options.rounds}: ${fixed(replay.microsPerRequest)} µs per request; first ${replay.warmRequests}: ${fixed(replay.warmMicros / 1000)} ms in all; then ${fixed(replay.steadyMicrosPerRequest)} µs each (${replay.unrecorded} requests not in the recording, sent)`,
    );
  }
  const summary = {
    requests,
    replays: replays.length,
    microsPerRequest: fixed(median(replays.map((r) => r.microsPerRequest))),
    warmRequests: replays[0].warmRequests,
    warmMs: fixed(median(replays.map((r) => r.warmMicros / 1000))),
    steadyMicrosPerRequest: fixed(median(replays.map((r) => r.steadyMicrosPerRequest))),
  };
  say(
    `harness CPU per fuzz request, transport and server left out (median of ${replays.length}): ${summary.microsPerRequest} µs over the phase; the first ${summary.warmRequests} requests ${summary.warmMs} ms in all, then ${summary.steadyMicrosPerRequest} µs each`,
  );
  say(JSON.stringify(summary));
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
