/**
 * The per-type halves of `rest_validate_value_from_schema` (`rest_validate_{null,boolean,object,array,number,
 * string,integer}_value_from_schema`): the type test, then that type's keywords, with WordPress's codes and
 * English messages. Nested values are validated through the `Validator` the caller passes in.
 */
import type { ArgSchema } from '@restconform/interface';
import { ValidationError } from './errors.js';
import { phpEntries, restValidateArrayContainsUniqueItems } from './equality.js';
import { restValidateJsonSchemaPattern } from './pcre-pattern.js';
import { isPhpArray, isRecord, phpArrayGet, phpArrayHas, phpCount, phpIsEmpty, phpNumericValue, phpToFloat, phpToString } from './php-values.js';
import { asListForReading, isWholeNumber, restIsArray, restIsBoolean, restIsObject, restSanitizeObject } from './values.js';
import { formatInteger, numberFormatI18n, pluralise } from './wp-format.js';

/** A schema as it may arrive at run time: the descriptor's keys plus `title`, values not yet trusted. */
export type Schema = ArgSchema & { title?: unknown };

/** Validates a nested value (an item, a property) against its own schema. */
export type Validator = (value: unknown, schema: Schema, param: string) => ValidationError | null;

const EMPTY_SCHEMA: Schema = Object.freeze({});

/** A nested schema as PHP would read it: anything that is not an object reads as an empty schema. */
export function asSchema(value: unknown): Schema {
  return isRecord(value) ? (value as Schema) : EMPTY_SCHEMA;
}

/** `rest_invalid_type`: `{param} is not of type {type}.`, with the parameter in the data. */
export function invalidType(param: string, type: string): ValidationError {
  return new ValidationError('rest_invalid_type', `${param} is not of type ${type}.`, { param });
}

const isSet = (value: unknown): boolean => value !== undefined && value !== null;

/** `rest_validate_null_value_from_schema`. */
export function validateNullValue(value: unknown, param: string): ValidationError | null {
  return value === null || value === undefined ? null : invalidType(param, 'null');
}

/** `rest_validate_boolean_value_from_schema`. */
export function validateBooleanValue(value: unknown, param: string): ValidationError | null {
  return restIsBoolean(value) ? null : invalidType(param, 'boolean');
}

/** `rest_validate_object_value_from_schema`: required properties, each property, then the property count. */
export function validateObjectValue(value: unknown, schema: Schema, param: string, validate: Validator): ValidationError | null {
  if (!restIsObject(value)) return invalidType(param, 'object');
  const object = restSanitizeObject(value);
  const missing = missingRequiredProperty(object, schema);
  if (missing !== null) return new ValidationError('rest_property_required', `${missing} is a required property of ${param}.`);
  const properties = schema.properties;
  for (const [key, item] of phpEntries(object)) {
    const propertySchema = isPhpArray(properties) ? phpArrayGet(properties, key) : undefined;
    if (isSet(propertySchema)) {
      const error = validate(item, asSchema(propertySchema), `${param}[${key}]`);
      if (error !== null) return error;
      continue;
    }
    const patternSchema = restFindMatchingPatternPropertySchema(key, schema);
    if (patternSchema !== null) {
      const error = validate(item, asSchema(patternSchema), `${param}[${key}]`);
      if (error !== null) return error;
      continue;
    }
    const additional = schema.additionalProperties;
    if (additional === false) {
      return new ValidationError('rest_additional_properties_forbidden', `${key} is not a valid property of Object.`);
    }
    if (isPhpArray(additional)) {
      const error = validate(item, asSchema(additional), `${param}[${key}]`);
      if (error !== null) return error;
    }
  }
  const count = phpCount(object);
  if (isSet(schema.minProperties) && count < phpToFloat(schema.minProperties)) {
    const noun = pluralise(schema.minProperties, 'property', 'properties');
    return new ValidationError('rest_too_few_properties', `${param} must contain at least ${numberFormatI18n(schema.minProperties)} ${noun}.`);
  }
  if (isSet(schema.maxProperties) && count > phpToFloat(schema.maxProperties)) {
    const noun = pluralise(schema.maxProperties, 'property', 'properties');
    return new ValidationError('rest_too_many_properties', `${param} must contain at most ${numberFormatI18n(schema.maxProperties)} ${noun}.`);
  }
  return null;
}

/** The first required property the object lacks: a draft-4 `required` list wins over `required: true` flags. */
function missingRequiredProperty(object: unknown[] | Record<string, unknown>, schema: Schema): string | null {
  const required: unknown = schema.required;
  if (Array.isArray(required)) {
    for (const name of required) {
      const key = phpToString(name);
      if (!phpArrayHas(object, key)) return key;
    }
    return null;
  }
  const properties = schema.properties;
  if (!isPhpArray(properties)) return null;
  for (const [name, property] of phpEntries(properties)) {
    if (isRecord(property) && property.required === true && !phpArrayHas(object, name)) return name;
  }
  return null;
}

/** `rest_find_matching_pattern_property_schema`: the schema of the first `patternProperties` key matching. */
export function restFindMatchingPatternPropertySchema(property: string, schema: Schema): unknown {
  const patterns = schema.patternProperties;
  if (!isRecord(patterns)) return null;
  for (const pattern of Object.keys(patterns)) {
    if (restValidateJsonSchemaPattern(pattern, property)) return patterns[pattern] ?? null;
  }
  return null;
}

