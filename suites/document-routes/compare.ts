/**
 * Compares a root descriptor's routes with the hand-transcribed route tables of the interface document,
 * both ways. Each function returns one readable line per departure, naming the path, method and parameter.
 */
import type { EndpointDescriptor, HttpMethod, RootDescriptor, RouteDescriptor } from '../../src/descriptor/types.js';
import { samplePaths, UNDOCUMENTED_NAMESPACES, type DocumentedRoute, type DocumentedRouteTable } from './route-table.js';

/** The part of a root descriptor the comparison reads. */
export type DescriptorRoutes = Pick<RootDescriptor, 'routes'>;

/** A descriptor route key as WordPress matches it: PCRE named groups in JavaScript syntax, `^key$`, any case. */
export function compileRouteKey(key: string): RegExp {
  return new RegExp(`^${key.replace(/\(\?P</g, '(?<')}$`, 'i');
}

/** Where WordPress would send a request: the first route matching the path that has an endpoint for the method. */
export interface ServingEndpoint {
  key: string;
  route: RouteDescriptor;
  endpoint: EndpointDescriptor;
}

/** Routes in descriptor order whose key matches the concrete path. */
export function routesMatching(descriptor: DescriptorRoutes, path: string): Array<[string, RouteDescriptor]> {
  return Object.entries(descriptor.routes).filter(([key]) => compileRouteKey(key).test(path));
}

/** WordPress's dispatch rule: keep trying matching routes until one has an endpoint serving the method. */
export function findServingEndpoint(descriptor: DescriptorRoutes, path: string, method: HttpMethod): ServingEndpoint | undefined {
  for (const [key, route] of routesMatching(descriptor, path)) {
    const endpoint = route.endpoints.find((candidate) => candidate.methods.includes(method));
    if (endpoint !== undefined) return { key, route, endpoint };
  }
  return undefined;
}

/** Every documented (path, method) is served, by a route listing the method, with exactly the documented params. */
export function documentedRoutesNotServed(table: DocumentedRouteTable, descriptor: DescriptorRoutes): string[] {
  return table.routes.flatMap((documented) => samplePaths(documented).flatMap((path) => servingDepartures(documented, path, descriptor)));
}

function servingDepartures(documented: DocumentedRoute, path: string, descriptor: DescriptorRoutes): string[] {
  const where = `${documented.method} ${documented.path} (as ${path})`;
  const serving = findServingEndpoint(descriptor, path, documented.method);
  if (serving === undefined) {
    const matching = routesMatching(descriptor, path).map(([key, route]) => `${key} [${route.methods.join(', ')}]`);
    return matching.length === 0
      ? [`${where}: no route of the descriptor matches the path`]
      : [`${where}: no endpoint serves the method; matching routes: ${matching.join('; ')}`];
  }
  const departures: string[] = [];
  if (!serving.route.methods.includes(documented.method)) {
    departures.push(`${where}: route ${serving.key} has an endpoint for the method but its methods list lacks it`);
  }
  return departures.concat(paramDepartures(documented, where, serving));
}

function paramDepartures(documented: DocumentedRoute, where: string, serving: ServingEndpoint): string[] {
  const declared = Array.isArray(serving.endpoint.args) ? {} : serving.endpoint.args;
  const departures: string[] = [];
  for (const [name, param] of Object.entries(documented.params)) {
    const arg = declared[name];
    if (arg === undefined) {
      departures.push(`${where}: param "${name}" is documented but route ${serving.key} does not declare it`);
    } else if ((arg.required === true) !== param.required) {
      departures.push(`${where}: param "${name}" is documented required=${param.required} but declared required=${String(arg.required)}`);
    }
  }
  if (documented.open !== true) {
    for (const name of Object.keys(declared).filter((declaredName) => !(declaredName in documented.params))) {
      departures.push(`${where}: param "${name}" is declared by route ${serving.key} but not documented`);
    }
  }
  return departures;
}

/** Every route and method of the descriptor, outside the undocumented namespaces, is one the document lists. */
export function descriptorRoutesNotDocumented(table: DocumentedRouteTable, descriptor: DescriptorRoutes): string[] {
  const departures: string[] = [];
  for (const [key, route] of Object.entries(descriptor.routes)) {
    if (UNDOCUMENTED_NAMESPACES.includes(route.namespace)) continue;
    const matcher = compileRouteKey(key);
    for (const method of methodsOf(route)) {
      const documented = table.routes.some((entry) => entry.method === method && samplePaths(entry).some((path) => matcher.test(path)));
      if (!documented) departures.push(`${method} ${key}: served by the descriptor but not in the document`);
    }
  }
  return departures;
}

function methodsOf(route: RouteDescriptor): HttpMethod[] {
  return [...new Set([...route.methods, ...route.endpoints.flatMap((endpoint) => endpoint.methods)])];
}
