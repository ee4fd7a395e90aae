/**
 * Route matching as WordPress does it: each route key is a regex matched as `^key$`, case-insensitive, in
 * registration (contract) order; named groups become string parameters. Regexes are compiled once; routes are
 * grouped by their literal first path segment so a lookup only tries the routes that can match.
 */
import type { ArgDescriptor, HttpMethod } from '@restconform/interface';
import type { MethodHandler } from './types.js';

/** One method of a route: what to validate and who answers. */
export interface RouteMethod {
  method: HttpMethod;
  args: Record<string, ArgDescriptor>;
  allowBatch: boolean;
  handler: MethodHandler;
}

/** A route ready to match: its regex, its methods, its `Allow` header. */
export interface CompiledRoute {
  /** The route key, verbatim (`/community/v1/members/(?P<id>[\d]+)`). */
  key: string;
  namespace: string;
  matcher: RegExp;
  /** Methods in endpoint order; the first endpoint that declares a method serves it. */
  methods: ReadonlyMap<string, RouteMethod>;
  /** `GET, POST`: the value of the `Allow` header when every caller may use every method. */
  allowHeader: string;
  /** True when some method has a permission check: then `Allow` depends on the caller. */
  permissionChecked: boolean;
}

/** A route that matched a path, with the path variables it captured. */
export interface RouteMatch {
  route: CompiledRoute;
  captures: Record<string, string>;
}

/** What the router needs to know of a route to compile it. */
export interface RouteDefinition {
  key: string;
  namespace: string;
  methods: RouteMethod[];
}

/** Compiles a WordPress route key (PCRE) to a JavaScript regex matching the whole path, case-insensitively. */
export function compileRouteKey(key: string): RegExp {
  try {
    return new RegExp(`^${key.replaceAll('(?P<', '(?<')}$`, 'i');
  } catch (error) {
    throw new Error(`route ${key} is not a usable regex: ${(error as Error).message}`, { cause: error });
  }
}

const LITERAL_SEGMENT = /^\/([A-Za-z0-9_-]*)(?:\/|$)/;

/** The first path segment every path matching `key` has, lower-cased; undefined when the key does not fix one. */
function firstLiteralSegment(key: string): string | undefined {
  return LITERAL_SEGMENT.exec(key)?.[1]?.toLowerCase();
}

function firstPathSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

export class Router {
  /** Every route in contract order. */
  readonly routes: readonly CompiledRoute[];
  readonly #bySegment = new Map<string, CompiledRoute[]>();
  /** Routes whose first segment is not a plain literal: they are tried for every path. */
  readonly #anySegment: CompiledRoute[] = [];

  constructor(definitions: readonly RouteDefinition[]) {
    this.routes = definitions.map((definition) => ({
      key: definition.key,
      namespace: definition.namespace,
      matcher: compileRouteKey(definition.key),
      methods: firstEndpointWins(definition.methods),
      allowHeader: [...new Set(definition.methods.map((m) => m.method))].join(', '),
      permissionChecked: definition.methods.some((m) => m.handler.permission !== undefined),
    }));
    const segments = new Map<CompiledRoute, string | undefined>();
    for (const route of this.routes) {
      const segment = firstLiteralSegment(route.key);
      segments.set(route, segment);
      if (segment === undefined) this.#anySegment.push(route);
      else if (!this.#bySegment.has(segment)) this.#bySegment.set(segment, []);
    }
    // Each bucket keeps contract order, with the catch-all routes merged in where they stand.
    for (const [segment, bucket] of this.#bySegment) {
      for (const route of this.routes) {
        const own = segments.get(route);
        if (own === segment || own === undefined) bucket.push(route);
      }
    }
  }

  /** The first route (in contract order) whose regex matches the whole path, or null. */
  match(path: string): RouteMatch | null {
    const candidates = this.#bySegment.get(firstPathSegment(path)) ?? this.#anySegment;
    for (let i = 0; i < candidates.length; i++) {
      const route = candidates[i]!;
      const found = route.matcher.exec(path);
      if (found !== null) return { route, captures: definedGroups(found.groups) };
    }
    return null;
  }

  /** The method of a matched route that serves `method`; HEAD falls back to GET. */
  static methodOf(route: CompiledRoute, method: string): RouteMethod | undefined {
    return route.methods.get(method) ?? (method === 'HEAD' ? route.methods.get('GET') : undefined);
  }
}

function firstEndpointWins(methods: RouteMethod[]): Map<string, RouteMethod> {
  const byName = new Map<string, RouteMethod>();
  for (const method of methods) if (!byName.has(method.method)) byName.set(method.method, method);
  return byName;
}

// PHP's preg_match leaves out groups that took no part in the match; JavaScript reports them as undefined.
function definedGroups(groups: Record<string, string | undefined> | undefined): Record<string, string> {
  const captures: Record<string, string> = {};
  if (groups === undefined) return captures;
  for (const name in groups) {
    const value = groups[name];
    if (value !== undefined) captures[name] = value;
  }
  return captures;
}
