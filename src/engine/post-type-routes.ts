/**
 * The `wp/v2` routes WordPress's posts controller serves for a post type a plugin registered. BuddyPress registers its
 * component directories as the post type `buddypress` with `show_in_rest` and no controller of its own, so
 * `/wp/v2/buddypress/{id}` is WP_REST_Posts_Controller at work: a DELETE without `force` answers the trashed item with
 * `"status": "trash"`, outside the published enum, exactly as `/wp/v2/pages/{id}` does. What the shipped WordPress
 * baseline says of the core route of the same controller is then true of that route too.
 *
 * WordPress does not say which controller serves a route (`register_post_type`'s `rest_controller_class` is not
 * published), so a route is read as the posts controller's only when both of these hold:
 * 1. `GET /wp/v2/types` lists a post type other than core's own with that `rest_base` in `wp/v2`;
 * 2. its collection and item routes take every argument WP_REST_Posts_Controller (WordPress 6.1) registers for every
 *    post type, whatever it supports, and its DELETE takes exactly `id` and `force`. Core's attachments, menu items and
 *    templates controllers (subclasses that answer otherwise) fail this; the posts, pages, blocks and navigation routes
 *    pass it.
 *
 * A plugin's own controller that takes exactly these arguments yet answers otherwise would be misread; every finding
 * read so names the core route it was read against, so a reader can tell.
 */
import type { LoadedDescriptor, RouteDescriptor } from '../descriptor/types.js';
import { buildRequest } from '../request/index.js';
import type { Credentials } from '../request/types.js';
import type { Sender } from './execution/options.js';

/** How a route of a plugin's post type is read: as this core route of the same controller. */
export interface CoreRouteReading {
  /** The core route key, e.g. `/wp/v2/pages/(?P<id>[\d]+)`. */
  route: string;
  /** The plugin's post type, e.g. `buddypress`. */
  postType: string;
}

/** The post types WordPress 6.1 registers itself: their routes are core's own and read as they are. */
const CORE_POST_TYPES: ReadonlySet<string> = new Set([
  'post',
  'page',
  'attachment',
  'nav_menu_item',
  'wp_block',
  'wp_template',
  'wp_template_part',
  'wp_navigation',
]);

/** The arguments WP_REST_Posts_Controller (6.1) registers on every post type's routes, by method. */
const WRITE_ARGUMENTS = ['date', 'date_gmt', 'password', 'slug', 'status', 'template'];
const COLLECTION_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  GET: [
    'after',
    'before',
    'context',
    'exclude',
    'include',
    'modified_after',
    'modified_before',
    'offset',
    'order',
    'orderby',
    'page',
    'per_page',
    'search',
    'slug',
    'status',
  ],
  POST: WRITE_ARGUMENTS,
};
const ITEM_ARGUMENTS: Readonly<Record<string, readonly string[]>> = {
  GET: ['context', 'id', 'password'],
  POST: ['id', ...WRITE_ARGUMENTS],
  PUT: ['id', ...WRITE_ARGUMENTS],
  PATCH: ['id', ...WRITE_ARGUMENTS],
  DELETE: ['id', 'force'],
};

const ITEM_SUFFIX = String.raw`/(?P<id>[\d]+)`;

/** Each method a route declares, with the argument names its endpoint takes. */
function argumentsByMethod(route: RouteDescriptor | undefined): Map<string, Set<string>> {
  const byMethod = new Map<string, Set<string>>();
  for (const endpoint of route?.endpoints ?? []) {
    for (const method of endpoint.methods) byMethod.set(method, new Set(Object.keys(endpoint.args ?? {})));
  }
  return byMethod;
}

/** Whether a route declares exactly `expected`'s methods, each taking at least its arguments (a DELETE: exactly). */
function takesArguments(route: RouteDescriptor | undefined, expected: Readonly<Record<string, readonly string[]>>): boolean {
  const declared = argumentsByMethod(route);
  if (declared.size !== Object.keys(expected).length) return false;
  return Object.entries(expected).every(([method, names]) => {
    const taken = declared.get(method);
    if (taken === undefined || !names.every((name) => taken.has(name))) return false;
    return method !== 'DELETE' || taken.size === names.length;
  });
}

