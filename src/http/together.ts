/**
 * Requests sent together: the single-packet idea for HTTP/1.1. One connection per request is opened first and
 * waited for, so no handshake is left between the requests and the server; then every request is written in one
 * turn of the event loop, so they arrive within a millisecond or two and a server that checks, then writes, in
 * parallel workers, lets them all pass the check. Each request gets its own undici `Client` over its already open
 * socket, and is closed after its answer: a race's connections are not reused.
 *
 * A burst is the innermost layer of a race, as the pool is of a request sent alone: the transport sends each of the
 * race's requests through its layers to the burst, which holds them until all are there and then writes them at
 * once, each with the same handler (the body cap, the timeouts) as any other request.
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
import type { Exchange, SendFn } from './types.js';

export type TogetherOptions = Pick<ResolvedTransportOptions, 'timeoutMs' | 'maxBodyBytes' | 'lookup'>;

/** What a race of requests sent together gives back: the exchanges in the order of the requests. */
export interface TogetherResult {
  exchanges: Exchange[];
  /** Milliseconds between the first and the last request handed to its connection (0 when fewer than two were). */
  spreadMs: number;
}

/** A race's connections, open: the requests sent through `send` wait for each other, then go out in one turn. */
export interface Burst {
  send: SendFn;
  /** A request of the race that will not reach `send` (a layer answered it): the others wait for one fewer. */
  left(): void;
  /** Milliseconds between the first and the last request handed to its connection. */
  spreadMs(): number;
  /** Closes every connection of the race (each is closed after its answer already). */
  close(): Promise<void>;
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

/** One connection of the race: its origin, and the socket or why it could not be opened. */
interface Connection {
  origin: string;
  socket: PromiseSettledResult<Socket>;
  taken: boolean;
}

/** One request at the burst, waiting for the others. */
interface Waiting {
  request: HttpRequest;
  signal: AbortSignal | undefined;
  resolve(exchange: Exchange): void;
}

/**
 * Opens one connection per request of the race (to each request's origin), all at once, and resolves once every one
 * is open or has failed. A request whose connection could not be opened is answered with the error; the others are
 * still sent.
 */
export async function openBurst(requests: readonly HttpRequest[], options: TogetherOptions): Promise<Burst> {
  const origins = requests.map((request) => new URL(request.url).origin);
  const sockets = await Promise.allSettled(origins.map((origin) => openSocket(new URL(origin), options)));
  const connections: Connection[] = origins.map((origin, index) => ({ origin, socket: sockets[index]!, taken: false }));
  const clients: Client[] = [];
  const handedAt: number[] = [];
  const waiting: Waiting[] = [];
  let expected = requests.length;
  let fired = false;

  /** Writes one request on a connection of its origin; resolves with its exchange. */
  const dispatch = ({ request, signal, resolve }: Waiting): void => {
    const url = new URL(request.url);
    const connection = connections.find((candidate) => !candidate.taken && candidate.origin === url.origin);
    if (connection === undefined) {
      resolve({ request, error: { code: 'protocol_error', message: 'no connection of the race was opened to this origin' }, durationMs: 0 });
      return;
    }
    connection.taken = true;
    if (connection.socket.status === 'rejected') {
      resolve({ request, error: toTransportError(connection.socket.reason, { timeoutMs: options.timeoutMs }), durationMs: 0 });
      return;
    }
    const socket = connection.socket.value;
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
          callback(null, socket);
        });
      },
    });
    clients.push(client);
    const handler = new ExchangeHandler(request, options.maxBodyBytes, options.timeoutMs, signal, resolve);
    client.dispatch({ path: pathOf(url), method: request.method, headers: request.headers, body: request.body ?? null, reset: true }, handler);
  };

  const fire = (): void => {
    if (fired || waiting.length < expected || waiting.length === 0) return;
    fired = true;
    // One synchronous loop: every request is dispatched before any answer can be read.
    for (const one of waiting.splice(0)) dispatch(one);
  };

  return {
    send: (request, signal) =>
      new Promise<Exchange>((resolve) => {
        if (fired) {
          resolve({ request, error: { code: 'protocol_error', message: 'the race was already sent' }, durationMs: 0 });
          return;
        }
        waiting.push({ request, signal, resolve });
        fire();
      }),
    left: () => {
      expected -= 1;
      fire();
    },
    spreadMs: () => (handedAt.length < 2 ? 0 : Math.max(...handedAt) - Math.min(...handedAt)),
    close: async () => {
      await Promise.all(clients.map((client) => client.destroy().catch(() => undefined)));
      // Connections no request took (a layer answered it) are closed too.
      for (const connection of connections) if (!connection.taken && connection.socket.status === 'fulfilled') connection.socket.value.destroy();
    },
  };
}

/**
 * Sends `requests` together, with no layer around them (the transport's `together` adds its layers), and resolves
 * with every exchange (never rejects).
 */
export async function sendTogether(requests: readonly HttpRequest[], options: TogetherOptions, signal?: AbortSignal): Promise<TogetherResult> {
  const burst = await openBurst(requests, options);
  const exchanges = await Promise.all(requests.map((request) => burst.send(request, signal)));
  await burst.close();
  return { exchanges, spreadMs: burst.spreadMs() };
}
