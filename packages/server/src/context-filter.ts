/**
 * Filtering an answer by the request's context with the route's published item schema, as WordPress's
 * `rest_filter_response_by_context()` does: a property whose schema has a `context` list without the request's
 * context is removed; one without a `context` list stays; objects and lists inside are filtered by their own
 * schemas. A list answer is filtered item by item, and a delete answer's `previous` like an item.
 */
import type { ArgSchema } from '@restconform/interface';

/** The contexts an answer may be asked for. */
const CONTEXTS: ReadonlySet<string> = new Set(['embed', 'view', 'edit']);

/**
 * The context an answer is shaped for: the `context` parameter when it names one, else `view` for a read and
 * `edit` for a write (WordPress's controllers answer writes in `edit`).
 */
export function answerContext(method: string, params: Record<string, unknown>): string {
  const asked = params.context;
  if (typeof asked === 'string' && CONTEXTS.has(asked)) return asked;
  return method === 'GET' || method === 'HEAD' ? 'view' : 'edit';
}

/** `body` as an answer in `context` shows it; the value is copied where something is removed, never changed in place. */
export function filterAnswerByContext(body: unknown, schema: ArgSchema, context: string): unknown {
  if (Array.isArray(body)) return body.map((item) => filterValue(item, schema, context));
  if (isRecord(body) && body.deleted === true && isRecord(body.previous)) {
    return { ...body, previous: filterValue(body.previous, schema, context) };
  }
  return filterValue(body, schema, context);
}

function filterValue(value: unknown, schema: ArgSchema, context: string): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    if (items === undefined) return value;
    if (items.context !== undefined && !items.context.includes(context)) return [];
    return value.map((item) => filterValue(item, items, context));
  }
  if (!isRecord(value) || schema.properties === undefined) return value;
  const filtered: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    const property = schema.properties[name];
    if (property?.context !== undefined && !property.context.includes(context)) continue;
    filtered[name] = property === undefined ? inner : filterValue(inner, property, context);
  }
  return filtered;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
