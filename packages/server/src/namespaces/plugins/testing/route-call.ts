/**
 * Calls a resource module's handler the way the server core does (permission check, then the handler, a thrown
 * or returned WpError rendered as WordPress renders it), on a store the core's own `createStore` seeds, without HTTP.
 */
import type { HttpMethod } from '@restconform/interface';
import { runMethodHandler } from '../../../handlers.js';
import { createStore } from '../../../store.js';
import type { ServerContext, ServerResponse, Store } from '../../../types.js';
import type { ResourceModule } from '../../module.js';

/** Ids of the accounts every test store holds: the core's built-in administrator and subscriber. */
export const TEST_ADMIN_ID = 1;
export const TEST_MEMBER_ID = 2;

/** A store with an administrator (id 1, `admin`) and a subscriber (id 2, `member`), seeded by `modules`. */
export function seededTestStore(modules: readonly ResourceModule[], seed = 42): Store {
  const unused = 'unused-in-handler-tests';
  return createStore(seed, { admin: { user: 'admin', password: unused }, member: { user: 'member', password: unused } }, modules);
}

export interface RouteCall {
  method: HttpMethod;
  /** The exact route key. */
  route: string;
  params?: Record<string, unknown>;
  /** `'admin'`, `'member'` or `null` for an anonymous caller. */
  as?: 'admin' | 'member' | null;
}

/** Runs one call against `module` and answers what the core would send. */
export async function callRoute(module: ResourceModule, store: Store, call: RouteCall): Promise<ServerResponse> {
  const handler = module.routes.find((routeHandlers) => routeHandlers.route === call.route)?.methods[call.method];
  if (handler === undefined) throw new Error(`${module.name} has no ${call.method} ${call.route}`);
  const as = call.as === undefined ? 'admin' : call.as;
  const ctx: ServerContext = {
    baseUrl: 'http://127.0.0.1:1',
    restRoot: 'wp-json',
    restUrl: (locale) => `http://127.0.0.1:1/${locale}/wp-json`,
    store,
  };
  const params = call.params ?? {};
  const req = {
    method: call.method,
    route: call.route,
    path: call.route,
    locale: 'en_gb' as const,
    params,
    sent: new Set(Object.keys(params)),
    headers: {},
    user: as === null ? null : (store.members.get(as === 'admin' ? TEST_ADMIN_ID : TEST_MEMBER_ID) ?? null),
  };
  return runMethodHandler(handler, req, ctx);
}

/** The body of a response as an object, for reading members in assertions. */
export function bodyOf(response: ServerResponse): Record<string, any> {
  return response.body as Record<string, any>;
}
