/**
 * Valid objects: every required property (draft-4 `required` list, or `required: true` on a property), each
 * optional one sometimes; now and then a member `patternProperties` or `additionalProperties` allows.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import { isPlainObject } from '../../schema/php-values.js';
import { requiredProperties } from '../../schema/wordpress-rules.js';
import { patternValues } from './string.js';
import type { ValueBuilder } from './context.js';

const EXTRA_KEYS = ['extra', 'note_1', 'meta'];

export const objectValues: ValueBuilder = (schema, context) => {
  const properties = isPlainObject(schema.properties) ? (schema.properties as Record<string, ArgSchema>) : {};
  const required = new Set(requiredProperties(schema));
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    const values = isPlainObject(property) ? context.nested(property, name) : null;
    if (values) model[name] = values;
    else if (required.has(name)) return null;
  }
  const additional = isPlainObject(schema.additionalProperties) ? (schema.additionalProperties as ArgSchema) : undefined;
  for (const name of required) {
    if (name in model) continue;
    const values = additional ? context.nested(additional, name) : fc.string({ minLength: 1, maxLength: 8 });
    if (values === null) return null;
    model[name] = values;
  }
  const requiredKeys = Object.keys(model).filter((name) => required.has(name));
  const declared = fc.record(model, { requiredKeys });
  const extras: Array<fc.Arbitrary<Record<string, unknown>>> = [];
  if (schema.additionalProperties !== false) {
    const extraValues = additional ? context.nested(additional, 'extra') : fc.string({ minLength: 1, maxLength: 8 });
    const freeKeys = EXTRA_KEYS.filter((key) => !(key in properties));
    if (extraValues && freeKeys.length > 0) extras.push(fc.dictionary(fc.constantFrom(...freeKeys), extraValues, { minKeys: 1, maxKeys: 2 }));
  }
  for (const [pattern, child] of Object.entries(isPlainObject(schema.patternProperties) ? schema.patternProperties : {})) {
    const keys = patternValues(pattern);
    const values = isPlainObject(child) ? context.nested(child as ArgSchema, 'pattern') : null;
    if (keys && values) extras.push(fc.dictionary(keys, values, { minKeys: 1, maxKeys: 1 }));
  }
  if (extras.length === 0) return declared;
  // A generated key that names a declared property (or is empty) is dropped rather than filtered for.
  const withExtra = fc.tuple(declared, fc.oneof(...extras)).map(([object, extra]) => {
    const free = Object.entries(extra).filter(([key]) => key !== '' && !(key in properties));
    return { ...Object.fromEntries(free), ...object };
  });
  return fc.oneof({ weight: 4, arbitrary: declared }, { weight: 1, arbitrary: withExtra });
};
