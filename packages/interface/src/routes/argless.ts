/**
 * Routes the document marks "no declared parameters": each registration adds one endpoint with `args: {}`,
 * and a route appears where it is first registered, as WordPress keeps it.
 */
import type { HttpMethod } from '../descriptor.js';
import type { ContractRoute } from '../types.js';

/** One method registered on several routes, in the document's order (route keys as WordPress regexes). */
export interface ArglessRegistration {
  method: HttpMethod;
  routes: string[];
}

/** Routes of one namespace whose endpoints declare no parameters. */
export function arglessRoutes(namespace: string, registrations: ArglessRegistration[]): ContractRoute[] {
  const byKey = new Map<string, ContractRoute>();
  for (const { method, routes } of registrations) {
    for (const route of routes) {
      const existing = byKey.get(route) ?? { route, namespace, endpoints: [] };
      existing.endpoints.push({ methods: [method], args: {} });
      byKey.set(route, existing);
    }
  }
  return [...byKey.values()];
}
