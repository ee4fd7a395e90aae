/** Reading an item route's answers the way the published-schema checks and the phase that feeds them need it. */
import type { Exchange } from '../../http/types.js';

/** A 2xx answer. */
export function isSuccess(exchange: Exchange): boolean {
  const status = exchange.response?.status;
  return status !== undefined && status >= 200 && status < 300;
}

/** The item an answer shows first: a list's first element, or the answer itself (a map keyed by slug stays whole). */
export function firstItem(body: unknown): Record<string, unknown> | undefined {
  const item = Array.isArray(body) ? body[0] : body;
  return typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
}

/** The keys not in `container`, in their order. */
export function missingFrom(keys: readonly string[], container: readonly string[]): string[] {
  const inside = new Set(container);
  return keys.filter((key) => !inside.has(key));
}
