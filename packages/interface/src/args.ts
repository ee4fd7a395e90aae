/**
 * Builders for the contract's arguments. The interface document repeats a few parameters on many routes
 * (`context`, `page`, `per_page`, ID lists, the profile field fields); each is written once here so every
 * route states it alike. Every builder returns a fresh object.
 */
import type { ArgSchema } from './descriptor.js';
import type { ContractArg } from './types.js';

/** The schema keywords of an argument, without the two keys every argument carries. */
export type ArgKeywords = Omit<ArgSchema, 'description' | 'required'>;

/** An argument: `description` first (as WordPress prints it), then the keywords, then `required`. */
export function arg(keywords: ArgKeywords, description: string, required = false): ContractArg {
  return { description, ...keywords, required };
}

/**
 * An argument the document states without a description (and often without a type): the contract says no more
 * than the document, so a descriptor is not held to a description or a type it never promised.
 */
export function undescribedArg(keywords: ArgKeywords, required = false): ContractArg {
  return { ...keywords, required };
}

/** The same argument, required. */
export function requiredArg(keywords: ArgKeywords, description: string): ContractArg {
  return arg(keywords, description, true);
}

/** WordPress core's wording for `context`, used on every route that declares it. */
export const CONTEXT_DESCRIPTION = 'Scope under which the request is made; determines fields present in response.';

/** `context`: a string, with the enumeration the route states (none on the root) and a default. */
export function contextArg(values?: string[], defaultValue: string | null = 'view'): ContractArg {
  const keywords: ArgKeywords = { type: 'string' };
  if (values) keywords.enum = values;
  if (defaultValue !== null) keywords.default = defaultValue;
  return arg(keywords, CONTEXT_DESCRIPTION);
}

/** `page` of the paginated lists: integer, default 1, minimum 1 (document, Limits). */
export function pageArg(): ContractArg {
  return arg({ type: 'integer', default: 1, minimum: 1 }, 'Current page of the collection.');
}

/** `per_page` of the paginated lists: integer, default 10, 1..100 (document, Limits). */
export function perPageArg(): ContractArg {
  return arg({ type: 'integer', default: 10, minimum: 1, maximum: 100 }, 'Maximum number of items to be returned in result set.');
}

/** `search` on a list. */
export function searchArg(): ContractArg {
  return arg({ type: 'string' }, 'Limit results to those matching a string.');
}

/** `order` on a list: ascending or descending, default descending. */
export function orderArg(): ContractArg {
  return arg({ type: 'string', enum: ['asc', 'desc'], default: 'desc' }, 'Order sort attribute ascending or descending.');
}

/** An array of integers, default empty (`include`, `exclude`, `user_ids`, …). */
export function integerListArg(description: string): ContractArg {
  return arg({ type: 'array', items: { type: 'integer' }, default: [] }, description);
}

/** An array of strings, default empty (`member_type`, `exclude_fields`). */
export function stringListArg(description: string): ContractArg {
  return arg({ type: 'array', items: { type: 'string' }, default: [] }, description);
}

/** `include` on a list. */
export function includeArg(): ContractArg {
  return integerListArg('Ensure result set includes specific IDs.');
}

/** `exclude` on a list. */
export function excludeArg(): ContractArg {
  return integerListArg('Ensure result set excludes specific IDs.');
}

/** A boolean flag with a default. */
export function flagArg(defaultValue: boolean, description: string): ContractArg {
  return arg({ type: 'boolean', default: defaultValue }, description);
}

/** A numeric path variable (`{id}`, `{user_id}`, `{field_id}`): the document calls them integers. */
export function integerIdArg(description: string, required = false): ContractArg {
  return arg({ type: 'integer' }, description, required);
}
