import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationSeed, stableHash } from './seed.js';
import { verified } from './verified.js';

describe('operationSeed', () => {
  it('is stable, a 32-bit unsigned integer, and depends on both the run seed and the operation', () => {
    const id = 'en_gb GET /community/v1/members';
    expect(operationSeed(42, id)).toBe(operationSeed(42, id));
    expect(operationSeed(42, id)).not.toBe(operationSeed(43, id));
    expect(operationSeed(42, id)).not.toBe(operationSeed(42, 'el GET /community/v1/members'));
    expect(Number.isInteger(operationSeed(42, id)) && operationSeed(42, id) >= 0 && operationSeed(42, id) < 2 ** 32).toBe(true);
    expect(stableHash('')).toBe(0x811c9dc5);
  });
});

describe('verified', () => {
  it('filters a source that mostly passes', () => {
    const values = verified(fc.integer({ min: 0, max: 9 }), (n) => n < 8);
    expect(values).not.toBeNull();
    expect(fc.sample(values as fc.Arbitrary<number>, { seed: 1, numRuns: 100 }).every((n) => n < 8)).toBe(true);
  });

  it('falls back to the passing probes when few pass, and gives up when none do', () => {
    const rare = verified(fc.integer({ min: 0, max: 999 }), (n) => n % 10 === 0);
    expect(rare).not.toBeNull();
    expect(fc.sample(rare as fc.Arbitrary<number>, { seed: 1, numRuns: 50 }).every((n) => n % 10 === 0)).toBe(true);
    expect(verified(fc.integer({ min: 0, max: 9 }), () => false)).toBeNull();
  });

  it('filters a source whose first probes mostly fail when enough of all its probes pass', () => {
    // About a quarter passes: fewer than eight of the first ten probes, more than eight of the fifty.
    const quarter = verified(fc.integer({ min: 0, max: 999 }), (n) => n % 4 === 0);
    const drawn = fc.sample(quarter as fc.Arbitrary<number>, { seed: 1, numRuns: 300 });
    expect(drawn.every((n) => n % 4 === 0)).toBe(true);
    expect(new Set(drawn).size).toBeGreaterThan(50);
  });

  it('relies on a shorter sample being the start of a longer one with the same seed', () => {
    // verified settles most sources on its first probes, as if it had drawn all of them.
    const source = fc.record({ name: fc.string(), tags: fc.array(fc.integer()), on: fc.option(fc.boolean()) });
    expect(fc.sample(source, { seed: 0x5eed, numRuns: 10 })).toEqual(fc.sample(source, { seed: 0x5eed, numRuns: 50 }).slice(0, 10));
  });
});
