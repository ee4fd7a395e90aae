/**
 * The innermost layer: one undici `Pool` per origin (keep-alive, no pipelining), each request dispatched with
 * an `ExchangeHandler`. Errors become exchanges; nothing here retries or follows redirects.
 */
import type { Pool } from 'undici';
// The pool module alone, not undici's index, which loads all of undici (see undici-pool.d.ts).
import UndiciPool from 'undici/lib/dispatcher/pool.js';
import { ExchangeHandler } from './exchange-handler.js';
import type { ResolvedTransportOptions } from './options.js';
import type { Exchange, SendFn } from './types.js';

/**
 * undici closes the connection after a DELETE (or GET, OPTIONS) that carries a body, in case the server does not
 * read it. HTTP/1.1 frames a request body by its Content-Length whatever the method (RFC 9112, section 6), and
 * WordPress reads DELETE bodies as arguments; the interface's DELETE routes take them. Closing after each one made
 * the harness reconnect once every 35 requests or so of its fuzz mix, which cost both sides about half again
 * their CPU per request. HEAD keeps undici's rule: a server that wrongly sends a HEAD body would desynchronise
 * the next answer.
 */
const KEEP_CONNECTION = { reset: false } as const;

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

/** The pool layer's send function, the same over the same pools with another body cap, and closing every pool it made. */
export interface PoolSend {
  send: SendFn;
  withBodyCap(maxBodyBytes: number): SendFn;
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
    ...(options.lookup === null ? {} : { connect: { lookup: options.lookup } }),
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
    const pool = new UndiciPool(origin, poolOptions);
    pools.set(origin, pool);
    return pool;
  };

  const sendCapped =
    (maxBodyBytes: number): SendFn =>
    (request, signal) => {
      const target = splitUrl(request.url);
      const pool = target ? poolFor(target.origin) : `not a URL: ${request.url}`;
      if (typeof pool === 'string' || target === undefined) {
        return Promise.resolve({ request, error: { code: 'protocol_error', message: typeof pool === 'string' ? pool : 'not a URL' }, durationMs: 0 });
      }
      if (signal?.aborted) return Promise.resolve({ request, error: { code: 'aborted', message: 'request aborted before it was sent' }, durationMs: 0 });
      return new Promise<Exchange>((resolve) => {
        const handler = new ExchangeHandler(request, maxBodyBytes, options.timeoutMs, signal, resolve);
        // undici reports argument errors through the handler too; the promise settles once either way.
        pool.dispatch(
          {
            path: target.path,
            method: request.method,
            headers: request.headers,
            body: request.body ?? null,
            ...(request.body !== undefined && request.method !== 'HEAD' ? KEEP_CONNECTION : {}),
          },
          handler,
        );
      });
    };

  const close = async (): Promise<void> => {
    const all = [...pools.values()];
    pools.clear();
    await Promise.all(all.map((pool) => pool.close()));
  };

  return { send: sendCapped(options.maxBodyBytes), withBodyCap: sendCapped, close };
}
