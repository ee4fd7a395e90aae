/**
 * THE table of WordPress value rules on the harness side: `rest_validate_value_from_schema` and
 * `rest_sanitize_value_from_schema`, for one value against one schema. The request-level rules of
 * `WP_REST_Request` (which arguments are validated, what counts as missing) build on these in `request-rules.ts`.
 * Written from `docs/wordpress/validation.md#value-rules` and WordPress core; held against
 * `fixtures/wordpress-validation.json` by `vectors.test.ts`.
 *
 * Values are JSON-shaped as WordPress receives them: a query value is a string (or an array of them),
 * a JSON body value is whatever the JSON held. Use `generate/as-received.ts` to get there from typed values.
 */
import type { ArgSchema } from '../descriptor/types.js';
import { isValidatedFormat, passesFormat, VALIDATED_FORMATS } from './formats.js';
import { matchesPcre } from './pcre.js';
import {
  isNumeric,
  isPlainObject,
  isScalar,
  isSet,
  mbStrlen,
  phpCount,
  phpEntries,
  phpHasKey,
  phpStrval,
  phpToFloat,
  phpToInt,
  type PhpKey,
} from './php-values.js';
import { sanitizeHexColor, sanitizeTextareaField, sanitizeTextField, sanitizeUrl } from './sanitizers.js';
import {
  hasUniqueItems,
  isKnownType,
  resolveTypeList,
  restAreValuesEqual,
  restIsArray,
  restIsBoolean,
  restIsInteger,
  restIsObject,
  restSanitizeArray,
  restSanitizeBoolean,
  restSanitizeObject,
} from './type-coercion.js';

/** A rule WordPress saw broken: its error code and the (possibly nested) parameter path, e.g. `requests[0][method]`. */
export class RuleViolation {
  constructor(
    readonly code: string,
    readonly param: string,
  ) {}
}

/** What `classifyValue` returns: WordPress accepts the value (and turns it into `sanitized`), or rejects it. */
export type ValueVerdict = { valid: true; sanitized: unknown } | { valid: false; code: string; param: string };

/** A schema as WordPress reads it: any keyword may hold anything (the vectors include `type: "lalala"`). */
type Schema = ArgSchema & Record<string, unknown>;

type Sanitized = { value: unknown } | RuleViolation;

function violation(code: string, param: string): RuleViolation {
  return new RuleViolation(code, param);
}

function isViolation(result: unknown): result is RuleViolation {
  return result instanceof RuleViolation;
}

function childParam(param: string, key: PhpKey): string {
  return `${param}[${key}]`;
}

function asNumber(value: unknown): number | undefined {
  if (!isSet(value)) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? undefined : number;
}

/** `rest_find_any_matching_schema` / `rest_find_one_matching_schema`: the matching branch, or the error. */
function matchCombinator(value: unknown, schema: Schema, param: string, keyword: 'anyOf' | 'oneOf'): Schema | RuleViolation {
  const branches = schema[keyword];
  if (!Array.isArray(branches)) return schema;
  const matches: Schema[] = [];
  for (const branch of branches) {
    if (!isPlainObject(branch)) continue;
    const candidate = (!isSet(branch.type) && isSet(schema.type) ? { ...branch, type: schema.type } : branch) as Schema;
    if (validateValue(value, candidate, param) === null) {
      if (keyword === 'anyOf') return candidate;
      matches.push(candidate);
    }
  }
  if (matches.length === 1) return matches[0] as Schema;
  return violation(matches.length === 0 ? 'rest_no_matching_schema' : 'rest_one_of_multiple_matches', param);
}

/** Applies `anyOf`/`oneOf` as WordPress does before typing: the matched branch lends its type if none is set. */
function applyCombinators(value: unknown, schema: Schema, param: string): Schema | RuleViolation {
  let current = schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!isSet(current[keyword])) continue;
    const match = matchCombinator(value, current, param, keyword);
    if (isViolation(match)) return match;
    if (!isSet(current.type) && isSet(match.type)) current = { ...current, type: match.type };
  }
  return current;
}

