/** too_many_items: a list of valid items one or a few longer than `maxItems`. */
import type { MutationOperator } from './types.js';
import { itemLists } from './item-lists.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const tooManyItems: MutationOperator = {
  rule: 'too_many_items',
  codes: ['rest_too_many_items'],
  nested: true,
  candidates(schema, context) {
    const maxItems = numberKeyword(schema, 'maxItems');
    if (maxItems === undefined || maxItems < 0 || !hasType(schema, 'array')) return null;
    const length = Math.floor(maxItems) + 1;
    return itemLists(schema, context, length, length + 2, Boolean(schema.uniqueItems));
  },
  describe(schema) {
    return `at most ${schema.maxItems} items`;
  },
};
