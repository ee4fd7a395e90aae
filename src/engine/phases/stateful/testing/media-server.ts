/**
 * Test-only: a small server with WordPress 6.1's media routes (their descriptor taken from the real index in
 * `fixtures/`) and attachments kept in memory, for the media life cycle the bundled server has no route for. A
 * create takes the file as its raw body, named by `content-disposition`, its other values from the query string
 * (as `WP_REST_Attachments_Controller::create_item` does); a delete needs `force=true` (attachments have no trash).
 * Unlike WordPress it keeps every status it is given, so a clean run has nothing to report. `faults` break it.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpServer } from '../../../../http/testing/test-servers.js';
import { wordpressRoot } from '../../../testing/wordpress-root.js';

const COLLECTION = '/wp/v2/media';
const ITEM = String.raw`/wp/v2/media/(?P<id>[\d]+)`;
/** `{raw, rendered}` fields: written as a string, answered as both. */
const RENDERED = ['title', 'caption', 'description'];
/** Every other field an update or a create may write, kept as given. */
const PLAIN = ['alt_text', 'author', 'comment_status', 'date', 'date_gmt', 'meta', 'ping_status', 'post', 'slug', 'status', 'template'];

/** What can be broken. */
export interface MediaFaults {
  /** The create drops the title the query gives beside the upload (201 all the same). */
  uploadLosesTitle?: boolean;
  /** Every update answers 500 (the life cycle stops before its own delete). */
  updateFails?: boolean;
}

/** One stored attachment, and the file it came from. */
export interface StoredAttachment {
  fields: Record<string, unknown>;
  file: { name: string; type: string; content: string };
}

export interface MediaServer {
  url: string;
  /** The attachments there are now, by id. */
  attachments: Map<number, StoredAttachment>;
  /** Every create's answer status, in order. */
  creates: number[];
  /** Every file a create stored, in order (they stay listed after their attachment is deleted). */
  files: Array<StoredAttachment['file']>;
  close(): Promise<void>;
}

function mediaRoutes(): Record<string, unknown> {
  const index = JSON.parse(readFileSync(new URL('../../../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as {
    routes: Record<string, unknown>;
  };
  return { [COLLECTION]: index.routes[COLLECTION], [ITEM]: index.routes[ITEM] };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, code: string, message: string): void => send(res, status, { code, message, data: { status } });

/** The answer form of an attachment (edit context: raw beside rendered). */
function answerOf(id: number, stored: StoredAttachment, base: string): Record<string, unknown> {
  const out: Record<string, unknown> = { id, type: 'attachment', mime_type: stored.file.type, source_url: `${base}/wp-content/uploads/${stored.file.name}` };
  for (const [field, value] of Object.entries(stored.fields))
    out[field] = RENDERED.includes(field) ? { raw: value, rendered: `<p>${String(value)}</p>` } : value;
  return out;
}

/** The values a request writes: a JSON body's members, and the query's (where a create beside a file has them). */
function written(values: Record<string, unknown>, into: Record<string, unknown>): void {
  for (const field of [...RENDERED, ...PLAIN]) {
    if (!(field in values)) continue;
    const value = values[field];
    into[field] = RENDERED.includes(field) && typeof value === 'object' && value !== null ? (value as { raw?: unknown }).raw : value;
  }
}

function queryValues(url: URL): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of url.searchParams) {
    const list = name.endsWith('[]');
    const key = list ? name.slice(0, -2) : name;
    values[key] = list ? [...((values[key] as unknown[] | undefined) ?? []), value] : value;
  }
  return values;
}

/** `a,b`, `a[]=…` or one value → a list of strings. */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(',').filter((item) => item !== '') : [];
}

