import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadRunSettings } from './settings.js';
import { contractOperations } from '@restconform/interface';
import type { RunResult } from '../engine/engine.js';
import type { Reporter, RunEvent } from '../engine/events.js';
import { UsageError } from './errors.js';
import { exitCodeOf, runJob, type RunJobIo } from './run-job.js';
import { knownCheckNames } from './settings.js';
import { isLoopbackUrl } from './target.js';
import type { Fault } from '../engine/testing/faulty-server.js';
import { startFaultyServer } from '../engine/testing/faulty-server.js';

/** The locales' indexes read without credentials, as a WordPress that ignores a wrong application password there. */
const anonymousIndex: Fault = (request, forward) => {
  if (!/^\/[a-z_]+\/wp-json\/?$/.test(request.path)) return forward(request);
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
  return forward({ ...request, headers });
};

const quiet = { console: false as const };

describe('runJob on the bundled reference server', () => {
  it('covers every documented operation in both locales and finds nothing', async () => {
    const settings = loadRunSettings({ overrides: { seed: 3, fuzzExamples: 2, phases: ['examples', 'fuzz'], reportDir: null } });
    const { exitCode, result } = await runJob(settings, quiet);
    expect(result!.findings.filter((f) => f.severity === 'failure')).toEqual([]);
    expect(exitCode).toBe(0);
    const covered = new Set(result!.coverage.filter((c) => c.requests > 0).map((c) => `${c.locale} ${c.method} ${c.route}`));
    const documented = contractOperations().flatMap(({ route, method }) => ['en_gb', 'el'].map((locale) => `${locale} ${method} ${route}`));
    expect(documented.filter((op) => !covered.has(op))).toEqual([]);
    // Coverage lists declared operations only: probes of undeclared methods are not operations.
    expect(result!.coverage.map((c) => `${c.locale} ${c.method} ${c.route}`).filter((op) => !documented.includes(op))).toEqual([]);
  });
});

describe('runJob feeds its reporters', () => {
  it('isolates a failing reporter: the run and the other reporters go on, and the job then fails naming it', async () => {
    const failing: Reporter = {
      onEvent() {
        throw new Error('disk full');
      },
      close: async () => undefined,
    };
    const seen: RunEvent['type'][] = [];
    const recording: Reporter = { onEvent: (event) => void seen.push(event.type), close: async () => undefined };
    const settings = loadRunSettings({ overrides: { seed: 3, fuzzExamples: 1, phases: ['contract'], reportDir: null } });
    const error = await runJob(settings, { ...quiet, reporters: [failing, recording] }).catch((e: unknown) => e);
    expect(seen).toContain('run_finished');
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/^writing the reports failed: disk full/);
  });
});

describe('runJob refuses bad input with a usage error', () => {
  it('needs the application password in the environment when a user is named', async () => {
    const settings = loadRunSettings({ overrides: { user: 'admin', appPasswordEnv: 'RESTCONFORM_TEST_UNSET', reportDir: null } });
    await expect(runJob(settings, { ...quiet, env: {} })).rejects.toThrow(/RESTCONFORM_TEST_UNSET/);
  });

  it('names the address of an unreachable descriptor', async () => {
    const settings = loadRunSettings({ overrides: { baseUrl: 'http://127.0.0.1:9', locales: null, reportDir: null, timeoutMs: 2000 } });
    const error = await runJob(settings, quiet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain('http://127.0.0.1:9/wp-json/');
  });

  it('calls a host name that does not resolve a DNS failure, not a refused connection', async () => {
    const settings = loadRunSettings({ overrides: { baseUrl: 'http://no-such-host.invalid', locales: null, reportDir: null, timeoutMs: 2000 } });
    const lookup = ((hostname: string, _options: unknown, callback: (error: Error) => void) =>
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }))) as unknown as RunJobIo['lookup'];
    const error = await runJob(settings, { ...quiet, lookup }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      'cannot read descriptor http://no-such-host.invalid/wp-json/: name_not_resolved: the host name did not resolve (DNS): getaddrinfo ENOTFOUND no-such-host.invalid (ENOTFOUND)',
    );
  });
});

