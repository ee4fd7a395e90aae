/** A validated root descriptor → the operations the harness tests (one per method per route). */
import { RoutePatternError } from './errors.js';
import { parseRoutePattern } from './route-pattern.js';
import type { ArgDescriptor, HttpMethod, LoadedDescriptor, Operation, RootDescriptor } from './types.js';

/**
 * Turns a validated descriptor into operations: one per method each route's endpoints list, in descriptor
 * order. When two endpoints of a route serve the same method, the first wins, as WordPress's dispatcher does.
 * A route whose key cannot be parsed is skipped with a warning; nothing here is fatal.
 *
 * @param locale the locale segment it was served under, or null for plain WordPress
 * @param source the URL or file it came from
 */
export function loadDescriptor(root: RootDescriptor, locale: string | null, source: string): LoadedDescriptor {
  const operations: Operation[] = [];
  const warnings: string[] = [];
  const localeLabel = locale ?? '-';
  for (const [route, descriptor] of Object.entries(root.routes)) {
    let pattern;
    try {
      pattern = parseRoutePattern(route);
    } catch (error) {
      if (!(error instanceof RoutePatternError)) throw error;
      warnings.push(`skipped ${error.message}`);
      continue;
    }
    const served = new Set<HttpMethod>();
    for (const endpoint of descriptor.endpoints) {
      const args: Record<string, ArgDescriptor> = Array.isArray(endpoint.args) ? {} : endpoint.args;
      const allowBatch = endpoint.allow_batch?.v1 === true;
      for (const method of endpoint.methods) {
        if (served.has(method)) continue;
        served.add(method);
        operations.push({ id: `${localeLabel} ${method} ${route}`, locale, method, route, namespace: descriptor.namespace, pattern, args, allowBatch });
      }
    }
  }
  return { locale, source, root, operations, warnings };
}
