/**
 * Values a user configured for arguments a route needs but its descriptor does not declare (`extra-values`):
 * added to a built request that lacks them, so that, say, a create refused for an undeclared required field can
 * succeed and the sequence after it can go on.
 */
import { encodeQuery } from './query.js';
import type { HttpRequest } from './types.js';

const BODILESS = new Set(['GET', 'HEAD']);

/** The names a query string already sets (`a`, `a[]`, `a[x]` all set `a`). */
function queryNames(url: string): Set<string> {
  const query = url.split('?')[1] ?? '';
  return new Set([...new URLSearchParams(query).keys()].map((name) => name.replace(/\[.*$/, '')));
}

/** Whether the request's body is something other than JSON (an uploaded file): its values travel in the query. */
function carriesFile(request: HttpRequest): boolean {
  const type = request.headers['content-type'];
  return request.body !== undefined && type !== undefined && !/json/i.test(type);
}

/**
 * `request` with each of `values` it does not already carry: in the query for GET and HEAD and beside an
 * uploaded file, else in the JSON body (one is created for a request without a body). A JSON body that is not an
 * object is left alone.
 */
export function withExtraValues(request: HttpRequest, values: Readonly<Record<string, unknown>>): HttpRequest {
  const names = Object.keys(values);
  if (names.length === 0) return request;
  if (BODILESS.has(request.method) || carriesFile(request)) {
    const present = queryNames(request.url);
    const missing = Object.fromEntries(names.filter((name) => !present.has(name)).map((name) => [name, values[name]]));
    const added = encodeQuery(missing);
    if (added === '') return request;
    return { ...request, url: `${request.url}${request.url.includes('?') ? '&' : '?'}${added}` };
  }
  let body: unknown = {};
  if (request.body !== undefined) {
    try {
      body = JSON.parse(request.body);
    } catch {
      return request;
    }
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return request;
  const members = body as Record<string, unknown>;
  const missing = names.filter((name) => !(name in members));
  if (missing.length === 0) return request;
  const extended = { ...members, ...Object.fromEntries(missing.map((name) => [name, values[name]])) };
  return { ...request, headers: { ...request.headers, 'content-type': 'application/json' }, body: JSON.stringify(extended) };
}
