/** The checks the `batch` phase reports under. */
import type { PhaseCheck } from '../phases/index.js';

export const BATCH_SIZE_LIMIT: PhaseCheck = {
  name: 'batch_size_limit',
  severity: 'failure',
  description: 'A batch of the largest size (25) is accepted with 207; one item more is rejected with 400 before any item runs.',
};

export const BATCH_ITEMS: PhaseCheck = {
  name: 'batch_items',
  severity: 'failure',
  description:
    'Batch items are answered in request order, each with its own status: 404 for an unknown path, 400 rest_batch_not_allowed for a route without allow_batch, 400 for invalid input.',
};

export const BATCH_VALIDATION: PhaseCheck = {
  name: 'batch_validation',
  severity: 'failure',
  description: 'require-all-validate with one invalid item runs nothing and answers 207 failed "validation"; normal runs the valid items.',
};

export const BATCH_CHECKS: readonly PhaseCheck[] = [BATCH_SIZE_LIMIT, BATCH_ITEMS, BATCH_VALIDATION];
