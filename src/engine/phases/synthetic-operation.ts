/** Operations for requests to routes a descriptor may not declare: the root when missing, unknown paths. */
import { parseRoutePattern } from '../../descriptor/route-pattern.js';
import type { HttpMethod, Operation } from '../../descriptor/types.js';

/** An operation for `route` (a literal path or a route key) with no declared arguments. */
export function syntheticOperation(locale: string | null, method: HttpMethod, route: string, namespace = ''): Operation {
  return { id: `${locale ?? '-'} ${method} ${route}`, locale, method, route, namespace, pattern: parseRoutePattern(route), args: {}, allowBatch: false };
}
