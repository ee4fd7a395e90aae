/**
 * Verification of generated values against the rule book, built into the arbitraries: a candidate arbitrary
 * is probed once (a fixed-seed sample) and then filtered, so every value it yields, shrunk ones included,
 * carries a true label. Sources that rarely pass become a fixed list of their passing probes; sources
 * that never pass are dropped (the rule is skipped, not forced).
 */
import fc from 'fast-check';
import { ABSENT } from './as-received.js';

const PROBE_RUNS = 50;
const PROBE_SEED = 0x5eed;
/** Below this share of passing probes, filtering would spin: fall back to the passing probes themselves. */
const MIN_PASS_RATE = 0.15;

function identity(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (item === ABSENT ? '<absent>' : item)) ?? String(value);
}

/** `candidates` restricted to values `accepts` approves, or null when the probe found none. */
export function verified<T>(candidates: fc.Arbitrary<T>, accepts: (value: T) => boolean, seed = PROBE_SEED): fc.Arbitrary<T> | null {
  let probes: T[];
  try {
    probes = fc.sample(candidates, { seed, numRuns: PROBE_RUNS });
  } catch {
    return null;
  }
  const passing = probes.filter(accepts);
  if (passing.length === 0) return null;
  if (passing.length >= PROBE_RUNS * MIN_PASS_RATE) return candidates.filter(accepts);
  const distinct = new Map(passing.map((value) => [identity(value), value]));
  return fc.constantFrom(...distinct.values());
}