export async function startMediaServer(faults: MediaFaults = {}): Promise<MediaServer> {
  const attachments = new Map<number, StoredAttachment>();
  const creates: number[] = [];
  const files: Array<StoredAttachment['file']> = [];
  let nextId = 10;
  const server = await startHttpServer((req, res, body) => handle(req, res, body));
  const base = server.url;

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', base);
    const match = /^(\/[\w-]+)?\/wp-json(\/.*)?$/.exec(url.pathname);
    if (match === null) return error(res, 404, 'not_found', 'Not found');
    const prefix = match[1] ?? '';
    const route = match[2] ?? '/';
    const method = req.method ?? 'GET';
    const query = queryValues(url);
    let json: Record<string, unknown> = {};
    if (/json/.test(req.headers['content-type'] ?? '') && body !== '') {
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return error(res, 400, 'rest_invalid_json', 'Invalid JSON body passed.');
      }
    }
    const values = { ...query, ...json };
    if (route === '/' && method === 'GET') {
      return send(res, 200, wordpressRoot('Media', base, mediaRoutes()));
    }
    if (route === COLLECTION && method === 'POST') return create(req, res, body, query, prefix);
    if (route === COLLECTION && method === 'GET') return list(res, values);
    const item = /^\/wp\/v2\/media\/(\d+)$/.exec(route);
    if (item === null) return error(res, 404, 'rest_no_route', 'No route was found matching the URL and request method.');
    const id = Number(item[1]);
    const stored = attachments.get(id);
    if (stored === undefined) return error(res, 404, 'rest_post_invalid_id', 'Invalid post ID.');
    if (method === 'GET') return send(res, 200, answerOf(id, stored, base));
    if (method === 'DELETE') {
      if (values.force !== true && values.force !== 'true' && values.force !== '1')
        return error(res, 501, 'rest_trash_not_supported', "The post does not support trashing. Set 'force=true' to delete.");
      attachments.delete(id);
      return send(res, 200, { deleted: true, previous: answerOf(id, stored, base) });
    }
    if (faults.updateFails) return error(res, 500, 'db_update_error', 'Could not update the post in the database.');
    written(json, stored.fields);
    return send(res, 200, answerOf(id, stored, base));
  }

  function create(req: IncomingMessage, res: ServerResponse, body: string, query: Record<string, unknown>, prefix: string): void {
    const disposition = req.headers['content-disposition'];
    const filename = disposition === undefined ? undefined : /filename="((?:[^"\\]|\\.)*)"/.exec(disposition)?.[1]?.replace(/\\(.)/g, '$1');
    if (filename === undefined) {
      creates.push(400);
      return error(res, 400, 'rest_upload_no_content_disposition', 'No Content-Disposition supplied.');
    }
    if (body === '') {
      creates.push(400);
      return error(res, 400, 'rest_upload_no_data', 'No data supplied.');
    }
    const fields: Record<string, unknown> = {
      status: 'inherit',
      alt_text: '',
      comment_status: 'open',
      ping_status: 'closed',
      template: '',
      meta: [],
      post: null,
      author: 1,
      slug: filename.replace(/\.\w+$/, ''),
    };
    fields.title = fields.slug;
    written(query, fields);
    if (faults.uploadLosesTitle) fields.title = '';
    const id = nextId++;
    const file = { name: filename, type: req.headers['content-type'] ?? '', content: body };
    files.push(file);
    attachments.set(id, { fields, file });
    creates.push(201);
    send(res, 201, answerOf(id, attachments.get(id)!, base), { location: `${base}${prefix}/wp-json/wp/v2/media/${id}` });
  }

  function list(res: ServerResponse, values: Record<string, unknown>): void {
    const statuses = values.status === undefined ? ['inherit'] : listOf(values.status);
    const include = listOf(values.include).map(Number);
    const search = typeof values.search === 'string' ? values.search.toLowerCase() : undefined;
    const found = [...attachments.entries()].filter(
      ([id, { fields }]) =>
        statuses.includes(String(fields.status)) &&
        (include.length === 0 || include.includes(id)) &&
        (search === undefined ||
          RENDERED.some((field) =>
            String(fields[field] ?? '')
              .toLowerCase()
              .includes(search),
          )),
    );
    const perPage = Number(values.per_page ?? 10);
    const page = Number(values.page ?? 1);
    const shown = found.slice((page - 1) * perPage, page * perPage).map(([id, stored]) => answerOf(id, stored, base));
    send(res, 200, shown, { 'x-wp-total': String(found.length), 'x-wp-totalpages': String(Math.max(1, Math.ceil(found.length / perPage))) });
  }

  return { url: base, attachments, creates, files, close: () => server.close() };
}
