/** The batch phase's checks: batches. */
import { batchSizeLimit } from './batch-size-limit.js';
import { batchItems } from './batch-items.js';
import { batchValidation } from './batch-validation.js';
import type { AnyEvidenceCheck } from '../types.js';

export const BATCH_CHECKS: readonly AnyEvidenceCheck[] = [batchSizeLimit, batchItems, batchValidation];
