import { describe, expect, it } from 'vitest';
import { runJob } from '../../../jobs/run-job.js';
import { loadRunSettings } from '../../../jobs/index.js';
import { operationSeed } from '../../../generate/index.js';
import { syntheticOperation } from '../../../schema/testing/synthetic-operations.js';
import { ROUND_SIZE, roundSeed } from './index.js';

describe('fuzz rounds', () => {
  it('keeps the operation seed for round 0, so short runs are unchanged, and gives later rounds their own', () => {
    const op = syntheticOperation('GET', '/x/v1/items', {});
    expect(roundSeed(7, op, 'valid', 0)).toBe(operationSeed(7, `${op.id} valid`));
    expect(roundSeed(7, op, 'valid', 1)).not.toBe(roundSeed(7, op, 'valid', 0));
    expect(roundSeed(7, op, 'invalid', 1)).not.toBe(roundSeed(7, op, 'valid', 1));
  });

  it('reaches every operation before the run is stopped, however many examples were asked for', async () => {
    // Far more examples than the run is let send: spent operation by operation, the first few would take them all.
    // The run is stopped after a count of requests, not a time, so a busy machine changes nothing: shard 1/16 holds
    // whole route families (the members family: some 50 operations), and round 0 of every operation fits in STOP_AFTER.
    const STOP_AFTER = 3_000;
    const stop = new AbortController();
    let sent = 0;
    const settings = loadRunSettings({
      overrides: { seed: 2, fuzzExamples: 400 * ROUND_SIZE, timeBudgetSeconds: 3_600, phases: ['fuzz'], shard: { index: 1, count: 16 }, reportDir: null },
    });
    const { result } = await runJob(settings, {
      console: false,
      signal: stop.signal,
      wrapSender: (sender) => ({
        ...sender,
        send: (request, signal) => {
          sent += 1;
          if (sent === STOP_AFTER) stop.abort();
          return sender.send(request, signal);
        },
      }),
    });
    expect(result!.stoppedEarly).toBe('interrupted');
    const untouched = result!.coverage.filter((entry) => entry.requests === 0).map((entry) => `${entry.locale} ${entry.method} ${entry.route}`);
    expect(untouched).toEqual([]);
    expect(result!.coverage.length).toBeGreaterThan(10);
  });
});

