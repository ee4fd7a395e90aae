/** A few generated cases of one operation, the same for the same seed and purpose (phases other than fuzz). */
import fc from 'fast-check';
import type { Operation } from '../descriptor/types.js';
import { operationSeed } from '../generate/index.js';
import type { RequestCase } from '../generate/types.js';
import type { PhaseContext } from './phases/phase.js';
import { withSettledSiteNames } from './real-ids.js';

/**
 * `count` cases of `kind`; none when the operation has no such generator (no parameter can be made invalid). A write
 * names only resources the site has where a made-up name would be stored (a template's theme: `withSettledSiteNames`).
 */
export function sampleCases(ctx: PhaseContext, op: Operation, kind: 'valid' | 'invalid', count: number, purpose: string): RequestCase[] {
  const generators = ctx.generators(op);
  const arbitrary = kind === 'valid' ? generators.valid : generators.invalid;
  if (!arbitrary || count <= 0) return [];
  return fc
    .sample(arbitrary, { seed: operationSeed(ctx.execution.seed, `${op.id} ${purpose} ${kind}`), numRuns: count })
    .map((requestCase) => withSettledSiteNames(ctx, op, requestCase));
}
