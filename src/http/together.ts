/**
 * Requests sent together: the single-packet idea for HTTP/1.1. One connection per request is opened first and
 * waited for, so no handshake is left between the requests and the server; then every request is written in one
 * turn of the event loop, so they arrive within a millisecond or two and a server that checks, then writes, in
 * parallel workers, lets them all pass the check. Each request gets its own undici `Client` over its already open
 * socket, and is closed after its answer: a race's connections are not reused.
 */
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { Client } from 'undici';
// The client module alone, not undici's index (see undici-client.d.ts).
import UndiciClient from 'undici/lib/dispatcher/client.js';
import type { HttpRequest } from '../request/types.js';
import { toTransportError } from './errors.js';
import { ExchangeHandler } from './exchange-handler.js';
import type { ResolvedTransportOptions } from './options.js';
import type { Exchange } from './types.js';

export type TogetherOptions = Pick<ResolvedTransportOptions, 'timeoutMs' | 'maxBodyBytes' | 'lookup'>;

/** What a race of requests sent together gives back: the exchanges in the order of the requests. */
export interface TogetherResult {
  exchanges: Exchange[];
  /** Milliseconds between the first and the last request handed to its connection (0 when fewer than two were). */
  spreadMs: number;
}

/** Opens one connection to `url`'s origin; resolves once it is connected (TLS: once the handshake is done). */
function openSocket(url: URL, options: TogetherOptions): Promise<Socket> {
  const https = url.protocol === 'https:';
  const port = Number(url.port || (https ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const lookup = options.lookup === null ? {} : { lookup: options.lookup };
    const socket: Socket = https ? connectTls({ host, port, servername: host, ...lookup }) : connectTcp({ host, port, ...lookup });
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('connect timeout'), { code: 'UND_ERR_CONNECT_TIMEOUT' })), options.timeoutMs);
    socket.once(https ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The path and query of a URL as a request line names them. */
function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/**
 * Sends `requests` together and resolves with every exchange (never rejects): a request whose connection could
 * not be opened gets an exchange with the error, the others are still sent.
 */
export async function sendTogether(requests: readonly HttpRequest[], options: TogetherOptions, signal?: AbortSignal): Promise<TogetherResult> {
  const urls = requests.map((request) => new URL(request.url));
  const opened = await Promise.allSettled(urls.map((url) => openSocket(url, options)));
  const clients: Client[] = [];
  const pending: Array<Promise<Exchange>> = [];
  const handedAt: number[] = [];
  // One synchronous loop: every request is dispatched before any answer can be read.
  for (const [index, request] of requests.entries()) {
    const socket = opened[index]!;
    if (socket.status === 'rejected') {
      pending.push(Promise.resolve({ request, error: toTransportError(socket.reason, { timeoutMs: options.timeoutMs }), durationMs: 0 }));
      continue;
    }
    const url = urls[index]!;
    let handed = false;
    const client = new UndiciClient(url.origin, {
      pipelining: 1,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // The socket is already open: the connector hands it over, on the next tick as a connector must (undici
      // writes nothing when called back while it is still asking), which is still this turn of the event loop.
      // Once only: undici asks again when that socket closes with the request unfinished (a body cut at the cap),
      // and a socket handed again, already destroyed, fails at once, so undici asked again, without end.
      connect: (_options, callback) => {
        if (handed) {
          callback(Object.assign(new Error('the connection of a request sent together closed'), { code: 'UND_ERR_SOCKET' }), null);
          return;
        }
        handed = true;
        process.nextTick(() => {
          handedAt.push(performance.now());
          callback(null, socket.value);
        });
      },
    });
    clients.push(client);
    pending.push(
      new Promise<Exchange>((resolve) => {
        const handler = new ExchangeHandler(request, options.maxBodyBytes, options.timeoutMs, signal, resolve);
        client.dispatch({ path: pathOf(url), method: request.method, headers: request.headers, body: request.body ?? null, reset: true }, handler);
      }),
    );
  }
  const exchanges = await Promise.all(pending);
  await Promise.all(clients.map((client) => client.destroy().catch(() => undefined)));
  const spreadMs = handedAt.length < 2 ? 0 : Math.max(...handedAt) - Math.min(...handedAt);
  return { exchanges, spreadMs };
}
