/** too_few_items: a list of valid items shorter than `minItems` (an empty list travels as `key=` in the query). */
import type { MutationOperator } from './types.js';
import { itemLists } from './item-lists.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const tooFewItems: MutationOperator = {
  rule: 'too_few_items',
  codes: ['rest_too_few_items'],
  nested: true,
  candidates(schema, context) {
    const minItems = numberKeyword(schema, 'minItems');
    if (minItems === undefined || minItems < 1 || !hasType(schema, 'array')) return null;
    return itemLists(schema, context, 0, Math.ceil(minItems) - 1, Boolean(schema.uniqueItems));
  },
  describe(schema) {
    return `at least ${schema.minItems} items`;
  },
};
