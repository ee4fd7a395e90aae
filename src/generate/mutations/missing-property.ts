/** missing_property: an object without one of its required properties (draft-4 list or `required: true`). */
import fc from 'fast-check';
import { isPlainObject } from '../../schema/php-values.js';
import { requiredProperties } from '../../schema/wordpress-rules.js';
import type { MutationOperator } from './types.js';
import { hasType } from './schema-facts.js';

export const missingProperty: MutationOperator = {
  rule: 'missing_property',
  codes: ['rest_property_required'],
  nested: true,
  candidates(schema, context) {
    const required = requiredProperties(schema);
    if (required.length === 0 || !hasType(schema, 'object')) return null;
    const objects = context.validValues({ ...schema, type: 'object' });
    if (objects === null) return null;
    return fc.tuple(objects, fc.constantFrom(...required)).map(([object, name]) => {
      if (!isPlainObject(object)) return object;
      const { [name]: _left, ...rest } = object;
      return rest;
    });
  },
  describe(schema) {
    return `required properties ${requiredProperties(schema).join(', ')}`;
  },
};
