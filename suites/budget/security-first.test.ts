/**
 * Security evidence first: with a time budget far too short for the phases against a slow server, the probes that
 * judge who may read or write what still go out (the stateful phase's activation of a signup by its id as
 * anonymous, the auth phase's account probes and its lists read as every identity); the access matrix's writes that
 * could not go out are named as incomplete.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import { restPath } from '../../src/engine/testing/faults.js';
import { startFaultyServer, type Fault, type ForwardedRequest } from '../../src/engine/testing/faulty-server.js';

const PASSWORD_ENV = 'RESTCONFORM_TEST_APP_PASSWORD';
/** Each request waits this long before it reaches the server. */
const DELAY_MS = 10;

function slowed(seen: ForwardedRequest[]): Fault {
  return async (request, forward) => {
    seen.push(request);
    await sleep(DELAY_MS);
    return forward(request);
  };
}

describe('security evidence first', () => {
  it('sends the anonymous activation by id and the lists as every identity though the shares are spent', async () => {
    const seen: ForwardedRequest[] = [];
    const server = await startFaultyServer({ seed: 3, faults: [slowed(seen)] });
    try {
      const settings = loadRunSettings({
        overrides: {
          seed: 3,
          baseUrl: server.url,
          phases: ['stateful', 'auth'],
          timeBudgetSeconds: 2,
          reportDir: null,
          user: server.credentials.admin.user,
          appPasswordEnv: PASSWORD_ENV,
        },
      });
      const { result } = await runJob(settings, { console: false, env: { [PASSWORD_ENV]: server.credentials.admin.password } });
      const anonymous = seen.filter((request) => request.headers.authorization === undefined);
      const paths = (method: string, pattern: RegExp): string[] =>
        anonymous.filter((request) => request.method === method && pattern.test(restPath(request)?.path ?? '')).map((request) => request.path);
      const unsent = result!.incomplete.filter((reason) => /security probe|account probes|who may read what/.test(reason));
      // The shares were spent: the phases were cut short.
      expect(result!.budget!.phases.some((entry) => entry.cutShort)).toBe(true);
      // Each probe went out, and the run does not call itself incomplete for them.
      expect(unsent).toEqual([]);
      expect(paths('POST', /^\/community\/v1\/signup\/activate\//).length).toBeGreaterThan(0);
      expect(paths('GET', /^\/community\/v1\/members\/\d+$/).length).toBeGreaterThan(0);
      // The access matrix's writes (a thousand requests at this pace) cannot all go out: the run names them.
      expect(result!.incomplete).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ writes of the access matrix not sent as every identity/)]));
    } finally {
      await server.close();
    }
  }, 60_000);
});
