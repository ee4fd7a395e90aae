/**
 * A target that serves its descriptors and answers nothing else: the work before the phases (the run's own
 * accounts' `…/me`, the published schemas, asked route by route once a namespace's answer fails) must not outlast
 * the run's time budget. It is bounded, and a target that answered none of it stops the run as a dead one does.
 */
import { describe, expect, it } from 'vitest';
import { runJob } from '../jobs/run-job.js';
import { loadRunSettings } from '../jobs/index.js';
import { startFaultyServer, type Fault } from './testing/faulty-server.js';

const PASSWORD_ENV = 'HANGING_TARGET_APP_PASSWORD';
const BUDGET_SECONDS = 3;

describe('a target that hangs on everything but its descriptors', () => {
  it('ends the run near its time budget, says why, and is incomplete', async () => {
    const hung: Array<() => void> = [];
    // Never answers (until the server closes): only the harness's own timeout ends each request.
    const hangs: Fault = async (request, forward) => {
      if (/^\/[a-z_]+\/wp-json\/?$/.test(request.path)) return forward(request);
      await new Promise<void>((resolve) => hung.push(resolve));
      return { status: 503, headers: {}, body: '' };
    };
    const server = await startFaultyServer({ seed: 5, faults: [hangs] });
    const started = Date.now();
    try {
      const settings = loadRunSettings({
        overrides: {
          baseUrl: server.url,
          phases: ['examples', 'schemas'],
          seed: 1,
          fuzzExamples: 1,
          timeoutMs: 1000,
          connections: 2,
          timeBudgetSeconds: BUDGET_SECONDS,
          user: server.credentials.admin.user,
          appPasswordEnv: PASSWORD_ENV,
          reportDir: null,
        },
      });
      const { exitCode, result } = await runJob(settings, { console: false, env: { [PASSWORD_ENV]: server.credentials.admin.password } });
      const seconds = (Date.now() - started) / 1000;
      expect(seconds).toBeLessThan(BUDGET_SECONDS + 10);
      expect(result!.stoppedEarly).toMatch(/^target stopped answering: /);
      expect(result!.incomplete.length).toBeGreaterThan(0);
      expect(exitCode).toBe(1);
    } finally {
      for (const resolve of hung) resolve();
      await server.close();
    }
  }, 600_000);
});
