/**
 * Writes an outcome to Node's response with the headers WordPress sends on every answer, after the global
 * parameters `_fields`, `_envelope`, `_pretty` and `_jsonp` have had their say (in WordPress's order: fields, then
 * envelope, then the JSONP wrapping).
 */
import type { OutgoingHttpHeaders, ServerResponse as NodeResponse } from 'node:http';
import type { RestOutcome } from './pipeline.js';
import { filterFields, parseFieldList } from './fields.js';
import { cachedJson } from './serialised.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';
export const JSONP_CONTENT_TYPE = 'application/javascript; charset=UTF-8';

/** The global parameters that shape an answer, read from the query. */
export interface GlobalFlags {
  envelope: boolean;
  fields: string[] | undefined;
  pretty: boolean;
  /** `_jsonp`: the callback the answer is wrapped in; `false` for one WordPress refuses; undefined for none. */
  jsonp: string | false | undefined;
}

export const NO_FLAGS: GlobalFlags = Object.freeze({ envelope: false, fields: undefined, pretty: false, jsonp: undefined });

/** `wp_check_jsonp_callback`: letters, digits, `_` and `.` only (PCRE's `\w` without `u`: ASCII). */
const JSONP_CALLBACK = /^[\w.]+$/;

/**
 * `_jsonp` as WordPress 6.1 reads `$_GET['_jsonp']`: a value PHP counts as false (`""`, `"0"`) means none; an
 * array or a name with any other character is refused (checked against 6.1).
 */
function readJsonp(value: unknown): string | false | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  return typeof value === 'string' && JSONP_CALLBACK.test(value) ? value : false;
}

/** Reads `_envelope`, `_fields`, `_pretty` and `_jsonp`; WordPress only asks whether the first three are set. */
export function readGlobalFlags(query: Record<string, unknown>): GlobalFlags {
  const envelope = query._envelope !== undefined;
  const fieldList = query._fields === undefined ? [] : parseFieldList(query._fields);
  // An empty list leaves the answer whole, as in WordPress.
  const fields = fieldList.length === 0 ? undefined : fieldList;
  const pretty = query._pretty !== undefined;
  const jsonp = readJsonp(query._jsonp);
  return envelope || fields !== undefined || pretty || jsonp !== undefined ? { envelope, fields, pretty, jsonp } : NO_FLAGS;
}

/**
 * WordPress's answer to a `_jsonp` callback it refuses, given before authentication and routing: a 400 whose body
 * has no `data` member (`WP_REST_Server::json_error`) and whose type is already JavaScript (checked against 6.1).
 */
export const JSONP_REFUSED: RestOutcome = {
  response: {
    status: 400,
    contentType: JSONP_CONTENT_TYPE,
    body: JSON.stringify({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.' }),
  },
  route: null,
};

/**
 * Sends `outcome` with `Content-Type`, `X-Content-Type-Options`, the REST root `Link`, and `Allow` when a route
 * matched. Throws (before writing anything) when the body cannot be encoded as JSON.
 */
export function writeOutcome(res: NodeResponse, outcome: RestOutcome, linkHeader: string, flags: GlobalFlags): void {
  const { response, route } = outcome;
  const responseHeaders: Record<string, string> = {};
  let customType = response.contentType;
  let links: string | string[] = linkHeader;
  if (route !== null) responseHeaders.Allow = outcome.allow ?? route.allowHeader;
  if (response.headers !== undefined) {
    for (const [name, value] of Object.entries(response.headers)) {
      const lower = name.toLowerCase();
      if (lower === 'link') links = [linkHeader, value];
      else if (lower === 'content-type') customType ??= value;
      else responseHeaders[name] = value;
    }
  }

  let status = response.status;
  let payload: Buffer | string;
  if (customType !== undefined && !flags.envelope) {
    // A non-JSON answer (oEmbed XML) is sent as the handler wrote it.
    payload = typeof response.body === 'string' || Buffer.isBuffer(response.body) ? response.body : String(response.body);
  } else if (flags === NO_FLAGS) {
    payload = cachedJson(response.body) ?? JSON.stringify(response.body ?? null);
  } else {
    let body = response.body;
    if (flags.fields !== undefined && status < 400) body = filterFields(body, flags.fields);
    if (flags.envelope) {
      body = { body, status, headers: Object.keys(responseHeaders).length === 0 ? [] : responseHeaders };
      status = 200;
      customType = undefined;
    }
    payload = flags.pretty ? JSON.stringify(body ?? null, null, 4) : JSON.stringify(body ?? null);
    if (typeof flags.jsonp === 'string') {
      // WordPress prefixes an empty comment, against the Rosetta Flash attack on JSONP.
      payload = `/**/${flags.jsonp}(${payload})`;
      customType = JSONP_CONTENT_TYPE;
    }
  }

  const headers: OutgoingHttpHeaders = {
    'Content-Type': customType ?? JSON_CONTENT_TYPE,
    'X-Content-Type-Options': 'nosniff',
    Link: links,
    ...responseHeaders,
    'Content-Length': typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
  };
  res.writeHead(status, headers);
  res.end(payload);
}
