/** The concurrency phase's checks: requests that race. */
import { concurrentCreate } from './concurrent-create.js';
import { concurrentUpdate } from './concurrent-update.js';
import { concurrentDelete } from './concurrent-delete.js';
import { concurrentRelation } from './concurrent-relation.js';
import type { AnyEvidenceCheck } from '../types.js';

export const CONCURRENCY_CHECKS: readonly AnyEvidenceCheck[] = [concurrentCreate, concurrentUpdate, concurrentDelete, concurrentRelation];
