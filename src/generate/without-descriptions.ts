/**
 * A schema without its descriptions: the part of a parameter that a locale translates and that nothing is generated
 * from. Generators are stored and seeded by what is left, so one route's parameters in two locales share them.
 */
import type { ArgSchema } from '../descriptor/types.js';

const mapSchemas = (schemas: Record<string, ArgSchema>): Record<string, ArgSchema> =>
  Object.fromEntries(Object.entries(schemas).map(([key, schema]) => [key, withoutDescriptions(schema)]));

/** `schema` without the `description` of any schema in it (a property named "description" stays). */
export function withoutDescriptions(schema: ArgSchema): ArgSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { description: _description, ...copy } = schema;
  if (typeof schema.items === 'object' && schema.items !== null) copy.items = withoutDescriptions(schema.items);
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null)
    copy.additionalProperties = withoutDescriptions(schema.additionalProperties);
  if (typeof schema.properties === 'object' && schema.properties !== null) copy.properties = mapSchemas(schema.properties);
  if (typeof schema.patternProperties === 'object' && schema.patternProperties !== null) copy.patternProperties = mapSchemas(schema.patternProperties);
  if (Array.isArray(schema.anyOf)) copy.anyOf = schema.anyOf.map(withoutDescriptions);
  if (Array.isArray(schema.oneOf)) copy.oneOf = schema.oneOf.map(withoutDescriptions);
  return copy;
}
