/**
 * Which handler answers which contract route and method: the core's own routes plus every resource module's,
 * gathered once at start-up. A contract route no module handles yet answers 200 `{}`.
 */
import type { Contract, ContractRoute, HttpMethod } from '@restconform/interface';
import type { ResourceModule } from './namespaces/module.js';
import { WpError, type MethodHandler, type RouteHandlers, type ServerContext, type ServerRequest, type ServerResponse } from './types.js';

/** Route key → method → handler. */
export type HandlerTable = Map<string, Map<HttpMethod, MethodHandler>>;

/** A named group of route handlers: a resource module, or the core. */
export interface HandlerSource {
  name: string;
  routes: readonly RouteHandlers[];
}

/** Answer of a contract route that no module handles yet. */
export const PLACEHOLDER_HANDLER: MethodHandler = Object.freeze({
  handle: () => ({ status: 200, body: {} }),
});

/** Gathers handlers by route and method; two sources handling the same route and method is a start-up error. */
export function collectHandlers(sources: readonly HandlerSource[]): HandlerTable {
  const table: HandlerTable = new Map();
  const owners = new Map<string, string>();
  for (const source of sources) {
    for (const { route, methods } of source.routes) {
      let byMethod = table.get(route);
      if (byMethod === undefined) table.set(route, (byMethod = new Map()));
      for (const [method, handler] of Object.entries(methods) as Array<[HttpMethod, MethodHandler | undefined]>) {
        if (handler === undefined) continue;
        const owner = owners.get(`${method} ${route}`);
        if (owner !== undefined) {
          throw new Error(`${method} ${route} is handled twice: by ${owner} and by ${source.name}`);
        }
        owners.set(`${method} ${route}`, source.name);
        byMethod.set(method, handler);
      }
    }
  }
  return table;
}

/** True for the routes the core answers itself: the root, the batch route, and the namespace indexes. */
export function isCoreRoute(route: Pick<ContractRoute, 'route' | 'namespace'>): boolean {
  return route.route === '/' || route.route === '/batch/v1' || (route.namespace !== '' && route.route === `/${route.namespace}`);
}

/** A route and method, as coverage reports name them. */
export interface RouteMethodName {
  route: string;
  method: HttpMethod;
}

/** How the resource modules cover the contract. */
export interface HandlerCoverage {
  /** Contract routes and methods (other than the core's own) that no module handles: they answer 200 `{}`. */
  unhandled: RouteMethodName[];
  /** Handlers for a route or method the contract does not have: they are never reached. */
  unknown: Array<RouteMethodName & { module: string }>;
}

/** Compares what the modules handle with what the contract declares. */
export function handlerCoverage(contract: Contract, modules: readonly ResourceModule[]): HandlerCoverage {
  const declared = new Set<string>();
  const unhandled: RouteMethodName[] = [];
  const table = collectHandlers(modules);
  for (const route of contract.routes) {
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) {
        declared.add(`${method} ${route.route}`);
        if (!isCoreRoute(route) && table.get(route.route)?.get(method) === undefined) {
          unhandled.push({ route: route.route, method });
        }
      }
    }
  }
  const unknown: HandlerCoverage['unknown'] = [];
  for (const module of modules) {
    for (const { route, methods } of module.routes) {
      for (const method of Object.keys(methods) as HttpMethod[]) {
        if (!declared.has(`${method} ${route}`)) unknown.push({ route, method, module: module.name });
      }
    }
  }
  return { unhandled, unknown };
}

/**
 * Runs one method's permission check, then its handler, as WordPress does after validation: a `WpError`
 * thrown or returned by either becomes its answer; any other exception propagates (the app answers 500).
 */
export async function runMethodHandler(handler: MethodHandler, req: ServerRequest, ctx: ServerContext): Promise<ServerResponse> {
  try {
    const refusal = handler.permission?.(req, ctx);
    if (refusal instanceof WpError) throw refusal;
    return await handler.handle(req, ctx);
  } catch (error) {
    if (error instanceof WpError) return { status: error.status, body: error.toBody() };
    throw error;
  }
}
