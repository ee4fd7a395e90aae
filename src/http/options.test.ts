import { describe, expect, it } from 'vitest';
import { resolveTransportOptions } from './options.js';

describe('resolveTransportOptions', () => {
  it('fills in the documented defaults', () => {
    expect(resolveTransportOptions()).toEqual({
      connections: 16,
      timeoutMs: 10_000,
      maxBodyBytes: 1_048_576,
      maxRedirects: 5,
      retry429: { maxRetries: 2, maxWaitMs: 5000 },
      rateLimit: null,
      lookup: null,
    });
  });

  it('keeps what the caller set, and turns retries off with false', () => {
    const resolved = resolveTransportOptions({ connections: 2, retry429: { maxWaitMs: 100 }, rateLimit: 50 });
    expect(resolved.connections).toBe(2);
    expect(resolved.retry429).toEqual({ maxRetries: 2, maxWaitMs: 100 });
    expect(resolved.rateLimit).toBe(50);
    expect(resolveTransportOptions({ retry429: false }).retry429).toBeNull();
  });

  it.each([
    [{ timeoutMs: 0 }, /timeoutMs must be an integer ≥ 1/],
    [{ maxBodyBytes: -1 }, /maxBodyBytes/],
    [{ maxRedirects: Number.NaN }, /maxRedirects/],
    [{ rateLimit: Number.POSITIVE_INFINITY }, /rateLimit must be a positive number/],
    [{ retry429: { maxWaitMs: -1 } }, /retry429.maxWaitMs/],
  ])('refuses %o', (options, message) => {
    expect(() => resolveTransportOptions(options)).toThrow(message);
  });
});
