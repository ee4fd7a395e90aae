/**
 * Test-only: the reference server behind a front server that can rewrite requests and answers, to prove that a
 * check fires on a server that breaks its rule. The reference app is built with the front's address, so the
 * addresses in its answers (descriptor links, `Location`) point at the front.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, type Dispatcher } from 'undici';
import { createRequestListener } from '@restconform/server';
import type { StoreAccounts } from '@restconform/server';

/** A request as the front received it; `path` includes the query string. */
export interface ForwardedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends a request on (to the next fault, at the end to the reference server). */
export type Forward = (request: ForwardedRequest) => Promise<ForwardedAnswer>;

/** Rewrites what it wants and forwards the rest; faults run in the order given. */
export type Fault = (request: ForwardedRequest, forward: Forward) => Promise<ForwardedAnswer>;

export interface FaultyServer {
  url: string;
  restUrl(locale: string): string;
  credentials: StoreAccounts;
  close(): Promise<void>;
}

const REST_ROOT = 'wp-json';

/**
 * Starts the faulty server. `host` and `port` place its front (default: a free port on 127.0.0.1); another
 * loopback address such as 127.0.0.2 lets several faulty servers share one port, as CI jobs' own services do.
 */
export async function startFaultyServer(options: { seed?: number; faults: readonly Fault[]; host?: string; port?: number }): Promise<FaultyServer> {
  const front = createServer();
  const inner = createServer();
  await Promise.all([listen(front, options.host, options.port), listen(inner)]);
  const url = `http://${options.host ?? '127.0.0.1'}:${(front.address() as AddressInfo).port}`;
  const innerUrl = `http://127.0.0.1:${(inner.address() as AddressInfo).port}`;
  const listener = createRequestListener({ baseUrl: url, seed: options.seed ?? 1, restRoot: REST_ROOT });
  inner.on('request', listener);
  // The front's link to the inner server is not under test: on a busy machine the default 5 s keep-alive let
  // the inner server close a connection just as the front reused it, and the front answered 500 for it.
  inner.keepAliveTimeout = 120_000;

  // The front's own pool, not the process's global fetch: test files share one process (vitest's isolate: false), and
  // the global pool holds the connections of every earlier file's servers. With it, 7 of a race's 8 requests once
  // failed here in CI (answered 500 by the catch below); the error itself was not kept.
  const link = new Pool(innerUrl);
  const toReference: Forward = async (request) => {
    const response = await link.request({
      path: request.path,
      method: request.method as Dispatcher.HttpMethod,
      headers: request.headers,
      body: request.method === 'GET' || request.method === 'HEAD' || request.body === '' ? undefined : request.body,
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    return { status: response.statusCode, headers, body: await response.body.text() };
  };
  const chain = options.faults.reduceRight<Forward>((next, fault) => (request) => fault(request, next), toReference);

  front.on('request', (incoming, outgoing) => {
    void readRequest(incoming)
      .then(chain)
      .then((answer) => {
        outgoing.writeHead(answer.status, answer.headers);
        outgoing.end(answer.body);
      })
      .catch((error: unknown) => {
        outgoing.writeHead(500, { 'content-type': 'text/plain' });
        outgoing.end(String(error));
      });
  });

  return {
    url,
    restUrl: (locale) => `${url}/${locale}/${REST_ROOT}`,
    credentials: listener.credentials,
    close: async () => {
      await Promise.all([closeServer(front), closeServer(inner)]);
      await link.destroy();
    },
  };
}

async function readRequest(incoming: IncomingMessage): Promise<ForwardedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
}

function listen(server: Server, host = '127.0.0.1', port = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
