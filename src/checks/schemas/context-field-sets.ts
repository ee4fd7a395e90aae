/** Contexts nest: what `embed` shows, `view` shows, and what `view` shows, `edit` shows. */
import type { SchemaContext } from '../../descriptor/index.js';
import type { EvidenceCheck } from '../types.js';
import { missingFrom } from './answer-items.js';
import type { ContextFieldSets } from './evidence.js';

/** Each narrower context with the wider one whose fields must include its own. */
export const CONTEXT_PAIRS: readonly (readonly [narrow: SchemaContext, wide: SchemaContext])[] = [
  ['embed', 'view'],
  ['view', 'edit'],
];

export const contextFieldSets: EvidenceCheck<ContextFieldSets> = {
  name: 'context_field_sets',
  evidence: 'schemas',
  severity: 'warning',
  description:
    "The fields of context embed are among those of view, and view's among edit's: in the published schema's context lists and in the answers, for the contexts the route accepts.",
  judge({ seenIn, narrow, wide, narrowFields, wideFields }) {
    const missing = missingFrom(narrowFields, wideFields);
    if (missing.length === 0) return [];
    if (seenIn === 'schema') {
      return [{ message: `the published schema shows ${missing.join(', ')} in context ${narrow} but not in ${wide}`, cause: `schema ${narrow} ${wide}` }];
    }
    return [{ message: `context=${narrow} answered ${missing.join(', ')}, which context=${wide} did not`, cause: `answer ${narrow} ${wide}` }];
  },
};
