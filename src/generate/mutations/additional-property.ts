/** additional_property: an object with a member that `additionalProperties: false` forbids. */
import fc from 'fast-check';
import { propertySchema } from '../../schema/wordpress-rules.js';
import type { MutationOperator } from './types.js';
import { hasType } from './schema-facts.js';

const UNEXPECTED_KEYS = ['unexpected', 'extra_field', 'debug', 'zz'];

export const additionalProperty: MutationOperator = {
  rule: 'additional_property',
  codes: ['rest_additional_properties_forbidden'],
  nested: true,
  candidates(schema, context) {
    if (schema.additionalProperties !== false || !hasType(schema, 'object')) return null;
    const forbidden = UNEXPECTED_KEYS.filter((key) => propertySchema(schema, key)?.kind === 'forbidden');
    const objects = context.validValues({ ...schema, type: 'object' });
    if (forbidden.length === 0 || objects === null) return null;
    return fc
      .tuple(objects, fc.constantFrom(...forbidden), fc.constantFrom<unknown>('x', 1, true))
      .map(([object, key, value]) => ({ ...(object as Record<string, unknown>), [key]: value }));
  },
  describe() {
    return 'no additional properties';
  },
};
