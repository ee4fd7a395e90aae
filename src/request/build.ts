/** A generated case for an operation → the concrete HTTP request. */
import type { Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import { basicAuthorization } from './auth.js';
import { encodeQuery } from './query.js';
import type { Credentials, HttpRequest } from './types.js';

/** Everything one request is built from. */
export interface BuildRequestInput {
  /** The locale's REST root URL, `{base_url}/{locale}/{rest_root}` (a trailing slash is ignored). */
  restUrl: string;
  operation: Operation;
  requestCase: RequestCase;
  /** Sent as HTTP Basic when given. */
  credentials?: Credentials | undefined;
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

/**
 * Builds the request for one case: the path from the route pattern and the case's path values, appended to
 * the REST root URL; the query PHP-style; for methods other than GET and HEAD, the body as JSON with
 * `content-type: application/json` when the case has one. Header names are lower-case. The headers object is
 * shared by all requests with the same credentials and frozen: copy it to change it.
 */
export function buildRequest({ restUrl, operation, requestCase, credentials }: BuildRequestInput): HttpRequest {
  const root = restUrl.endsWith('/') ? restUrl.slice(0, -1) : restUrl;
  let url = root + operation.pattern.build(requestCase.path);
  const query = encodeQuery(requestCase.query);
  if (query !== '') url += `?${query}`;
  const headers = headersFor(credentials);
  const method = operation.method;
  if (requestCase.body === undefined || method === 'GET' || method === 'HEAD') return { method, url, headers: headers.withoutBody };
  return { method, url, headers: headers.withJsonBody, body: JSON.stringify(requestCase.body) };
}
