/** Operations for requests to routes a descriptor may not declare: the root when missing, unknown paths. */
import { parseRoutePattern } from '../descriptor/route-pattern.js';
import type { HttpMethod, Operation } from '../descriptor/types.js';

/**
 * The path of a route no server has, which the run sends to on purpose (wrong credentials must be refused before
 * routing; a batch item for no route must fail alone). It belongs to no namespace: reports show it under the root.
 */
export const UNKNOWN_ROUTE = '/restconform/no-such-route';

/** An operation for `route` (a literal path or a route key) with no declared arguments. */
export function syntheticOperation(locale: string | null, method: HttpMethod, route: string, namespace = ''): Operation {
  return { id: `${locale ?? '-'} ${method} ${route}`, locale, method, route, namespace, pattern: parseRoutePattern(route), args: {}, allowBatch: false };
}
