import { describe, expect, it } from 'vitest';
import { checks, loadTarget, run } from './index.js';

describe('restconform as a library', () => {
  it("lists every check with its severity and rule, and the phase of a phase's own", () => {
    const names = checks.map((check) => check.name);
    expect(names).toContain('not_a_server_error');
    expect(new Set(names).size).toBe(names.length);
    expect(checks.find((check) => check.name === 'not_a_server_error')).toEqual({
      name: 'not_a_server_error',
      severity: 'failure',
      description: expect.any(String),
    });
    expect(checks.find((check) => check.name === 'batch_size_limit')?.phase).toBe('batch');
    expect(checks.every((check) => check.description.length > 10)).toBe(true);
  });

  it("loads the bundled server as a target and runs against it with the target's credentials", async () => {
    const target = await loadTarget({ locales: ['en_gb'], seed: 4 });
    try {
      expect(target.bundled).toBe(true);
      expect(target.descriptors.map((descriptor) => descriptor.locale)).toEqual(['en_gb']);
      expect(target.credentials?.user).toBe('admin');
      const outcome = await run({ target, seed: 4, fuzzExamples: 1, phases: ['examples', 'auth'] });
      expect(outcome.exitCode).toBe(0);
      expect(outcome.settings.baseUrl).toBe(target.baseUrl);
      // The auth phase ran: the run logged in with the target's credentials.
      expect(outcome.coverage.filter((entry) => entry.requests > 0)).toHaveLength(target.operations.length);
      expect(outcome.summary.failures).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('starts the bundled server by itself without a target, and names an unreachable one', async () => {
    const outcome = await run({ seed: 2, locales: ['en_gb'], phases: ['examples'], fuzzExamples: 1, checks: ['not_a_server_error'] });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.settings.baseUrl ?? null).toBeNull();
    expect(outcome.summary.requests).toBeGreaterThan(100);
    await expect(run({ baseUrl: 'http://127.0.0.1:9', locales: null, timeoutMs: 2000 })).rejects.toThrow(/127\.0\.0\.1:9/);
  });

  it("spells plain WordPress locales: 'none' as run and the command line do, and still takes null", async () => {
    // An unreachable target: the address tried shows which descriptor was asked for (no locale segment).
    for (const locales of ['none', null] as const) {
      await expect(loadTarget({ baseUrl: 'http://127.0.0.1:9', locales, timeoutMs: 2000 })).rejects.toThrow(/127\.0\.0\.1:9\/wp-json\//);
      await expect(run({ baseUrl: 'http://127.0.0.1:9', locales, timeoutMs: 2000 })).rejects.toThrow(/127\.0\.0\.1:9\/wp-json\//);
    }
    await expect(loadTarget({ baseUrl: 'http://127.0.0.1:9', locales: ['en gb'] })).rejects.toThrow(
      /loadTarget: locales.*"en gb" is not a locale path segment/,
    );
  });

  it('wants the password of a named user', async () => {
    await expect(loadTarget({ baseUrl: 'http://127.0.0.1:9', user: 'admin' })).rejects.toThrow(
      'loadTarget: user admin needs its application password (appPassword)',
    );
  });
});
