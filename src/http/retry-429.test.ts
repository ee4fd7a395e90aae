import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-429.js';

describe('retryDelayMs', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');

  it('reads Retry-After in seconds', () => {
    expect(retryDelayMs('1', 0, now)).toBe(1000);
    expect(retryDelayMs(' 0 ', 1, now)).toBe(0);
  });

  it('reads Retry-After as an HTTP date, never negative', () => {
    expect(retryDelayMs('Wed, 01 May 2024 12:00:03 GMT', 0, now)).toBe(3000);
    expect(retryDelayMs('Wed, 01 May 2024 11:59:00 GMT', 0, now)).toBe(0);
  });

  it('backs off by doubling when the header is missing or unreadable', () => {
    expect(retryDelayMs(undefined, 0, now)).toBe(250);
    expect(retryDelayMs(undefined, 1, now)).toBe(500);
    expect(retryDelayMs('soon', 2, now)).toBe(1000);
    expect(retryDelayMs('-5', 0, now)).toBe(250);
  });
});
