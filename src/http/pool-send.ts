/**
 * The innermost layer: one undici `Pool` per origin (keep-alive, no pipelining), one request, the body read up
 * to the cap, JSON parsed once. Errors become exchanges; nothing here retries or follows redirects.
 */
import { Pool } from 'undici';
import type { HttpRequest } from '../request/types.js';
import { parseJsonBody, readBody } from './body.js';
import { toTransportError } from './errors.js';
import type { ResolvedTransportOptions } from './options.js';
import type { Exchange, HttpResponse, SendFn } from './types.js';

/** A request URL cut into the origin a pool serves and the path it is asked for. */
interface Target {
  origin: string;
  path: string;
}

/** Splits `scheme://authority/path?query#fragment` without a URL object; the fragment is never sent. */
function splitUrl(url: string): Target | undefined {
  const authorityStart = url.indexOf('://');
  if (authorityStart < 0) return undefined;
  let pathStart = authorityStart + 3;
  while (pathStart < url.length && url[pathStart] !== '/' && url[pathStart] !== '?' && url[pathStart] !== '#') pathStart++;
  const origin = url.slice(0, pathStart);
  let path = url.slice(pathStart);
  const hash = path.indexOf('#');
  if (hash >= 0) path = path.slice(0, hash);
  if (path === '' || path[0] === '?') path = `/${path}`;
  return { origin, path };
}

export interface PoolSend {
  send: SendFn;
  close(): Promise<void>;
}

/** Creates the pool layer. Pools are made on first use of an origin, so one transport serves any base URL. */
export function createPoolSend(options: ResolvedTransportOptions): PoolSend {
  const pools = new Map<string, Pool>();
  const poolOptions: Pool.Options = {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connectTimeout: options.timeoutMs,
  };

  const poolFor = (origin: string): Pool | string => {
    const existing = pools.get(origin);
    if (existing) return existing;
    let protocol: string;
    try {
      protocol = new URL(origin).protocol;
    } catch {
      return `not a URL: ${origin}`;
    }
    if (protocol !== 'http:' && protocol !== 'https:') return `unsupported protocol ${protocol}`;
    const pool = new Pool(origin, poolOptions);
    pools.set(origin, pool);
    return pool;
  };

  const send: SendFn = async (request, signal) => {
    const start = performance.now();
    const target = splitUrl(request.url);
    const pool = target ? poolFor(target.origin) : `not a URL: ${request.url}`;
    if (typeof pool === 'string' || target === undefined) {
      return { request, error: { code: 'protocol_error', message: typeof pool === 'string' ? pool : 'not a URL' }, durationMs: 0 };
    }
    if (signal?.aborted) return { request, error: { code: 'aborted', message: 'request aborted before it was sent' }, durationMs: 0 };
    const progress = { status: undefined as number | undefined, bytes: 0 };
    try {
      const answer = await pool.request({
        path: target.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: signal ?? null,
      });
      progress.status = answer.statusCode;
      const body = await readBody(answer.body, options.maxBodyBytes, progress);
      const headers = flattenHeaders(answer.headers);
      const response: HttpResponse = {
        status: answer.statusCode,
        headers,
        bodyText: body.text,
        truncated: body.truncated,
        json: body.truncated ? undefined : parseJsonBody(body.text, headers['content-type']),
      };
      const exchange: Exchange = { request, response, durationMs: performance.now() - start };
      if (body.truncated) exchange.error = { code: 'body_too_large', message: `body longer than ${options.maxBodyBytes} bytes; cut there` };
      return exchange;
    } catch (error) {
      const context = { timeoutMs: options.timeoutMs, signal, ...(progress.status === undefined ? {} : { status: progress.status, bodyBytes: progress.bytes }) };
      return { request, error: toTransportError(error, context), durationMs: performance.now() - start };
    }
  };

  const close = async (): Promise<void> => {
    const all = [...pools.values()];
    pools.clear();
    await Promise.all(all.map((pool) => pool.close()));
  };

  return { send, close };
}

/** undici gives repeated headers as arrays; the exchange joins them with ", ". Most responses have none. */
function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  for (const name in headers) {
    if (typeof headers[name] !== 'string') return joinRepeated(headers);
  }
  return headers as Record<string, string>;
}

function joinRepeated(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) flat[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return flat;
}
