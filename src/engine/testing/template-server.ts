/**
 * Test-only: a small server with WordPress 6.1's template and template-part routes (their descriptor taken from the
 * real index in `fixtures/`) that, as WordPress does, files a created template under the theme its `theme` names,
 * whatever name that is, and keeps a theme term for every theme named (`wp_theme`), which no delete removes. Only the
 * administrator's application password is accepted; anything else is refused with 401.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../../http/testing/test-servers.js';
import { wordpressRoot } from './wordpress-root.js';

export const ACTIVE_THEME = 'twentytwentythree';
export const TEMPLATE_ADMIN = { user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' };

const COLLECTIONS = ['/wp/v2/templates', '/wp/v2/template-parts'];
const THEMES = '/wp/v2/themes';

export interface TemplateServer {
  url: string;
  /** The theme terms WordPress would hold now: the active theme's, and one per theme a stored template named. */
  themeTerms: Set<string>;
  /** Every template the server stored, as `collection theme//slug`, deleted ones included. */
  stored: string[];
  close(): Promise<void>;
}

function templateRoutes(): Record<string, unknown> {
  const index = JSON.parse(readFileSync(new URL('../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  // Each collection and its item route (whose id is `theme//slug`), no revisions, autosaves or lookup; and the themes.
  const served = (route: string): boolean =>
    route.startsWith(THEMES) || COLLECTIONS.some((collection) => route === collection || route.startsWith(`${collection}/(?P<id>(`));
  return Object.fromEntries(Object.entries(index.routes).filter(([route]) => served(route)));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, code: string): void => send(res, status, { code, message: code, data: { status } });

export async function startTemplateServer(): Promise<TemplateServer> {
  const themeTerms = new Set([ACTIVE_THEME]);
  const stored: string[] = [];
  const templates = new Map<string, Record<string, unknown>>();
  const admin = `Basic ${Buffer.from(`${TEMPLATE_ADMIN.user}:${TEMPLATE_ADMIN.password}`).toString('base64')}`;
  const server = await startHttpServer((req, res, body) => handle(req, res, body));
  const base = server.url;

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', base);
    const route = /^(?:\/[\w-]+)?\/wp-json(\/.*)?$/.exec(url.pathname)?.[1] ?? '/';
    const method = req.method ?? 'GET';
    if (route === '/' && method === 'GET') return send(res, 200, wordpressRoot('Templates', base, templateRoutes()));
    const authorization = req.headers.authorization;
    if (authorization !== undefined && authorization !== admin) return error(res, 401, 'incorrect_password');
    if (route === THEMES || route.startsWith(`${THEMES}/`)) {
      if (authorization !== admin) return error(res, 401, 'rest_cannot_view_themes');
      const theme = { stylesheet: ACTIVE_THEME, template: ACTIVE_THEME, status: 'active', name: { raw: 'Twenty Twenty-Three' } };
      if (route === THEMES) return send(res, 200, [theme]);
      return route === `${THEMES}/${ACTIVE_THEME}` ? send(res, 200, theme) : error(res, 404, 'rest_theme_not_found');
    }
    const collection = COLLECTIONS.find((candidate) => route === candidate || route.startsWith(`${candidate}/`));
    if (collection === undefined) return error(res, 404, 'rest_no_route');
    if (method === 'GET') return send(res, 200, route === collection ? [...templates.values()].filter((item) => item.collection === collection) : []);
    if (authorization !== admin) return error(res, 401, 'rest_cannot_manage_templates');
    let values: Record<string, unknown>;
    try {
      values = { ...Object.fromEntries(url.searchParams), ...(body === '' ? {} : (JSON.parse(body) as Record<string, unknown>)) };
    } catch {
      return error(res, 400, 'rest_invalid_json');
    }
    if (route === collection && method === 'POST') {
      if (typeof values.slug !== 'string' || values.slug === '') return error(res, 400, 'rest_missing_callback_param');
      if (values.theme !== undefined && typeof values.theme !== 'string') return error(res, 400, 'rest_invalid_param');
      // WordPress 6.1 (prepare_item_for_database): the term of the theme named, or of the active theme.
      const theme = (values.theme as string | undefined) ?? ACTIVE_THEME;
      themeTerms.add(theme);
      const id = `${theme}//${values.slug}`;
      const item = { id, slug: values.slug, theme, collection, status: 'publish' };
      templates.set(`${collection} ${id}`, item);
      stored.push(`${collection} ${id}`);
      return send(res, 201, item);
    }
    const id = decodeURIComponent(route.slice(collection.length + 1));
    const item = templates.get(`${collection} ${id}`);
    if (item === undefined) return error(res, 404, 'rest_template_not_found');
    if (method === 'DELETE') {
      templates.delete(`${collection} ${id}`);
      return send(res, 200, { deleted: true, previous: item });
    }
    return send(res, 200, item);
  }

  return { url: base, themeTerms, stored, close: () => server.close() };
}
