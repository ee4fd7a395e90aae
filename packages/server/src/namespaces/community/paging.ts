/** Paged collections: one slice of a list plus WordPress's `X-WP-Total` / `X-WP-TotalPages` headers. */
import type { ServerResponse } from '../../types.js';
import { intParam } from './params.js';

/** One page of `items`; a page beyond the end is empty (the community plugin answers `[]`, not 400). */
export interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

/** Cuts page `page` (from 1) of `perPage` items out of `items`. */
export function paginate<T>(items: readonly T[], page: number, perPage: number): Page<T> {
  const size = Math.max(1, perPage);
  const start = (Math.max(1, page) - 1) * size;
  return { items: items.slice(start, start + size), total: items.length, totalPages: Math.ceil(items.length / size) };
}

/** The collection headers WordPress sends with every list. */
export function collectionHeaders(total: number, totalPages: number): Record<string, string> {
  return { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
}

/** A 200 answer with page `params.page` of size `params.per_page` (defaults 1 and 10), each item serialised. */
export function pagedResponse<T>(items: readonly T[], params: Record<string, unknown>, serialize: (item: T) => unknown): ServerResponse {
  const page = paginate(items, intParam(params, 'page', 1), intParam(params, 'per_page', 10));
  return { status: 200, body: page.items.map(serialize), headers: collectionHeaders(page.total, page.totalPages) };
}