/** The schema with a type list resolved to the value's best type; null when no listed type fits. */
function resolveType(value: unknown, schema: Schema): Schema | null {
  if (!Array.isArray(schema.type)) return schema;
  const best = resolveTypeList(value, schema.type);
  if (best === '') return null;
  return { ...schema, type: best as ArgSchema['type'] };
}

/** Whether `format` applies: the type is string, unset, or unknown (WordPress's backward compatibility). */
function formatApplies(schema: Schema): boolean {
  return isSet(schema.format) && (!isSet(schema.type) || schema.type === 'string' || !isKnownType(schema.type));
}

function validateNumber(value: unknown, schema: Schema, param: string): RuleViolation | null {
  if (!isNumeric(value)) return violation('rest_invalid_type', param);
  const number = phpToFloat(value);
  const multipleOf = asNumber(schema.multipleOf);
  if (multipleOf !== undefined && number % multipleOf !== 0) return violation('rest_invalid_multiple', param);
  const minimum = asNumber(schema.minimum);
  const maximum = asNumber(schema.maximum);
  const exclusiveMinimum = Boolean(schema.exclusiveMinimum);
  const exclusiveMaximum = Boolean(schema.exclusiveMaximum);
  if (minimum !== undefined && (exclusiveMinimum ? number <= minimum : number < minimum)) return violation('rest_out_of_bounds', param);
  if (maximum !== undefined && (exclusiveMaximum ? number >= maximum : number > maximum)) return violation('rest_out_of_bounds', param);
  return null;
}

function validateString(value: unknown, schema: Schema, param: string): RuleViolation | null {
  if (typeof value !== 'string') return violation('rest_invalid_type', param);
  const minLength = asNumber(schema.minLength);
  const maxLength = asNumber(schema.maxLength);
  if (minLength !== undefined && mbStrlen(value) < minLength) return violation('rest_too_short', param);
  if (maxLength !== undefined && mbStrlen(value) > maxLength) return violation('rest_too_long', param);
  if (isSet(schema.pattern) && !matchesPcre(String(schema.pattern), value)) return violation('rest_invalid_pattern', param);
  return null;
}

function validateArray(value: unknown, schema: Schema, param: string): RuleViolation | null {
  if (!restIsArray(value)) return violation('rest_invalid_type', param);
  const items = restSanitizeArray(value);
  if (isSet(schema.items)) {
    for (const [index, item] of items.entries()) {
      const problem = validateValue(item, schema.items as Schema, childParam(param, index));
      if (problem) return problem;
    }
  }
  const minItems = asNumber(schema.minItems);
  const maxItems = asNumber(schema.maxItems);
  if (minItems !== undefined && items.length < minItems) return violation('rest_too_few_items', param);
  if (maxItems !== undefined && items.length > maxItems) return violation('rest_too_many_items', param);
  if (schema.uniqueItems && !hasUniqueItems(items)) return violation('rest_duplicate_items', param);
  return null;
}

/** The names an object schema requires: a draft-4 list wins, otherwise `required: true` on properties. */
export function requiredProperties(schema: ArgSchema): string[] {
  if (Array.isArray(schema.required)) return schema.required.map(String);
  if (!isPlainObject(schema.properties)) return [];
  return Object.entries(schema.properties)
    .filter(([, property]) => isPlainObject(property) && property.required === true)
    .map(([name]) => name);
}

