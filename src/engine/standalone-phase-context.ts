/**
 * The context of phases that run outside a whole run's engine: a replay of one finding, a test of one phase. Such a
 * run is never split, so every operation is its own; its generators and what it learns of callbacks' refusals start
 * fresh, as a run's do.
 */
import { generatorCache } from './generators.js';
import { WHOLE_RUN } from './shard-plan.js';
import { CallbackRefusals } from './callback-refusals.js';
import type { PhaseContext } from './phases/phase.js';

export type StandalonePhaseContextParts = Pick<PhaseContext, 'execution' | 'descriptors' | 'operations' | 'settings' | 'safeMethodsOnly'> &
  Partial<Pick<PhaseContext, 'contract' | 'resourceHints'>>;

export function standalonePhaseContext(parts: StandalonePhaseContextParts): PhaseContext {
  return { ...parts, allOperations: parts.operations, shard: WHOLE_RUN, generators: generatorCache(), refusals: new CallbackRefusals() };
}
