/** Every phase, in the order a run executes them, and the checks the phases report under their own names. */
import type { Severity } from '../../checks/types.js';
import { AUTH_CHECKS, authPhase } from './auth.js';
import { BATCH_CHECKS, batchPhase } from './batch.js';
import { COLLECTION_CHECKS, collectionsPhase } from './collections.js';
import { CONTRACT_CHECKS, contractPhase } from './contract.js';
import { examplesPhase } from './examples.js';
import { fuzzPhase } from './fuzz.js';
import { LOCALE_CHECKS, localePhase } from './locale.js';
import type { Phase } from './phase.js';
import { SCHEMA_CHECKS, schemasPhase } from './schemas.js';
import { STATEFUL_CHECKS, statefulPhase } from './stateful.js';

export const PHASES: readonly Phase[] = [
  contractPhase,
  localePhase,
  schemasPhase,
  examplesPhase,
  collectionsPhase,
  fuzzPhase,
  statefulPhase,
  batchPhase,
  authPhase,
];

export const PHASE_NAMES: readonly string[] = PHASES.map((phase) => phase.name);

/** A check that a phase reports itself (not run per exchange): name, default severity, what it means. */
export interface PhaseCheck {
  name: string;
  severity: Severity;
  description: string;
  phase: string;
  /** `descriptor`: judges the descriptors as a whole, so it applies to every operation when its phase runs. */
  judges?: 'descriptor';
}

export const PHASE_CHECKS: readonly PhaseCheck[] = [
  ...CONTRACT_CHECKS,
  ...LOCALE_CHECKS,
  ...SCHEMA_CHECKS,
  ...COLLECTION_CHECKS,
  ...STATEFUL_CHECKS,
  ...BATCH_CHECKS,
  ...AUTH_CHECKS,
];