/** The schema a key of an object falls under: its property, else the first matching pattern, else additionalProperties. */
export function propertySchema(
  schema: ArgSchema,
  key: PhpKey,
): { kind: 'property' | 'pattern' | 'additional'; schema: unknown } | { kind: 'forbidden' } | null {
  const properties = schema.properties as Record<string, unknown> | undefined;
  if (isPlainObject(properties) && isSet(properties[String(key)])) return { kind: 'property', schema: properties[String(key)] };
  if (isPlainObject(schema.patternProperties)) {
    for (const [pattern, child] of Object.entries(schema.patternProperties)) {
      if (matchesPcre(pattern, String(key))) return { kind: 'pattern', schema: child };
    }
  }
  if (schema.additionalProperties === false) return { kind: 'forbidden' };
  if (isPlainObject(schema.additionalProperties)) return { kind: 'additional', schema: schema.additionalProperties };
  return null;
}

function validateObject(value: unknown, schema: Schema, param: string): RuleViolation | null {
  if (!restIsObject(value)) return violation('rest_invalid_type', param);
  const object = restSanitizeObject(value);
  for (const name of requiredProperties(schema)) {
    if (!phpHasKey(object, name)) return violation('rest_property_required', param);
  }
  for (const [key, item] of phpEntries(object)) {
    const target = propertySchema(schema, key);
    if (target === null) continue;
    if (target.kind === 'forbidden') return violation('rest_additional_properties_forbidden', param);
    const problem = validateValue(item, target.schema as Schema, childParam(param, key));
    if (problem) return problem;
  }
  const count = phpCount(object);
  const minProperties = asNumber(schema.minProperties);
  const maxProperties = asNumber(schema.maxProperties);
  if (minProperties !== undefined && count < minProperties) return violation('rest_too_few_properties', param);
  if (maxProperties !== undefined && count > maxProperties) return violation('rest_too_many_properties', param);
  return null;
}

function validateByType(value: unknown, schema: Schema, param: string): RuleViolation | null {
  switch (schema.type) {
    case 'null':
      return value === null ? null : violation('rest_invalid_type', param);
    case 'boolean':
      return restIsBoolean(value) ? null : violation('rest_invalid_type', param);
    case 'object':
      return validateObject(value, schema, param);
    case 'array':
      return validateArray(value, schema, param);
    case 'number':
      return validateNumber(value, schema, param);
    case 'string':
      return validateString(value, schema, param);
    case 'integer':
      return validateNumber(value, schema, param) ?? (restIsInteger(value) ? null : violation('rest_invalid_type', param));
    default:
      return null;
  }
}

/** The string a format check reads; PHP would fail hard on an array (no type, no string): we call it invalid. */
function formatSubject(value: unknown): string | null {
  return isScalar(value) || value === null ? phpStrval(value) : null;
}

/**
 * `rest_validate_value_from_schema`: null when WordPress accepts the value, otherwise the first rule broken.
 * Order: anyOf, oneOf, type (lists tried in order), type keywords, enum (after sanitising), format.
 */
export function validateValue(value: unknown, schema: ArgSchema, param = ''): RuleViolation | null {
  const combined = applyCombinators(value, schema as Schema, param);
  if (isViolation(combined)) return combined;
  const typed = resolveType(value, combined);
  if (typed === null) return violation('rest_invalid_type', param);
  const problem = validateByType(value, typed, param);
  if (problem) return problem;
  if (Array.isArray(typed.enum) && typed.enum.length > 0) {
    const sanitized = sanitizeValue(value, typed, param);
    if (isViolation(sanitized)) return sanitized;
    if (!typed.enum.some((allowed) => restAreValuesEqual(sanitized.value, allowed))) return violation('rest_not_in_enum', param);
  }
  if (formatApplies(typed) && isValidatedFormat(typed.format)) {
    const subject = formatSubject(value);
    if (subject === null || !passesFormat(typed.format, subject)) return violation(VALIDATED_FORMATS[typed.format], param);
  }
  return null;
}

function sanitizeFormat(format: unknown, value: unknown): { value: unknown } | null {
  switch (format) {
    case 'hex-color':
      return { value: sanitizeHexColor(value) };
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      return { value: sanitizeTextField(value) };
    case 'uri':
      return { value: sanitizeUrl(value) };
    case 'textarea-field':
      return { value: sanitizeTextareaField(value) };
    default:
      return null;
  }
}

