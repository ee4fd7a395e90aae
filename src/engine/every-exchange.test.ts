/**
 * Every exchange of every phase goes through the checks that judge any answer, `response_received` first: a
 * server that serves its descriptors and lets every other request hang must fail the run whatever phases run,
 * and a 5xx in the middle of a sequence is a finding of its own.
 */
import { describe, expect, it } from 'vitest';
import { runJob } from '../jobs/run-job.js';
import { loadRunSettings } from '../jobs/index.js';
import { answerInstead } from './testing/faults.js';
import { startFaultyServer, type Fault } from './testing/faulty-server.js';

const PASSWORD_ENV = 'EVERY_EXCHANGE_APP_PASSWORD';

/**
 * Answers the root descriptors, the item schemas they publish (`?context=help`) and the run's own account
 * (`…/me`); every other request waits longer than the harness's timeout. What the run reads before the phases is
 * answered so that this test is about the phases' requests: a target that hangs there too stops the run before
 * its phases (the dead-target rule, timeouts counted), which hanging-target.test.ts shows.
 */
const hangsBeyondDescriptors: Fault = async (request, forward) => {
  if (/^\/[a-z_]+\/wp-json\/?$/.test(request.path)) return forward(request);
  if (request.method === 'GET' && /^\/[a-z_]+\/wp-json\/[^?]+(\?context=help|\/me)$/.test(request.path)) return forward(request);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
};

async function runAgainst(faults: Fault[], phases: string[], timeBudgetSeconds: number | null = null, signal?: AbortSignal) {
  const server = await startFaultyServer({ seed: 5, faults });
  try {
    const settings = loadRunSettings({
      overrides: {
        baseUrl: server.url,
        phases,
        seed: 1,
        fuzzExamples: 1,
        timeoutMs: 300,
        connections: 8,
        timeBudgetSeconds,
        user: server.credentials.admin.user,
        appPasswordEnv: PASSWORD_ENV,
        reportDir: null,
      },
    });
    return await runJob(settings, { console: false, env: { [PASSWORD_ENV]: server.credentials.admin.password }, signal });
  } finally {
    await server.close();
  }
}

describe('every exchange is checked', () => {
  it('fails a run whose locale phase got no answer before its time budget ended', async () => {
    const { exitCode, result } = await runAgainst([hangsBeyondDescriptors], ['locale'], 2);
    expect(result!.stoppedEarly).toBe('time budget');
    const unanswered = result!.findings.filter((finding) => finding.check === 'response_received');
    expect(unanswered.length).toBeGreaterThan(0);
    expect(unanswered.every((finding) => finding.replay.phase === 'locale' && /timeout/.test(finding.message))).toBe(true);
    expect(exitCode).toBe(1);
  });

  it('reports a 5xx met in the middle of a stateful sequence', async () => {
    const crash = answerInstead('POST', /\/community\/v1\/profile\/groups(\?|$)/, {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: '{"code":"boom","message":"boom","data":{"status":500}}',
    });
    const { result } = await runAgainst([crash], ['stateful']);
    const crashes = result!.findings.filter((finding) => finding.check === 'not_a_server_error');
    expect(crashes.map((finding) => `${finding.method} ${finding.route} ${finding.replay.phase}`)).toContain('POST /community/v1/profile/groups stateful');
  });
});

describe('requests cut off by the end of the run', () => {
  it('are counted unanswered, noted on their operations, and not blamed on the server', async () => {
    const controller = new AbortController();
    let seen = 0;
    const slow: Fault = async (request, forward) => {
      // Past the descriptors, the look-up of the run's own account and the published schemas (context=help,
      // OPTIONS), an examples request: the run ends (as Ctrl-C would) while requests wait for their answers.
      if (request.method === 'GET' && /\/community\/v1\/components\?/.test(request.path) && ++seen === 1) {
        setTimeout(() => controller.abort(), 200);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return forward(request);
    };
    const { exitCode, result } = await runAgainst([slow], ['examples'], null, controller.signal);
    expect(exitCode).toBe(130);
    expect(result!.summary.unanswered).toBeGreaterThan(0);
    expect(result!.coverage.some((entry) => entry.notes.includes('requests cut off unanswered by the end of the run'))).toBe(true);
    expect(result!.findings.filter((finding) => finding.check === 'response_received')).toEqual([]);
  });
});
