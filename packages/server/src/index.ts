/**
 * The reference server: an in-memory implementation of the interface, served per locale
 * (`{base}/{locale}/{restRoot}/…`, locales `en_gb` and `el`) over one shared store, on Node's own HTTP server.
 *
 * `startReferenceServer()` listens and answers; `createRequestListener()` gives the same app as a Node request
 * listener for a server of the caller's own (tests, fault injection).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RestApp } from './app.js';
import { Authenticator } from './auth.js';
import { answerClientError } from './client-error.js';
import { HttpFrontEnd } from './listener.js';
import { DEFAULT_HOST, resolveAppOptions, type ReferenceServerOptions, type RequestListenerOptions } from './options.js';
import { createStore, type StoreAccounts } from './store.js';
import type { Locale, ServerContext, Store } from './types.js';

export { handlerCoverage, type HandlerCoverage, type RouteMethodName } from './handlers.js';
export { createStore, MEMBER_ID_KIND, type AccountCredentials, type StoreAccounts } from './store.js';
export { deriveApplicationPassword } from './credentials.js';
export { buildRootDescriptor, buildRouteDescriptor, type DescriptorTexts } from './descriptor.js';
export type { ReferenceAppOptions, ReferenceServerOptions, RequestListenerOptions } from './options.js';
// What a resource module of one's own (the `modules` option) is written with: a test's faulty or hostile server.
export type { ItemSchemaDefinition, ResourceModule } from './namespaces/module.js';
export { LOCALES, WpError, type Locale, type ServerContext, type ServerRequest, type ServerResponse, type Store } from './types.js';
// The per-locale texts `buildRootDescriptor` writes a descriptor in.
export { LOCALE_TEXTS } from './locales/index.js';
// The server's own implementation of WordPress's parameter rules, to hold another implementation (the harness's) against.
export { parsePhpQuery, processRequestArgs, type ProcessedArgs, type RequestArgsInput } from './validation/index.js';

/** A running reference server. */
export interface ReferenceServer {
  /** `http://HOST:PORT` */
  url: string;
  /** `{url}/{locale}/{restRoot}` (no trailing slash). */
  restUrl(locale: Locale): string;
  /** Logins and application passwords of the two built-in accounts. */
  credentials: StoreAccounts;
  store: Store;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/** A Node request listener serving the reference app, with the store and context it serves from. */
export type ReferenceRequestListener = RequestListener & {
  readonly store: Store;
  readonly context: ServerContext;
  readonly credentials: StoreAccounts;
};

/**
 * Builds the app (store, routes, descriptors: all once) and answers with a Node request listener. Throws when the
 * contract has a route key that is not a usable regex or two modules handle the same route and method.
 */
export function createRequestListener(options: RequestListenerOptions): ReferenceRequestListener {
  const resolved = resolveAppOptions(options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const store = createStore(resolved.seed, resolved.accounts, resolved.modules);
  const context: ServerContext = {
    baseUrl,
    restRoot: resolved.restRoot,
    restUrl: (locale) => `${baseUrl}/${locale}/${resolved.restRoot}`,
    store,
  };
  const app = new RestApp({
    contract: resolved.contract,
    modules: resolved.modules,
    context,
    texts: resolved.texts,
    onUnexpectedError: resolved.onUnexpectedError,
  });
  const frontEnd = new HttpFrontEnd(app, new Authenticator(store));
  return Object.assign(frontEnd.listener, { store, context, credentials: resolved.accounts });
}

/** Starts the reference server on `host:port` (default `127.0.0.1`, a free port) with keep-alive on. */
export async function startReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const host = options.host ?? DEFAULT_HOST;
  const server = createServer({ keepAlive: true });
  await listen(server, host, options.port ?? 0);
  const url = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  let listener: ReferenceRequestListener;
  try {
    listener = createRequestListener({ ...options, baseUrl: url });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  // Attached in the same tick as the listen callback, so no request arrives before it.
  server.on('request', listener);
  server.on('clientError', answerClientError);
  return {
    url,
    restUrl: listener.context.restUrl,
    credentials: listener.credentials,
    store: listener.store,
    close: () => closeServer(server),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** How long open requests may take to finish before their connections are cut. */
const CLOSE_GRACE_MS = 1000;

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
}

// An IPv6 literal needs brackets in a URL.
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
