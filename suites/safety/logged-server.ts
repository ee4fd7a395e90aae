/**
 * The reference server behind an access log, for the safety suite: every request's method, target and method
 * override is recorded. It can be reached under a host name of the test's choosing (its answers carry that
 * address), and can be made to leak the caller's credentials on one route, as a careless debug page would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupFunction } from 'node:net';
import { createRequestListener, type StoreAccounts } from '@restconform/server';
import { listenOnLoopback } from '../loopback-server.js';

/** One line of the access log. */
export interface AccessLogEntry {
  method: string;
  /** The request target as sent, with its query. */
  url: string;
  /** `X-HTTP-Method-Override`, when sent. */
  methodOverride?: string;
}

export interface LoggedServerOptions {
  /** The administrator's application password. */
  adminPassword: string;
  /** The host name the harness will use instead of 127.0.0.1 (see `lookupOnly`). */
  hostName?: string;
  /** Path suffix (inside the REST root) of a GET route that answers with the caller's credentials in its body and headers. */
  leakOn?: string;
}

export interface LoggedServer {
  /** `http://HOST:PORT` with the chosen host name. */
  url: string;
  log: AccessLogEntry[];
  credentials: StoreAccounts;
  close(): Promise<void>;
}

/** Starts it on a free loopback port. */
export async function startLoggedServer(options: LoggedServerOptions): Promise<LoggedServer> {
  const { server, port, cutEverything } = await listenOnLoopback();
  const url = `http://${options.hostName ?? '127.0.0.1'}:${port}`;
  const reference = createRequestListener({ baseUrl: url, adminPassword: options.adminPassword });
  const log: AccessLogEntry[] = [];

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const override = req.headers['x-http-method-override'];
    log.push({ method: req.method ?? '', url: req.url ?? '', ...(typeof override === 'string' ? { methodOverride: override } : {}) });
    const path = (req.url ?? '').split('?')[0] as string;
    if (options.leakOn !== undefined && req.method === 'GET' && path.endsWith(options.leakOn)) return leakCredentials(req, res, options.adminPassword);
    reference(req, res);
  });

  return {
    url,
    log,
    credentials: reference.credentials,
    close: cutEverything,
  };
}

/** A debug answer that echoes the credentials: the password and the Authorization header, in body and headers. */
function leakCredentials(req: IncomingMessage, res: ServerResponse, password: string): void {
  const authorization = req.headers.authorization ?? '';
  res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'x-debug-authorization': authorization, 'x-debug-password': password });
  res.end(JSON.stringify({ debug: true, authorization, password, note: `logged in with ${password}` }));
}

/** A resolver that knows one host name, mapped to `address` (default 127.0.0.1), and no other. */
export function lookupOnly(hostName: string, address = '127.0.0.1'): LookupFunction {
  return (hostname, options, callback) => {
    if (hostname !== hostName) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      (callback as (error: Error) => void)(error);
      return;
    }
    if (options.all) callback(null, [{ address, family: 4 }]);
    else (callback as (error: null, address: string, family: number) => void)(null, address, 4);
  };
}