/** `rest_validate_array_value_from_schema`: each item, then `minItems`, `maxItems`, `uniqueItems`. */
export function validateArrayValue(value: unknown, schema: Schema, param: string, validate: Validator): ValidationError | null {
  if (!restIsArray(value)) return invalidType(param, 'array');
  const list = asListForReading(value);
  if (isSet(schema.items)) {
    const itemSchema = asSchema(schema.items);
    for (let index = 0; index < list.length; index += 1) {
      const error = validate(list[index], itemSchema, `${param}[${index}]`);
      if (error !== null) return error;
    }
  }
  if (isSet(schema.minItems) && list.length < phpToFloat(schema.minItems)) {
    const noun = pluralise(schema.minItems, 'item', 'items');
    return new ValidationError('rest_too_few_items', `${param} must contain at least ${numberFormatI18n(schema.minItems)} ${noun}.`);
  }
  if (isSet(schema.maxItems) && list.length > phpToFloat(schema.maxItems)) {
    const noun = pluralise(schema.maxItems, 'item', 'items');
    return new ValidationError('rest_too_many_items', `${param} must contain at most ${numberFormatI18n(schema.maxItems)} ${noun}.`);
  }
  if (!phpIsEmpty(schema.uniqueItems) && !restValidateArrayContainsUniqueItems(list)) {
    return new ValidationError('rest_duplicate_items', `${param} has duplicate items.`);
  }
  return null;
}

/** `rest_validate_number_value_from_schema`; `typeName` is the resolved type the error names. */
export function validateNumberValue(value: unknown, schema: Schema, param: string, typeName: string): ValidationError | null {
  const number = phpNumericValue(value);
  return number === undefined ? invalidType(param, typeName) : checkNumberKeywords(number, schema, param);
}

/** `rest_validate_integer_value_from_schema`: the number rules first, then wholeness. */
export function validateIntegerValue(value: unknown, schema: Schema, param: string): ValidationError | null {
  const number = phpNumericValue(value);
  if (number === undefined) return invalidType(param, 'integer');
  const error = checkNumberKeywords(number, schema, param);
  if (error !== null) return error;
  return isWholeNumber(number) ? null : invalidType(param, 'integer');
}

/** `multipleOf`, then `minimum`/`maximum` with draft-4 boolean `exclusiveMinimum`/`exclusiveMaximum`. */
function checkNumberKeywords(number: number, schema: Schema, param: string): ValidationError | null {
  if (isSet(schema.multipleOf) && number % phpToFloat(schema.multipleOf) !== 0) {
    return new ValidationError('rest_invalid_multiple', `${param} must be a multiple of ${phpToString(schema.multipleOf)}.`);
  }
  const hasMinimum = isSet(schema.minimum);
  const hasMaximum = isSet(schema.maximum);
  if (!hasMinimum && !hasMaximum) return null;
  const exclusiveMinimum = !phpIsEmpty(schema.exclusiveMinimum);
  const exclusiveMaximum = !phpIsEmpty(schema.exclusiveMaximum);
  const minimum = phpToFloat(schema.minimum);
  const maximum = phpToFloat(schema.maximum);
  if (!hasMaximum) {
    if (exclusiveMinimum ? number > minimum : number >= minimum) return null;
    const relation = exclusiveMinimum ? 'greater than' : 'greater than or equal to';
    return outOfBounds(`${param} must be ${relation} ${formatInteger(schema.minimum)}`);
  }
  if (!hasMinimum) {
    if (exclusiveMaximum ? number < maximum : number <= maximum) return null;
    const relation = exclusiveMaximum ? 'less than' : 'less than or equal to';
    return outOfBounds(`${param} must be ${relation} ${formatInteger(schema.maximum)}`);
  }
  const belowMinimum = exclusiveMinimum ? number <= minimum : number < minimum;
  const aboveMaximum = exclusiveMaximum ? number >= maximum : number > maximum;
  if (!belowMinimum && !aboveMaximum) return null;
  const lower = `${formatInteger(schema.minimum)} (${exclusiveMinimum ? 'exclusive' : 'inclusive'})`;
  const upper = `${formatInteger(schema.maximum)} (${exclusiveMaximum ? 'exclusive' : 'inclusive'})`;
  return outOfBounds(`${param} must be between ${lower} and ${upper}`);
}

function outOfBounds(message: string): ValidationError {
  return new ValidationError('rest_out_of_bounds', message);
}

/** `rest_validate_string_value_from_schema`: real strings only; length in characters; unanchored pattern. */
export function validateStringValue(value: unknown, schema: Schema, param: string): ValidationError | null {
  if (typeof value !== 'string') return invalidType(param, 'string');
  if (isSet(schema.minLength) && characterCount(value) < phpToFloat(schema.minLength)) {
    const noun = pluralise(schema.minLength, 'character', 'characters');
    return new ValidationError('rest_too_short', `${param} must be at least ${numberFormatI18n(schema.minLength)} ${noun} long.`);
  }
  if (isSet(schema.maxLength) && characterCount(value) > phpToFloat(schema.maxLength)) {
    const noun = pluralise(schema.maxLength, 'character', 'characters');
    return new ValidationError('rest_too_long', `${param} must be at most ${numberFormatI18n(schema.maxLength)} ${noun} long.`);
  }
  if (isSet(schema.pattern)) {
    const pattern = phpToString(schema.pattern);
    if (!restValidateJsonSchemaPattern(pattern, value)) {
      return new ValidationError('rest_invalid_pattern', `${param} does not match pattern ${pattern}.`);
    }
  }
  return null;
}

/** `mb_strlen`: code points, so a character outside the BMP counts once. */
function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}
