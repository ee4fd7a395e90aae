/**
 * Argument schemas compared keyword by keyword, by meaning: `'string'` is `['string']`, an enumeration is a set,
 * `[]` is `{}`, an absent `required` is `false`, an absent `additionalProperties` is `true`. Nested schemas
 * (`items`, `properties`, `anyOf`…) are compared the same way, and a change is named by its keyword path.
 */
import { ARRAY_KEYWORDS, NUMBER_KEYWORDS, OBJECT_SIZE_KEYWORDS, STRING_KEYWORDS } from '@restconform/interface';
import type { ArgSchema } from '../../descriptor/types.js';
import { isPlainObject, sameJsonMeaning, sameJsonSet } from '../../descriptor/json-meaning.js';

/** One keyword whose value differs. `keyword` is a path such as `items.type` or `properties.path.required`. */
export interface SchemaChange {
  keyword: string;
  expected: unknown;
  actual: unknown;
}

/** Which keywords of a pair of schemas to compare. */
export type KeywordSelection = (reference: ArgSchema, subject: ArgSchema) => readonly string[];

/**
 * The keywords the interface document states: type, format, enum, default, bounds, sizes, required, nesting. A
 * type is compared only where the document states one: an argument it gives without a type (the root's
 * `context`, a batch item's `method`) may be served with or without one.
 */
export const DOCUMENTED_KEYWORDS: KeywordSelection = (reference) => [
  ...(reference.type === undefined ? [] : ['type']),
  'format',
  'enum',
  'default',
  ...NUMBER_KEYWORDS,
  ...STRING_KEYWORDS,
  ...ARRAY_KEYWORDS,
  ...OBJECT_SIZE_KEYWORDS,
  'required',
  'items',
  'properties',
  'patternProperties',
  'additionalProperties',
  'anyOf',
  'oneOf',
];

/** Every keyword either side states, except human text: what two locales must agree on. */
export const ALL_BUT_HUMAN_TEXT: KeywordSelection = (reference, subject) =>
  [...new Set([...Object.keys(reference), ...Object.keys(subject)])].filter((keyword) => !HUMAN_TEXT.has(keyword));

const HUMAN_TEXT = new Set(['description', 'title']);

/** The keywords whose values differ in meaning, deepest first within each nested keyword. */
export function compareSchemas(reference: ArgSchema, subject: ArgSchema, select: KeywordSelection, prefix = ''): SchemaChange[] {
  const changes: SchemaChange[] = [];
  for (const keyword of select(reference, subject)) {
    const path = prefix + keyword;
    const expected = (reference as Record<string, unknown>)[keyword];
    const actual = (subject as Record<string, unknown>)[keyword];
    switch (keyword) {
      case 'items':
        changes.push(...compareNested(expected, actual, select, path));
        break;
      case 'properties':
      case 'patternProperties':
        changes.push(...compareSchemaMaps(expected, actual, select, path));
        break;
      case 'additionalProperties':
        if (isPlainObject(expected) && isPlainObject(actual)) changes.push(...compareSchemas(expected, actual, select, `${path}.`));
        else if (!sameJsonMeaning(expected ?? true, actual ?? true)) changes.push({ keyword: path, expected, actual });
        break;
      case 'anyOf':
      case 'oneOf':
        changes.push(...compareSchemaLists(expected, actual, select, path));
        break;
      default:
        if (!sameKeywordValue(keyword, expected, actual)) changes.push({ keyword: path, expected, actual });
    }
  }
  return changes;
}

function sameKeywordValue(keyword: string, expected: unknown, actual: unknown): boolean {
  if (keyword === 'type') return sameJsonSet(asList(expected), asList(actual));
  if (keyword === 'enum' && Array.isArray(expected) && Array.isArray(actual)) return sameJsonSet(expected, actual);
  // WordPress prints `required` on every top-level argument; absent and false mean the same.
  if (keyword === 'required' && typeof (expected ?? actual) === 'boolean') return (expected ?? false) === (actual ?? false);
  return sameJsonMeaning(expected, actual);
}

function asList(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function compareNested(expected: unknown, actual: unknown, select: KeywordSelection, path: string): SchemaChange[] {
  if (isPlainObject(expected) && isPlainObject(actual)) return compareSchemas(expected, actual, select, `${path}.`);
  return sameJsonMeaning(expected, actual) ? [] : [{ keyword: path, expected, actual }];
}

function compareSchemaMaps(expected: unknown, actual: unknown, select: KeywordSelection, path: string): SchemaChange[] {
  const left = isPlainObject(expected) ? expected : {};
  const right = isPlainObject(actual) ? actual : {};
  const changes: SchemaChange[] = [];
  for (const name of new Set([...Object.keys(left), ...Object.keys(right)])) {
    if (!(name in left) || !(name in right)) {
      changes.push({ keyword: `${path}.${name}`, expected: left[name], actual: right[name] });
      continue;
    }
    changes.push(...compareNested(left[name], right[name], select, `${path}.${name}`));
  }
  return changes;
}

function compareSchemaLists(expected: unknown, actual: unknown, select: KeywordSelection, path: string): SchemaChange[] {
  if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) {
    return sameJsonMeaning(expected, actual) ? [] : [{ keyword: path, expected, actual }];
  }
  return expected.flatMap((schema, index) => compareNested(schema, actual[index], select, `${path}[${index}]`));
}
