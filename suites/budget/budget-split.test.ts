/**
 * The `ci` profile with a 300 s budget against a server answering 16 requests a second (a pacing proxy on
 * loopback in front of the reference server): every phase runs, and the result says how the budget was spent.
 *
 * Scaled to run in seconds: the server is made `RESTCONFORM_BUDGET_SCALE` times faster (default 20) and the
 * budget as many times shorter, so the run has the same number of requests to share out (300 s × 16/s = 4800).
 * `RESTCONFORM_BUDGET_SCALE=1` runs the real thing (five minutes).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { type RunSettings } from '../../src/config/index.js';
import { knownPhaseNames, loadRunSettings } from '../../src/jobs/index.js';
import { startFaultyServer, type Fault } from '../../src/engine/testing/faulty-server.js';

const PASSWORD_ENV = 'RESTCONFORM_TEST_APP_PASSWORD';
const SCALE = Number(process.env.RESTCONFORM_BUDGET_SCALE ?? 20);
const RATE = 16 * SCALE;
const BUDGET_SECONDS = 300 / SCALE;

/** A server that answers one request at a time, `requestsPerSecond` of them a second: the rest queue. */
function pacedAt(requestsPerSecond: number): Fault {
  let freeAt = 0;
  return async (request, forward) => {
    const now = Date.now();
    freeAt = Math.max(now, freeAt) + 1000 / requestsPerSecond;
    await sleep(freeAt - now);
    return forward(request);
  };
}

describe('time budget split between phases', () => {
  it(
    `runs every phase of the ci profile in ${BUDGET_SECONDS} s against a server answering ${RATE} requests a second`,
    async () => {
      const server = await startFaultyServer({ seed: 3, faults: [pacedAt(RATE)] });
      try {
        const loaded = loadRunSettings({
          profile: 'ci',
          overrides: { baseUrl: server.url, timeBudgetSeconds: BUDGET_SECONDS, user: server.credentials.admin.user, appPasswordEnv: PASSWORD_ENV },
        });
        const settings: RunSettings = { ...loaded, reportDir: null, json: null, html: null, junit: null, ndjson: null };
        const { result } = await runJob(settings, { console: false, env: { [PASSWORD_ENV]: server.credentials.admin.password } });
        const budget = result!.budget!;
        expect(budget.budgetMs).toBe(BUDGET_SECONDS * 1000);
        // Every phase of the profile ran, in order, and sent requests (contract compares descriptors only).
        expect(budget.phases.map((entry) => entry.phase)).toEqual(knownPhaseNames());
        for (const entry of budget.phases.filter((phase) => phase.phase !== 'contract' && phase.phase !== 'schemas'))
          expect(entry.requests, entry.phase).toBeGreaterThan(0);
        // At this pace the open-ended phases cannot finish: their shares ran out, which left time for the last three.
        expect(budget.phases.filter((entry) => entry.cutShort).map((entry) => entry.phase)).toEqual(expect.arrayContaining(['examples', 'fuzz']));
        // The measured pace is the server's, not the harness's.
        expect(result!.rate!.requestsPerSecond).toBeLessThanOrEqual(RATE * 1.1);
      } finally {
        await server.close();
      }
    },
    (BUDGET_SECONDS + 60) * 1000,
  );
});
