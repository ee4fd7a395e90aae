/**
 * The keywords of a WordPress argument schema, as data. The reference server exposes an argument's schema in the
 * descriptor by them, and the harness keeps what a contract carries and compares what a descriptor states by them:
 * both take them from here so that a keyword one side knows cannot be unknown to the other.
 */

/** Bounds of a number. */
export const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const;

/** Length and pattern of a string. */
export const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern'] as const;

/** Size and uniqueness of an array. */
export const ARRAY_KEYWORDS = ['minItems', 'maxItems', 'uniqueItems'] as const;

/** Size of an object. */
export const OBJECT_SIZE_KEYWORDS = ['minProperties', 'maxProperties'] as const;

/**
 * WordPress's `rest_get_allowed_schema_keywords()` in its order, without `title`: the keywords of an argument's
 * schema the index exposes (`get_data_for_route()`), nested schemas included. `title` is left out: the interface
 * document gives no argument one, and a contract does not carry it.
 */
export const ARG_SCHEMA_KEYWORDS: readonly string[] = [
  'description',
  'default',
  'type',
  'format',
  'enum',
  'items',
  'properties',
  'additionalProperties',
  'patternProperties',
  ...OBJECT_SIZE_KEYWORDS,
  ...NUMBER_KEYWORDS,
  ...STRING_KEYWORDS,
  ...ARRAY_KEYWORDS,
  'anyOf',
  'oneOf',
];