function sanitizeArray(value: unknown, schema: Schema, param: string): Sanitized {
  const items = restSanitizeArray(value);
  const itemSchema = schema.items as Schema | undefined;
  const hasItemSchema = isPlainObject(itemSchema) && Object.keys(itemSchema).length > 0;
  const sanitizedItems: unknown[] = [];
  for (const [index, item] of items.entries()) {
    if (!hasItemSchema) {
      sanitizedItems.push(item);
      continue;
    }
    const result = sanitizeValue(item, itemSchema, childParam(param, index));
    if (isViolation(result)) return result;
    sanitizedItems.push(result.value);
  }
  if (schema.uniqueItems && !hasUniqueItems(sanitizedItems)) return violation('rest_duplicate_items', param);
  return { value: sanitizedItems };
}

function sanitizeObject(value: unknown, schema: Schema, param: string): Sanitized {
  const object = restSanitizeObject(value);
  const entries: Array<[PhpKey, unknown]> = [];
  let keptEveryKey = true;
  for (const [key, item] of phpEntries(object)) {
    const target = propertySchema(schema, key);
    if (target === null) {
      entries.push([key, item]);
    } else if (target.kind === 'forbidden') {
      keptEveryKey = false;
    } else {
      const result = sanitizeValue(item, target.schema as Schema, childParam(param, key));
      if (isViolation(result)) return result;
      entries.push([key, result.value]);
    }
  }
  if (Array.isArray(object) && keptEveryKey) return { value: entries.map(([, item]) => item) };
  return { value: Object.fromEntries(entries.map(([key, item]) => [String(key), item])) };
}

/**
 * `rest_sanitize_value_from_schema`: the value WordPress hands the endpoint, or a violation where WordPress
 * returns an error (a failing anyOf/oneOf, or duplicates that appear only after sanitising).
 */
export function sanitizeValue(value: unknown, schema: ArgSchema, param = ''): Sanitized {
  let current = value;
  let effective = schema as Schema;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    if (!isSet(effective[keyword])) continue;
    const match = matchCombinator(current, effective, param, keyword);
    if (isViolation(match)) return match;
    if (!isSet(effective.type)) effective = { ...effective, type: match.type };
    const inner = sanitizeValue(current, match, param);
    if (isViolation(inner)) return inner;
    current = inner.value;
  }
  if (Array.isArray(effective.type)) {
    const best = resolveTypeList(current, effective.type);
    if (best === '') return { value: null };
    effective = { ...effective, type: best as ArgSchema['type'] };
  }
  switch (effective.type) {
    case 'array':
      return sanitizeArray(current, effective, param);
    case 'object':
      return sanitizeObject(current, effective, param);
    case 'null':
      return { value: null };
    case 'integer':
      return { value: phpToInt(current) };
    case 'number':
      return { value: phpToFloat(current) };
    case 'boolean':
      return { value: restSanitizeBoolean(current) };
  }
  if (formatApplies(effective)) {
    const formatted = sanitizeFormat(effective.format, current);
    if (formatted) return formatted;
  }
  if (effective.type === 'string') return { value: phpStrval(current) };
  return { value: current };
}

/**
 * What WordPress does with one argument value (`rest_parse_request_arg`): validate, then sanitise.
 * Note: at request level only arguments with a `type` get this treatment (see `classifyArgs` in `request-rules.ts`).
 */
export function classifyValue(schema: ArgSchema, value: unknown, param = ''): ValueVerdict {
  const problem = validateValue(value, schema, param);
  if (problem) return { valid: false, code: problem.code, param: problem.param };
  const sanitized = sanitizeValue(value, schema, param);
  if (isViolation(sanitized)) return { valid: false, code: sanitized.code, param: sanitized.param };
  return { valid: true, sanitized: sanitized.value };
}
