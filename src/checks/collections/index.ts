/** The collections phase's checks: a list's pages and filters. */
import { collectionHeaders } from './collection-headers.js';
import { collectionLinks } from './collection-links.js';
import { collectionPaging } from './collection-paging.js';
import { collectionFilters } from './collection-filters.js';
import { collectionOrder } from './collection-order.js';
import type { AnyEvidenceCheck } from '../types.js';

export const COLLECTIONS_CHECKS: readonly AnyEvidenceCheck[] = [collectionHeaders, collectionLinks, collectionPaging, collectionFilters, collectionOrder];
