/** A generated case for an operation → the concrete HTTP request. */
import type { Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import { basicAuthorization } from './auth.js';
import { encodeQuery } from './query.js';
import type { Credentials, HttpRequest, UploadBody } from './types.js';

/** Everything one request is built from. */
export interface BuildRequestInput {
  /** The locale's REST root URL, `{base_url}/{locale}/{rest_root}` (a trailing slash is ignored). */
  restUrl: string;
  operation: Operation;
  requestCase: RequestCase;
  /** Sent as HTTP Basic when given. */
  credentials?: Credentials | undefined;
  /** A file to send as the raw body instead of JSON; the case's body members then go in the query string. */
  upload?: UploadBody | undefined;
}

const JSON_TYPE = 'application/json';

/** The two header sets a request can have, built once per credentials and shared (frozen) by every request. */
interface HeaderSets {
  withoutBody: Record<string, string>;
  withJsonBody: Record<string, string>;
}

function headerSets(authorization: string | undefined): HeaderSets {
  const base: Record<string, string> = authorization === undefined ? { accept: JSON_TYPE } : { accept: JSON_TYPE, authorization };
  return { withoutBody: Object.freeze(base), withJsonBody: Object.freeze({ ...base, 'content-type': JSON_TYPE }) };
}

const ANONYMOUS_HEADERS = headerSets(undefined);
const headersByCredentials = new WeakMap<Credentials, HeaderSets>();

function headersFor(credentials: Credentials | undefined): HeaderSets {
  if (credentials === undefined) return ANONYMOUS_HEADERS;
  let sets = headersByCredentials.get(credentials);
  if (sets === undefined) {
    sets = headerSets(basicAuthorization(credentials));
    headersByCredentials.set(credentials, sets);
  }
  return sets;
}

/** The `content-disposition` value that names an uploaded file (a quote or backslash in the name escaped). */
export function attachmentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/["\\]/g, '\\$&')}"`;
}

/**
 * Builds the request for one case: the path from the route pattern and the case's path values, appended to
 * the REST root URL; the query PHP-style; for methods other than GET and HEAD, the body as JSON with
 * `content-type: application/json` when the case has one. With an `upload`, the file is the body (its own
 * content type and a `content-disposition` naming it) and the case's body members join the query. Header names
 * are lower-case. The headers object of a request without an upload is shared by all requests with the same
 * credentials and frozen: copy it to change it.
 */
export function buildRequest({ restUrl, operation, requestCase, credentials, upload }: BuildRequestInput): HttpRequest {
  const root = restUrl.endsWith('/') ? restUrl.slice(0, -1) : restUrl;
  const method = operation.method;
  const uploading = upload !== undefined && method !== 'GET' && method !== 'HEAD';
  let url = root + operation.pattern.build(requestCase.path);
  const query = encodeQuery(uploading ? { ...requestCase.query, ...requestCase.body } : requestCase.query);
  if (query !== '') url += `?${query}`;
  const headers = headersFor(credentials);
  if (uploading) {
    return {
      method,
      url,
      headers: { ...headers.withoutBody, 'content-type': upload.contentType, 'content-disposition': attachmentDisposition(upload.filename) },
      body: upload.content,
    };
  }
  if (requestCase.body === undefined || method === 'GET' || method === 'HEAD') return { method, url, headers: headers.withoutBody };
  return { method, url, headers: headers.withJsonBody, body: JSON.stringify(requestCase.body) };
}
