/** The stateful phase's checks: a resource's life, its lists, its search and other accounts' attempts on it. */
import { statefulSequence } from './stateful-sequence.js';
import { useAfterDelete } from './use-after-delete.js';
import { crossLocaleVisibility } from './cross-locale-visibility.js';
import { listTotal } from './list-total.js';
import { updatePersisted } from './update-persisted.js';
import { createPersisted } from './create-persisted.js';
import { duplicateCreate } from './duplicate-create.js';
import { createLocation } from './create-location.js';
import { collectionSearch } from './collection-search.js';
import { accessOtherResource } from './access-other-resource.js';
import type { AnyEvidenceCheck } from '../types.js';

export const STATEFUL_CHECKS: readonly AnyEvidenceCheck[] = [
  statefulSequence,
  useAfterDelete,
  crossLocaleVisibility,
  listTotal,
  updatePersisted,
  createPersisted,
  duplicateCreate,
  createLocation,
  collectionSearch,
  accessOtherResource,
];