/** Whether the routes under `/wp/v2/{base}` are the posts controller's, by the arguments it always registers. */
export function servedByPostsController(routes: Readonly<Record<string, RouteDescriptor>>, base: string): boolean {
  const collection = `/wp/v2/${base}`;
  return takesArguments(routes[collection], COLLECTION_ARGUMENTS) && takesArguments(routes[`${collection}${ITEM_SUFFIX}`], ITEM_ARGUMENTS);
}

interface PostTypeAnswer {
  slug?: unknown;
  rest_base?: unknown;
  rest_namespace?: unknown;
  hierarchical?: unknown;
}

/**
 * Every route of a plugin's post type the posts controller serves, with the core route it is read as: `GET
 * /wp/v2/types` answered `types`; a hierarchical type reads as `pages`, any other as `posts`. A route is read so only
 * where the same descriptor has the core route of that shape (revisions and autosaves included).
 */
export function postTypeRoutesOf(types: unknown, routes: Readonly<Record<string, RouteDescriptor>>): Map<string, CoreRouteReading> {
  const readings = new Map<string, CoreRouteReading>();
  if (typeof types !== 'object' || types === null || Array.isArray(types)) return readings;
  for (const [name, answer] of Object.entries(types as Record<string, PostTypeAnswer>)) {
    const postType = typeof answer?.slug === 'string' ? answer.slug : name;
    const base = answer?.rest_base;
    if (CORE_POST_TYPES.has(postType) || typeof base !== 'string' || !/^[\w-]+$/.test(base)) continue;
    // `rest_namespace` is published since WordPress 5.9; before, every post type's routes were in wp/v2.
    if (answer.rest_namespace !== undefined && answer.rest_namespace !== 'wp/v2') continue;
    if (!servedByPostsController(routes, base)) continue;
    const own = `/wp/v2/${base}`;
    const core = `/wp/v2/${answer.hierarchical === true ? 'pages' : 'posts'}`;
    for (const route of Object.keys(routes)) {
      if (route !== own && !route.startsWith(`${own}/`)) continue;
      const coreRoute = `${core}${route.slice(own.length)}`;
      if (coreRoute in routes) readings.set(route, { route: coreRoute, postType });
    }
  }
  return readings;
}

/** Which routes of each locale are read as a core route of WordPress's posts controller. */
export class PostTypeRoutes {
  readonly #byLocale: ReadonlyMap<string | null, ReadonlyMap<string, CoreRouteReading>>;

  constructor(byLocale: ReadonlyMap<string | null, ReadonlyMap<string, CoreRouteReading>> = new Map()) {
    this.#byLocale = byLocale;
  }

  /** The core route `route` of `locale` is read as, if it is a plugin's post type's. */
  coreRouteOf(locale: string | null | undefined, route: string): CoreRouteReading | undefined {
    return this.#byLocale.get(locale ?? null)?.get(route);
  }
}

const TYPES_ROUTE = '/wp/v2/types';

/**
 * Asks each locale's `GET /wp/v2/types` (one request each, where the descriptor declares it) which post types a
 * plugin registered, and reads their routes. A site without that route, or one that refuses it, has none.
 */
export async function findPostTypeRoutes(options: {
  descriptors: readonly LoadedDescriptor[];
  restUrls: ReadonlyMap<string | null, string>;
  sender: Sender;
  credentials: Credentials | undefined;
  signal?: AbortSignal;
}): Promise<PostTypeRoutes> {
  const byLocale = new Map<string | null, Map<string, CoreRouteReading>>();
  for (const descriptor of options.descriptors) {
    const restUrl = options.restUrls.get(descriptor.locale);
    const operation = descriptor.operations.find((op) => op.method === 'GET' && op.route === TYPES_ROUTE);
    if (restUrl === undefined || operation === undefined || options.signal?.aborted) continue;
    const request = buildRequest({
      restUrl,
      operation,
      requestCase: { operationId: operation.id, kind: 'valid', path: {}, query: {}, body: undefined },
      credentials: options.credentials,
    });
    const exchange = await options.sender.send(request, options.signal);
    if (exchange.response?.status !== 200) continue;
    const readings = postTypeRoutesOf(exchange.response.json, descriptor.root.routes);
    if (readings.size > 0) byLocale.set(descriptor.locale, readings);
  }
  return new PostTypeRoutes(byLocale);
}
