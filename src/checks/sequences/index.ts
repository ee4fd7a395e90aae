/** The sequences phase's check: model-based sequences across resources and accounts. */
import { sequenceModel } from './sequence-model.js';
import type { AnyEvidenceCheck } from '../types.js';

export const SEQUENCES_CHECKS: readonly AnyEvidenceCheck[] = [sequenceModel];
