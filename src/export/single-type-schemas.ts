/**
 * A JSON Schema without `type` lists, the form the OpenAPI export writes by default. OpenAPI 3.1 allows
 * `{"type": ["string", "null"]}`, but Schemathesis 4.x stops at load on one (`unhashable type: 'list'`). So a
 * list becomes `anyOf` of single-type schemas, `null` as `{"type": "null"}`, and every keyword that applies to
 * one type goes with that type's branch (an integer's bounds, a string's format and pattern, an array's items, an
 * object's properties). Keywords that apply to any type (`enum`, `const`, `default`, `description`, `allOf`…)
 * stay beside the `anyOf`, so the schema accepts exactly what it accepted before.
 */
import type { JsonSchema } from '../descriptor/types.js';

const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

/** The keywords that constrain only values of a type (JSON Schema 2020-12's validation and applicator vocabularies). */
const KEYWORDS_OF_TYPE: Readonly<Record<string, readonly string[]>> = {
  integer: NUMBER_KEYWORDS,
  number: NUMBER_KEYWORDS,
  // `format` may annotate any type, but every format WordPress and OpenAPI name is a string's.
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  array: ['items', 'prefixItems', 'additionalItems', 'contains', 'minContains', 'maxContains', 'minItems', 'maxItems', 'uniqueItems', 'unevaluatedItems'],
  object: [
    'properties',
    'patternProperties',
    'additionalProperties',
    'required',
    'minProperties',
    'maxProperties',
    'propertyNames',
    'dependentRequired',
    'dependentSchemas',
    'unevaluatedProperties',
  ],
};

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const ONE_SCHEMA = [
  'items',
  'additionalItems',
  'contains',
  'unevaluatedItems',
  'additionalProperties',
  'propertyNames',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
];
const SCHEMA_LISTS = ['prefixItems', 'allOf', 'anyOf', 'oneOf'];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

const isSchemaObject = (value: unknown): value is JsonSchema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The schema, and every subschema in it, with each `type` list written as `anyOf` of single-type schemas. */
export function withoutTypeLists(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...schema };
  for (const keyword of ONE_SCHEMA) {
    const value = result[keyword];
    if (isSchemaObject(value)) result[keyword] = withoutTypeLists(value);
    // Draft 4's tuple form of `items`, still met in WordPress's descriptors.
    else if (keyword === 'items' && Array.isArray(value)) result[keyword] = value.map((item) => (isSchemaObject(item) ? withoutTypeLists(item) : item));
  }
  for (const keyword of SCHEMA_LISTS) {
    const value = result[keyword];
    if (Array.isArray(value)) result[keyword] = value.map((item) => (isSchemaObject(item) ? withoutTypeLists(item) : item));
  }
  for (const keyword of SCHEMA_MAPS) {
    const value = result[keyword];
    if (isSchemaObject(value)) {
      result[keyword] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, isSchemaObject(item) ? withoutTypeLists(item) : item]));
    }
  }
  return Array.isArray(result.type) ? splitByType(result, result.type as string[]) : result;
}

/** `{type: [a, b], …}` as `anyOf: [{type: a, …a's keywords}, {type: b, …b's keywords}]` beside the shared keywords. */
function splitByType(schema: JsonSchema, types: readonly string[]): JsonSchema {
  const { type: _list, ...rest } = schema;
  if (types.length === 1) return { ...rest, type: types[0] };
  const branches: JsonSchema[] = types.map((type) => ({ type }));
  const shared: JsonSchema = {};
  for (const [keyword, value] of Object.entries(rest)) {
    const owners = types.map((type, index) => (KEYWORDS_OF_TYPE[type]?.includes(keyword) ? index : -1)).filter((index) => index >= 0);
    // A keyword of a type the list does not name constrains nothing: it stays where it was.
    if (owners.length === 0) shared[keyword] = value;
    for (const index of owners) branches[index]![keyword] = value;
  }
  if (shared.anyOf === undefined) return { ...shared, anyOf: branches };
  // The schema has an anyOf of its own: both must hold, so the type choice joins it under allOf.
  const allOf = Array.isArray(shared.allOf) ? (shared.allOf as JsonSchema[]) : [];
  return { ...shared, allOf: [...allOf, { anyOf: branches }] };
}