describe('boundary ids', () => {
  it('sends a boundary id in a valid case, so a route that requires other arguments gets them', async () => {
    const { startFaultyServer } = await import('../../testing/faulty-server.js');
    const { editDescriptor, requiresUndeclared } = await import('../../testing/faults.js');
    const { runPhase } = await import('../../testing/phase-run.js');
    const { fuzzPhase } = await import('./index.js');
    const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;
    // Deleting a member requires `reassign` (as core's users route does), and the server refuses a delete without it.
    const server = await startFaultyServer({
      seed: 2,
      faults: [
        editDescriptor((root) => {
          const remove = root.routes[MEMBER]!.endpoints.find((endpoint) => (endpoint as { methods?: string[] }).methods?.includes('DELETE'))!;
          remove.args.reassign = { type: 'integer', required: true };
        }),
        requiresUndeclared('DELETE', /^\/community\/v1\/members\/\d+$/, 'reassign'),
      ],
    });
    try {
      const result = await runPhase(fuzzPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
      // (invalid_rejected fires too: the fault takes reassign out before the server could validate it.)
      const boundary = result.findings.filter((finding) => finding.route === MEMBER && finding.method === 'DELETE' && finding.check === 'valid_accepted');
      expect(boundary.map((finding) => `${finding.check}: ${finding.message}`)).toEqual([]);
      expect(result.requests).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('reports a server that answers 500 to a 20-digit id, and keeps quiet on one that answers 404', async () => {
    const { startFaultyServer } = await import('../../testing/faulty-server.js');
    const { answerInstead, serverError } = await import('../../testing/faults.js');
    const { runPhase } = await import('../../testing/phase-run.js');
    const { fuzzPhase, BOUNDARY_IDS } = await import('./index.js');
    expect(BOUNDARY_IDS).toContain('12345678901234567890');
    const broken = await startFaultyServer({ seed: 2, faults: [answerInstead('GET', /^\/community\/v1\/members\/\d{20}$/, serverError('db_error'))] });
    const clean = await startFaultyServer({ seed: 2, faults: [] });
    try {
      const found = await runPhase(fuzzPhase, { url: broken.url, locales: ['en_gb'], credentials: broken.credentials.admin });
      const lines = found.findings
        .filter((finding) => finding.severity === 'failure')
        .map((finding) => `${finding.check} ${finding.method} ${finding.route} ${finding.curl.at(-1)}`);
      expect(
        lines.some((line) => line.startsWith('not_a_server_error GET /community/v1/members/(?P<id>[\\d]+)') && line.includes('/members/12345678901234567890')),
      ).toBe(true);
      const quiet = await runPhase(fuzzPhase, { url: clean.url, locales: ['en_gb'], credentials: clean.credentials.admin });
      // Every route quiet, those that require arguments besides the id too: a boundary id is sent in a valid case.
      expect(
        quiet.findings
          .filter((finding) => finding.severity === 'failure')
          .map((finding) => `${finding.check} ${finding.method} ${finding.route}: ${finding.message}`),
      ).toEqual([]);
    } finally {
      await Promise.all([broken.close(), clean.close()]);
    }
  });
});

describe('a failing delete that was carried out', () => {
  it('is reported as a failure as it was sent: a re-send would meet a resource already gone', async () => {
    const { startFaultyServer } = await import('../../testing/faulty-server.js');
    const { rewriteAnswers } = await import('../../testing/faults.js');
    const { runPhase } = await import('../../testing/phase-run.js');
    const { fuzzPhase } = await import('./index.js');
    // Carried-out deletes of profile groups answer HTML; the re-send of one meets a 404 in JSON.
    const htmlDeletes = rewriteAnswers('DELETE', /^\/community\/v1\/profile\/groups\/\d+$/, (answer) =>
      answer.status === 200 ? { ...answer, headers: { ...answer.headers, 'content-type': 'text/html; charset=UTF-8' } } : answer,
    );
    const server = await startFaultyServer({ seed: 2, faults: [htmlDeletes] });
    try {
      const result = await runPhase(fuzzPhase, {
        url: server.url,
        locales: ['en_gb'],
        credentials: server.credentials.admin,
        examples: 2 * ROUND_SIZE,
        only: /^(GET|POST|DELETE) \/community\/v1\/profile\/groups/,
      });
      const deletes = result.findings.filter((finding) => finding.method === 'DELETE' && finding.check === 'json_content_type');
      expect(deletes.map((finding) => [finding.severity, finding.response?.status, finding.message.includes('did not fail again')])).toEqual([
        ['failure', 200, false],
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('a failing create that was carried out', () => {
  it('is reported as a failure as it was sent: a re-send would be refused as a duplicate of what it made', async () => {
    const { startFaultyServer } = await import('../../testing/faulty-server.js');
    const { acceptsMissing } = await import('../../testing/faults.js');
    const { runPhase } = await import('../../testing/phase-run.js');
    const { fuzzPhase } = await import('./index.js');
    // A signup without its required password is accepted (201); the same address sent again is already used (400).
    const server = await startFaultyServer({ seed: 2, faults: [acceptsMissing('POST', /^\/community\/v1\/signup$/, 'signup_password', 'a-password-1')] });
    try {
      const result = await runPhase(fuzzPhase, {
        url: server.url,
        locales: ['en_gb'],
        credentials: server.credentials.admin,
        examples: 2 * ROUND_SIZE,
        only: /^POST \/community\/v1\/signup$/,
      });
      const accepted = result.findings.filter((finding) => finding.check === 'invalid_rejected' && finding.argument === 'signup_password');
      expect(accepted.map((finding) => [finding.severity, finding.response?.status, finding.message.includes('did not fail again')])).toEqual([
        ['failure', 201, false],
      ]);
    } finally {
      await server.close();
    }
  });
});
