/** An operation's request parts as JSON Schemas ready to embed in a larger document (no `$schema` marker of their own). */
import type { JsonSchema, Operation } from '../descriptor/types.js';
import { operationSchemas } from '../schema/to-json-schema.js';

/** Where a request part travels. */
export type RequestPart = 'path' | 'query' | 'body';

export const REQUEST_PARTS: readonly RequestPart[] = ['path', 'query', 'body'];

/** The JSON Schema dialect every export uses. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The three object schemas of an operation (path variables, query parameters, JSON body members), each unmarked. */
export function operationParts(operation: Operation): Record<RequestPart, JsonSchema> {
  const schemas = operationSchemas(operation);
  const unmarked = (schema: JsonSchema): JsonSchema => {
    const { $schema: _dialect, ...rest } = structuredClone(schema);
    return rest;
  };
  return { path: unmarked(schemas.path), query: unmarked(schemas.query), body: unmarked(schemas.body) };
}

/** The members an object schema declares (`properties`), or none. */
export function membersOf(schema: JsonSchema): Record<string, JsonSchema> {
  const properties = schema.properties;
  return properties !== null && typeof properties === 'object' ? (properties as Record<string, JsonSchema>) : {};
}

/** The names an object schema requires. */
export function requiredOf(schema: JsonSchema): string[] {
  return Array.isArray(schema.required) ? (schema.required as string[]) : [];
}