describe('exit codes and targets', () => {
  const result = (failures: number, stoppedEarly?: string): RunResult => ({
    summary: { requests: 1, operations: 1, failures, warnings: 0, known: 0, unanswered: 0, answeredAsRun: 1, refusedAsRun: 0, byCheck: {} },
    coverage: [],
    findings: [],
    stoppedEarly,
    incomplete: [],
    durationMs: 1,
  });

  it('maps a run to 0, 1 or 130', () => {
    expect(exitCodeOf(result(0))).toBe(0);
    expect(exitCodeOf(result(0, 'time budget'))).toBe(0);
    expect(exitCodeOf(result(2))).toBe(1);
    expect(exitCodeOf(result(0, 'target stopped answering'))).toBe(1);
    expect(exitCodeOf(result(3, 'interrupted'))).toBe(130);
  });

  it('knows loopback by name only', () => {
    expect(isLoopbackUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isLoopbackUrl('http://127.9.8.7')).toBe(true);
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:80')).toBe(true);
    expect(isLoopbackUrl('http://api.example.test')).toBe(false);
    expect(isLoopbackUrl('http://10.0.0.1')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });

  it('lists stateless and phase checks', () => {
    expect(knownCheckNames()).toEqual(expect.arrayContaining(['not_a_server_error', 'invalid_rejected', 'pagination_bounds']));
  });
});

describe('runJob checks every account before the phases', () => {
  const WRONG = 'wrong wrong wrong wrong';

  it('stops with a usage error naming a further account and its variable when its password is refused, never the password', async () => {
    const settings = loadRunSettings({
      overrides: {
        seed: 3,
        phases: ['examples'],
        fuzzExamples: 1,
        reportDir: null,
        accounts: [{ user: 'member', role: 'member', appPasswordEnv: 'H9_MEMBER_PW' }],
      },
    });
    const error = await runJob(settings, { ...quiet, env: { H9_MEMBER_PW: WRONG } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).toMatch(/\bmember\b/);
    expect(message).toContain('H9_MEMBER_PW');
    expect(message).not.toContain(WRONG);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('stops naming the main account and its variable when the index answers it and its …/me read refuses it', async () => {
    // As WordPress does when the index is read without the credentials: the descriptor loads, the account does not.
    const server = await startFaultyServer({ seed: 3, faults: [anonymousIndex] });
    try {
      const settings = loadRunSettings({
        overrides: { seed: 3, baseUrl: server.url, phases: ['examples'], fuzzExamples: 1, reportDir: null, user: 'admin', appPasswordEnv: 'H9_ADMIN_PW' },
      });
      const error = await runJob(settings, { ...quiet, env: { H9_ADMIN_PW: WRONG } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      const message = (error as Error).message;
      expect(message).toMatch(/\badmin\b/);
      expect(message).toContain('H9_ADMIN_PW');
      expect(message).toMatch(/\/me\b.*401/);
      expect(message).not.toContain(WRONG);
    } finally {
      await server.close();
    }
  });

  it('names the main account when even its descriptor read is refused', async () => {
    const settings = loadRunSettings({
      overrides: { seed: 3, phases: ['examples'], fuzzExamples: 1, reportDir: null, user: 'admin', appPasswordEnv: 'H9_ADMIN_PW' },
    });
    const error = await runJob(settings, { ...quiet, env: { H9_ADMIN_PW: WRONG } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain('H9_ADMIN_PW');
    expect((error as Error).message).not.toContain(WRONG);
  });
});

describe('runJob on a plain WordPress without --locales none', () => {
  it('says that {base_url}/{rest_root}/ answers a descriptor and to pass --locales none', async () => {
    const index = await readFile(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8');
    const server = createServer((request, response) => {
      if (request.url === '/wp-json/') {
        response.setHeader('content-type', 'application/json; charset=UTF-8');
        return response.end(index);
      }
      response.statusCode = 404;
      response.end('<html>Not Found</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const settings = loadRunSettings({ overrides: { baseUrl: url, reportDir: null } });
      const error = await runJob(settings, quiet).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      const message = (error as Error).message;
      expect(message).toContain(`${url}/en_gb/wp-json/ answered HTTP 404`);
      expect(message).toContain(`${url}/wp-json/ answers a descriptor`);
      expect(message).toContain('--locales none');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
