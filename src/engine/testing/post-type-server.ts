/**
 * Test-only: a WordPress-shaped server with the pages routes, `GET /wp/v2/types` and the routes of a post type a plugin
 * registered with `show_in_rest` and no controller of its own (BuddyPress's `buddypress` directories): WordPress's
 * posts controller serves them, with the pages routes' arguments (taken from the real WordPress 6.1 index in
 * `fixtures/`). As that controller does, a DELETE without `force=true` moves the item to the trash and answers it with
 * `"status": "trash"`, outside the enum its published schema gives. Any numeric id names an item. Only the
 * administrator's application password is accepted.
 *
 * Two shapes make the plugin's routes its own instead: `typesListed: false` (WordPress's types list does not name
 * them) and `readWithoutPassword` (its item read takes no `password`, which the posts controller always registers).
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../../http/testing/test-servers.js';
import { wordpressRoot } from './wordpress-root.js';

export const POST_TYPE_ADMIN = { user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' };
/** The plugin's post type and the `rest_base` its routes are under. */
export const PLUGIN_POST_TYPE = 'directory';
export const PLUGIN_BASE = 'directories';

export interface PostTypeServerOptions {
  /** Whether `GET /wp/v2/types` lists the plugin's post type (true unless said). */
  typesListed?: boolean;
  /** The plugin's item read declares no `password` (a controller of its own). */
  readWithoutPassword?: boolean;
}

export interface PostTypeServer {
  url: string;
  close(): Promise<void>;
}

interface Fixture {
  routes: Record<string, { namespace: string; methods: string[]; endpoints: Array<{ methods: string[]; args: Record<string, unknown> }> }>;
}

