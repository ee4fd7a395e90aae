/** collection_search: a resource created with a unique token in a searchable field is found by `search` on its list. */
import type { SearchResult } from './evidence.js';
import { itemsWith } from './step-answer.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';

export const collectionSearch: EvidenceCheck<SearchResult> = {
  name: 'collection_search',
  severity: 'failure',
  description: 'A resource created with a unique token in a searchable field is found by `search` on its list, where the list declares `search`.',
  evidence: 'stateful',
  judge({ family, id, idField, token, list }): CheckFailure[] {
    if (itemsWith({ json: list }, idField, id).length > 0) return [];
    return [{ message: `the new ${family} ${id}, created with "${token}" in its fields, is not found by search=${token}` }];
  },
};
