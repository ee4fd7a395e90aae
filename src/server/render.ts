/**
 * Writes an outcome to Node's response with the headers WordPress sends on every answer, after the global
 * parameters `_fields`, `_envelope` and `_pretty` have had their say (in WordPress's order: fields, then envelope).
 */
import type { OutgoingHttpHeaders, ServerResponse as NodeResponse } from 'node:http';
import type { RestOutcome } from './app.js';
import { filterFields, parseFieldList } from './fields.js';
import { cachedJson } from './serialised.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

/** The global parameters that shape an answer, read from the query. */
export interface GlobalFlags {
  envelope: boolean;
  fields: string[] | undefined;
  pretty: boolean;
}

export const NO_FLAGS: GlobalFlags = Object.freeze({ envelope: false, fields: undefined, pretty: false });

/** Reads `_envelope`, `_fields` and `_pretty`; WordPress only asks whether they are set. */
export function readGlobalFlags(query: Record<string, unknown>): GlobalFlags {
  const envelope = query._envelope !== undefined;
  const fieldList = query._fields === undefined ? [] : parseFieldList(query._fields);
  // An empty list leaves the answer whole, as in WordPress.
  const fields = fieldList.length === 0 ? undefined : fieldList;
  const pretty = query._pretty !== undefined;
  return envelope || fields !== undefined || pretty ? { envelope, fields, pretty } : NO_FLAGS;
}

/**
 * Sends `outcome` with `Content-Type`, `X-Content-Type-Options`, the REST root `Link`, and `Allow` when a route
 * matched. Throws (before writing anything) when the body cannot be encoded as JSON.
 */
export function writeOutcome(res: NodeResponse, outcome: RestOutcome, linkHeader: string, flags: GlobalFlags): void {
  const { response, route } = outcome;
  const responseHeaders: Record<string, string> = {};
  let customType = response.contentType;
  let links: string | string[] = linkHeader;
  if (route !== null) responseHeaders.Allow = route.allowHeader;
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
