/** Small questions mutation operators ask of a schema. */
import type { ArgSchema } from '../../descriptor/types.js';
import { isPlainObject } from '../../schema/php-values.js';
import { declaredTypes } from '../values/index.js';

/** The declared types, or null when the schema has none or names a type WordPress does not know (then anything passes). */
export function knownTypes(schema: ArgSchema): string[] | null {
  const raw = schema.type as unknown;
  const count = Array.isArray(raw) ? raw.length : raw === undefined || raw === null ? 0 : 1;
  const types = declaredTypes(schema);
  return types.length === 0 || types.length !== count ? null : types;
}

export function hasType(schema: ArgSchema, type: string): boolean {
  return knownTypes(schema)?.includes(type) ?? false;
}

export function numberKeyword(
  schema: ArgSchema,
  keyword: 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'multipleOf',
): number | undefined {
  const value = schema[keyword];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function itemSchema(schema: ArgSchema): ArgSchema | undefined {
  return isPlainObject(schema.items) ? (schema.items as ArgSchema) : undefined;
}

/** A short preview of a value for descriptions. */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