const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../../fixtures/${name}`, import.meta.url), 'utf8')) as T;

const PAGES = '/wp/v2/pages';
const TYPES = '/wp/v2/types';

/** The pages routes and the types routes of WordPress 6.1's index, and the plugin's post type as a copy of the pages routes. */
function routes(options: PostTypeServerOptions): Fixture['routes'] {
  const index = fixture<Fixture>('wordpress-6.1-index.json').routes;
  const served = Object.entries(index).filter(([route]) => route === PAGES || route === String.raw`${PAGES}/(?P<id>[\d]+)` || route.startsWith(TYPES));
  const plugin = served
    .filter(([route]) => route.startsWith(PAGES))
    .map(([route, value]) => {
      const copy = structuredClone(value);
      for (const endpoint of copy.endpoints) if (options.readWithoutPassword === true && endpoint.methods.includes('GET')) delete endpoint.args.password;
      return [`/wp/v2/${PLUGIN_BASE}${route.slice(PAGES.length)}`, copy] as const;
    });
  return Object.fromEntries([...served, ...plugin]);
}

/** `GET /wp/v2?context=help`: the pages item schema, for the pages routes and the plugin's (titled by its post type). */
function helpAnswer(routeKeys: readonly string[]): unknown {
  const help = fixture<{ 'wp/v2': { routes: Record<string, { schema?: Record<string, unknown> }> } }>('wordpress-6.1-help.json')['wp/v2'].routes;
  const pageSchema = help[PAGES]!.schema!;
  const entries = routeKeys
    .filter((route) => !route.startsWith(TYPES))
    .map((route) => {
      const schema = route.startsWith(PAGES) ? pageSchema : { ...pageSchema, title: PLUGIN_POST_TYPE };
      return [route, { namespace: 'wp/v2', methods: [], schema }];
    });
  return { namespace: 'wp/v2', routes: Object.fromEntries(entries) };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, code: string, params?: Record<string, string>): void =>
  send(res, status, { code, message: code, data: { status, ...(params === undefined ? {} : { params }) } });

function postType(slug: string, base: string, hierarchical: boolean): Record<string, unknown> {
  return { slug, name: slug, rest_base: base, rest_namespace: 'wp/v2', hierarchical, description: '', taxonomies: [], _links: {} };
}

export async function startPostTypeServer(options: PostTypeServerOptions = {}): Promise<PostTypeServer> {
  const served = routes(options);
  const admin = `Basic ${Buffer.from(`${POST_TYPE_ADMIN.user}:${POST_TYPE_ADMIN.password}`).toString('base64')}`;
  const trashed = new Set<string>();
  const server = await startHttpServer((req, res, body) => handle(req, res, body));
  const base = server.url;

  const item = (type: string, id: number): Record<string, unknown> => ({
    id,
    date: '2026-01-01T00:00:00',
    date_gmt: '2026-01-01T00:00:00',
    guid: { rendered: `${base}/?p=${id}` },
    modified: '2026-01-01T00:00:00',
    modified_gmt: '2026-01-01T00:00:00',
    slug: `item-${id}`,
    status: trashed.has(`${type} ${id}`) ? 'trash' : 'publish',
    type,
    link: `${base}/?p=${id}`,
    title: { rendered: `Item ${id}` },
    parent: 0,
    menu_order: 0,
    template: '',
    meta: [],
  });

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', base);
    const route = /^(?:\/[\w-]+)?\/wp-json(\/.*)?$/.exec(url.pathname)?.[1] ?? '/';
    const method = req.method ?? 'GET';
    if (route === '/' && method === 'GET') return send(res, 200, wordpressRoot('Post types', base, served));
    if (route === '/wp/v2' && url.searchParams.get('context') === 'help') return send(res, 200, helpAnswer(Object.keys(served)));
    const authorization = req.headers.authorization;
    if (authorization !== undefined && authorization !== admin) return error(res, 401, 'incorrect_password');
    if (route === TYPES) {
      const types = {
        page: postType('page', 'pages', true),
        ...(options.typesListed === false ? {} : { [PLUGIN_POST_TYPE]: postType(PLUGIN_POST_TYPE, PLUGIN_BASE, true) }),
      };
      return send(res, 200, types);
    }
    const match = /^\/wp\/v2\/(pages|directories)(?:\/(\d+))?$/.exec(route);
    if (match === null) return error(res, 404, 'rest_no_route');
    const type = match[1] === 'pages' ? 'page' : PLUGIN_POST_TYPE;
    const id = match[2] === undefined ? undefined : Number(match[2]);
    if (method === 'GET') return send(res, 200, id === undefined ? [item(type, 1), item(type, 2)] : item(type, id));
    if (authorization !== admin) return error(res, 401, 'rest_cannot_edit');
    if (id === undefined) return method === 'POST' ? send(res, 201, item(type, 3)) : error(res, 404, 'rest_no_route');
    if (method !== 'DELETE') return send(res, 200, item(type, id));
    let force: unknown = url.searchParams.get('force');
    try {
      force = (JSON.parse(body === '' ? '{}' : body) as { force?: unknown }).force ?? force;
    } catch {
      return error(res, 400, 'rest_invalid_json');
    }
    // rest_is_boolean: a boolean, 0 or 1, or one of these strings (lower-cased); anything else is refused.
    const word = typeof force === 'string' ? force.toLowerCase() : force;
    if (!(force === null || typeof force === 'boolean' || force === 0 || force === 1 || ['', '0', '1', 'false', 'true'].includes(word as string)))
      return error(res, 400, 'rest_invalid_param', { force: 'force is not of type boolean.' });
    if (force === true || force === 1 || word === 'true' || word === '1') return send(res, 200, { deleted: true, previous: item(type, id) });
    // WP_REST_Posts_Controller::delete_item without force: the post goes to the trash and is answered from there.
    if (trashed.has(`${type} ${id}`)) return error(res, 410, 'rest_already_trashed');
    trashed.add(`${type} ${id}`);
    return send(res, 200, item(type, id));
  }

  return { url: base, close: () => server.close() };
}
