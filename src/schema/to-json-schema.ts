/**
 * WordPress argument schemas → JSON Schema draft 2020-12, for exports (`restconform export`) and for ajv
 * checks of values where the two rule books agree.
 *
 * Converted: boolean `exclusiveMinimum`/`exclusiveMaximum` to numbers, per-property `required: true` to the
 * parent's `required` list, PCRE `pattern`/`patternProperties` to ECMAScript (`(?P<` groups, `\A`, POSIX
 * classes…; PHP's `$` also matching before a final newline is not carried), `readonly` to `readOnly`. Formats: `email` and `uri` stay as annotations (WordPress enforces
 * `is_email` and never rejects a `uri`), `uuid` gains WordPress's lower-case pattern, `ip` becomes
 * ipv4|ipv6, `hex-color` and `date-time` become WordPress's patterns (its date-time needs no time zone),
 * `text-field`/`textarea-field` only sanitise and are dropped.
 * Not expressible: WordPress's coercions (`"5"` is an integer, `"TRUE"` a boolean, `"1,2"` an array) and
 * "arguments without a type accept anything"; the schemas describe the canonical JSON form.
 */
import type { ArgSchema, JsonSchema, Operation } from '../descriptor/types.js';
import { paramLocation } from './param-location.js';
import { pcreToRegExp } from './pcre.js';
import { isPlainObject } from './php-values.js';
import { isKnownType } from './type-coercion.js';

export { paramLocation } from './param-location.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
const DATE_TIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$';
const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const HEX_COLOR_PATTERN = '^#(?:[A-Fa-f0-9]{3}){1,2}$';
const COPIED_KEYWORDS = [
  'description',
  'enum',
  'default',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;

/** A PCRE pattern as an ECMAScript pattern for ajv (`u` mode), or null when it needs flags JSON Schema cannot carry. */
function ecmaPattern(pattern: string): string | null {
  const regex = pcreToRegExp(pattern, 'plain');
  return regex !== null && regex.flags === 'u' ? regex.source : null;
}

function addComment(out: JsonSchema, comment: string): void {
  out.$comment = typeof out.$comment === 'string' ? `${out.$comment}; ${comment}` : comment;
}

function convertFormat(format: string, out: JsonSchema): void {
  switch (format) {
    case 'email':
    case 'uri':
      out.format = format;
      return;
    case 'uuid':
      out.format = 'uuid';
      out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { pattern: UUID_PATTERN }];
      return;
    case 'ip':
      out.anyOf = [{ format: 'ipv4' }, { format: 'ipv6' }];
      return;
    case 'hex-color':
      out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { pattern: HEX_COLOR_PATTERN }];
      return;
    case 'date-time':
      out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { pattern: DATE_TIME_PATTERN }];
      addComment(out, 'WordPress date-time: RFC 3339 with an optional time zone');
      return;
    default:
      addComment(out, `WordPress format ${format} (sanitised, never rejected)`);
  }
}

function convertBounds(schema: ArgSchema, out: JsonSchema): void {
  if (typeof schema.minimum === 'number') out[schema.exclusiveMinimum === true ? 'exclusiveMinimum' : 'minimum'] = schema.minimum;
  if (typeof schema.maximum === 'number') out[schema.exclusiveMaximum === true ? 'exclusiveMaximum' : 'maximum'] = schema.maximum;
}

function convertObjectKeywords(schema: ArgSchema, out: JsonSchema): void {
  if (isPlainObject(schema.properties)) {
    const properties = schema.properties as Record<string, ArgSchema>;
    out.properties = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, convert(property)]));
    if (!Array.isArray(schema.required)) {
      const required = Object.entries(properties)
        .filter(([, property]) => isPlainObject(property) && property.required === true)
        .map(([name]) => name);
      if (required.length > 0) out.required = required;
    }
  }
  if (Array.isArray(schema.required)) out.required = [...schema.required];
  if (isPlainObject(schema.patternProperties)) {
    const patterns: Record<string, JsonSchema> = {};
    for (const [pattern, child] of Object.entries(schema.patternProperties as Record<string, ArgSchema>)) {
      const ecma = ecmaPattern(pattern);
      if (ecma === null) addComment(out, `patternProperties ${pattern} cannot be expressed`);
      else patterns[ecma] = convert(child);
    }
    out.patternProperties = patterns;
  }
  if (typeof schema.additionalProperties === 'boolean') out.additionalProperties = schema.additionalProperties;
  else if (isPlainObject(schema.additionalProperties)) out.additionalProperties = convert(schema.additionalProperties as ArgSchema);
}

function convert(schema: ArgSchema): JsonSchema {
  if (!isPlainObject(schema)) return {};
  const out: JsonSchema = {};
  const types = (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]) as unknown[];
  const known = types.filter(isKnownType);
  if (known.length > 0 && known.length === types.length) out.type = known.length === 1 ? known[0] : known;
  for (const keyword of COPIED_KEYWORDS) {
    if (schema[keyword] !== undefined) out[keyword] = schema[keyword];
  }
  convertBounds(schema, out);
  if (typeof schema.pattern === 'string') {
    const ecma = ecmaPattern(schema.pattern);
    if (ecma === null) addComment(out, `pattern ${schema.pattern} cannot be expressed`);
    else out.pattern = ecma;
  }
  if (typeof schema.format === 'string') convertFormat(schema.format, out);
  if (isPlainObject(schema.items)) out.items = convert(schema.items as ArgSchema);
  convertObjectKeywords(schema, out);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) {
      const converted = branches.map((branch) => convert(branch));
      if (keyword === 'anyOf' && Array.isArray(out.anyOf)) out.allOf = [...((out.allOf as JsonSchema[] | undefined) ?? []), { anyOf: converted }];
      else out[keyword] = converted;
    }
  }
  if (schema.readonly === true) out.readOnly = true;
  return out;
}

/** One WordPress argument schema as a JSON Schema (draft 2020-12), without the `$schema` marker. */
export function argToJsonSchema(arg: ArgSchema): JsonSchema {
  return convert(arg);
}

function objectOf(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  const schema: JsonSchema = { $schema: DIALECT, type: 'object', properties };
  if (required.length > 0) schema.required = required;
  return schema;
}

/**
 * An operation's parameters as three object schemas by where they travel: path variables (strings matching
 * the route's pattern), query parameters (GET, HEAD, OPTIONS) and JSON body members (other methods).
 */
export function operationSchemas(operation: Operation): { path: JsonSchema; query: JsonSchema; body: JsonSchema } {
  const groups = { path: {} as Record<string, JsonSchema>, query: {} as Record<string, JsonSchema>, body: {} as Record<string, JsonSchema> };
  const required = { path: [] as string[], query: [] as string[], body: [] as string[] };
  for (const variable of operation.pattern.variables) {
    const description = operation.args[variable.name]?.description;
    groups.path[variable.name] = description === undefined ? { ...variable.schema } : { ...variable.schema, description };
    if (!variable.optional) required.path.push(variable.name);
  }
  for (const [name, arg] of Object.entries(operation.args)) {
    const location = paramLocation(operation, name);
    if (location === 'path') continue;
    groups[location][name] = argToJsonSchema(arg);
    if (arg.required === true) required[location].push(name);
  }
  return { path: objectOf(groups.path, required.path), query: objectOf(groups.query, required.query), body: objectOf(groups.body, required.body) };
}
