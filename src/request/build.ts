/** A generated case for an operation → the concrete HTTP request. */
import type { Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import { basicAuthorization } from './auth.js';
import { encodeQuery } from './query.js';
import type { Credentials, HttpRequest } from './types.js';

export interface BuildRequestInput {
  /** The locale's REST root URL, `{base_url}/{locale}/{rest_root}` (a trailing slash is ignored). */
  restUrl: string;
  operation: Operation;
  requestCase: RequestCase;
  /** Sent as HTTP Basic when given. */
  credentials?: Credentials | undefined;
}

const JSON_TYPE = 'application/json';

/**
 * Builds the request for one case: the path from the route pattern and the case's path values, appended to
 * the REST root URL; the query PHP-style; for methods other than GET and HEAD, the body as JSON with
 * `content-type: application/json` when the case has one. Header names are lower-case.
 */
export function buildRequest({ restUrl, operation, requestCase, credentials }: BuildRequestInput): HttpRequest {
  const root = restUrl.endsWith('/') ? restUrl.slice(0, -1) : restUrl;
  let url = root + operation.pattern.build(requestCase.path);
  const query = encodeQuery(requestCase.query);
  if (query !== '') url += `?${query}`;
  const headers: Record<string, string> = credentials ? { accept: JSON_TYPE, authorization: basicAuthorization(credentials) } : { accept: JSON_TYPE };
  const method = operation.method;
  if (requestCase.body === undefined || method === 'GET' || method === 'HEAD') return { method, url, headers };
  headers['content-type'] = JSON_TYPE;
  return { method, url, headers, body: JSON.stringify(requestCase.body) };
}
