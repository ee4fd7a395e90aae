/**
 * A published item schema (WordPress's dialect) as a plain JSON Schema for one context, to validate answers with
 * ajv. WordPress's dialect differs from JSON Schema where answers are concerned:
 * - `context` lists on properties: an answer in context C carries only the properties whose list names C (or that
 *   have none); the others are left out of the translation (whether they leak is another check's question);
 * - `required: true` on a property (required on create): in an answer of a context that shows the property, it
 *   must be there; a property outside the context is never required;
 * - formats are checked as WordPress checks them (`date-time` without a zone, `email` as `is_email`…); the ones
 *   WordPress never rejects (`uri`…) are dropped; an unknown type name (`bool`) validates nothing, as in WordPress;
 * - an `object` may come as `[]`: PHP encodes an empty associative array as an empty list;
 * - `readonly` says nothing about an answer and is dropped; `oneOf` is read as `anyOf` (WordPress's answers may
 *   match more than one branch).
 */
import type { ArgSchema, JsonSchema, SchemaContext } from '../descriptor/index.js';
import { isValidatedFormat } from './formats.js';

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object', 'null']);

/** Prefix of the ajv format names that run WordPress's format checks. */
export const WORDPRESS_FORMAT_PREFIX = 'wp-';

/** How the translation is used. */
export interface AnswerSchemaOptions {
  /**
   * For documents other tools read (the OpenAPI export): no `required` (an answer's context or `_fields` may
   * leave any property out) and no format (their readers check formats as JSON Schema does, not as WordPress).
   */
  portable?: boolean;
}

/** The JSON Schema an answer's item must meet in `context`. */
export function answerSchema(published: ArgSchema, context: SchemaContext, options: AnswerSchemaOptions = {}): JsonSchema {
  return translate(published, context, options.portable === true);
}

function inContext(schema: ArgSchema, context: SchemaContext): boolean {
  return !Array.isArray(schema.context) || schema.context.includes(context);
}

function translate(schema: ArgSchema, context: SchemaContext, portable: boolean): JsonSchema {
  const out: JsonSchema = {};
  let types = typesOf(schema.type);
  if (types?.includes('object') && !types.includes('array')) {
    // PHP encodes an empty associative array as `[]`: WordPress's answers send an empty object so (`meta: []`).
    types = [...types, 'array'];
    out.maxItems = 0;
  }
  if (types !== undefined) out.type = types.length === 1 ? types[0] : types;
  if (Array.isArray(schema.enum)) out.enum = schema.enum;
  if (!portable && isValidatedFormat(schema.format) && (types === undefined || types.includes('string'))) {
    out.format = `${WORDPRESS_FORMAT_PREFIX}${schema.format}`;
  }
  if (isSchema(schema.items)) out.items = translate(schema.items, context, portable);
  if (isSchema(schema.properties)) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, property] of Object.entries(schema.properties)) {
      if (!isSchema(property) || !inContext(property, context)) continue;
      properties[name] = translate(property, context, portable);
      if (property.required === true) required.push(name);
    }
    // A draft-4 list of names on the object itself (rare in answers' schemas): only names shown in this context.
    if (Array.isArray(schema.required))
      required.push(...schema.required.filter((name) => typeof name === 'string' && name in properties && !required.includes(name)));
    out.properties = properties;
    if (required.length > 0 && !portable) out.required = required;
  }
  if (schema.additionalProperties === false) out.additionalProperties = false;
  else if (isSchema(schema.additionalProperties)) out.additionalProperties = translate(schema.additionalProperties, context, portable);
  if (isSchema(schema.patternProperties)) {
    const patterns: Record<string, JsonSchema> = {};
    for (const [pattern, inner] of Object.entries(schema.patternProperties)) {
      if (isSchema(inner) && isUsableRegex(pattern)) patterns[pattern] = translate(inner, context, portable);
    }
    out.patternProperties = patterns;
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter(isSchema);
  if (branches.length > 0) out.anyOf = branches.map((branch) => translate(branch, context, portable));
  return out;
}

function typesOf(type: ArgSchema['type'] | string | string[] | undefined): string[] | undefined {
  if (type === undefined) return undefined;
  const names = (Array.isArray(type) ? type : [type]) as string[];
  // WordPress ignores a schema whose type it does not know; so does the translation.
  if (names.some((name) => !JSON_TYPES.has(name))) return undefined;
  return names.length === 0 ? undefined : names;
}

function isUsableRegex(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function isSchema(value: unknown): value is ArgSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
