/** Every phase, in the order a run executes them, and the checks the phases report under their own names. */
import type { AnyEvidenceCheck } from '../../checks/types.js';
import { authPhase } from './auth/index.js';
import { batchPhase } from './batch/index.js';
import { collectionsPhase } from './collections/index.js';
import { concurrencyPhase } from './concurrency/index.js';
import { contractPhase } from './contract/index.js';
import { examplesPhase } from './examples/index.js';
import { fuzzPhase } from './fuzz/index.js';
import { localePhase } from './locale/index.js';
import type { Phase } from './phase.js';
import { schemasPhase } from './schemas/index.js';
import { sequencesPhase } from './sequences/index.js';
import { statefulPhase } from './stateful/index.js';

export const PHASES: readonly Phase[] = [
  contractPhase,
  localePhase,
  schemasPhase,
  examplesPhase,
  collectionsPhase,
  fuzzPhase,
  statefulPhase,
  sequencesPhase,
  concurrencyPhase,
  batchPhase,
  authPhase,
];

export const PHASE_NAMES: readonly string[] = PHASES.map((phase) => phase.name);

/** Every check a phase judges with evidence of its own, with the phase that gathers it. */
export const PHASE_CHECKS: readonly (AnyEvidenceCheck & { phase: string })[] = PHASES.flatMap((phase) =>
  phase.checks.map((check) => ({ ...check, phase: phase.name })),
);
