/**
 * A small server for the hostile-server suite: the reference app over a tiny interface (a list with paging, a
 * create, a read by id), except that every request to one route, `/hostile/v1/trouble`, is answered by a
 * misbehaviour the test chooses (a reset, silence, an endless body, a redirect loop…). Everything it saw is
 * logged, and it can be made to die mid-run. Loopback, port 0.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { arg, contextArg, type Contract, namespaceIndexRoute, pageArg, perPageArg, requiredArg, ROOT_ROUTE, searchArg } from '@restconform/interface';
import { createRequestListener, type ResourceModule, type Store, WpError } from '@restconform/server';
import type { Credentials } from '../../src/request/types.js';
import { listenOnLoopback } from '../loopback-server.js';

export const NAMESPACE = 'hostile/v1';
export const ITEMS_ROUTE = '/hostile/v1/items';
export const ITEM_ROUTE = '/hostile/v1/items/(?P<id>[\\d]+)';
/** The route whose every request meets the misbehaviour. */
export const TROUBLE_ROUTE = '/hostile/v1/trouble';
export const REST_ROOT = 'wp-json';
export const LOCALE = 'en_gb';

/** The tiny interface the server describes in its root descriptor. */
const HOSTILE_CONTRACT: Contract = {
  format: 'restconform-contract/1',
  namespaces: [NAMESPACE],
  unspecifiedNamespaces: [],
  locales: [LOCALE, 'el'],
  routes: [
    ROOT_ROUTE,
    namespaceIndexRoute(NAMESPACE),
    {
      route: ITEMS_ROUTE,
      namespace: NAMESPACE,
      endpoints: [
        { methods: ['GET'], args: { context: contextArg(['view', 'edit']), page: pageArg(), per_page: perPageArg(), search: searchArg() } },
        {
          methods: ['POST'],
          args: { name: requiredArg({ type: 'string' }, 'Name of the item.'), size: arg({ type: 'integer', minimum: 0, maximum: 10 }, 'Size of the item.') },
        },
      ],
    },
    { route: ITEM_ROUTE, namespace: NAMESPACE, endpoints: [{ methods: ['GET'], args: { id: arg({ type: 'integer' }, 'Item id.') } }] },
    { route: TROUBLE_ROUTE, namespace: NAMESPACE, endpoints: [{ methods: ['GET'], args: {} }] },
  ],
};

interface Item {
  id: number;
  name: string;
}

const items = (store: Store): Item[] => store.namespaces.items as Item[];

const ITEMS_MODULE: ResourceModule = {
  name: 'items',
  seed(store) {
    store.namespaces.items = ['anchor', 'bell', 'candle'].map((name) => ({ id: store.nextId('item'), name }));
  },
  routes: [
    {
      route: ITEMS_ROUTE,
      methods: {
        GET: {
          handle: (req, ctx) => {
            const all = items(ctx.store);
            const perPage = req.params.per_page as number;
            const start = ((req.params.page as number) - 1) * perPage;
            return {
              status: 200,
              body: all.slice(start, start + perPage),
              headers: { 'X-WP-Total': String(all.length), 'X-WP-TotalPages': String(Math.ceil(all.length / perPage)) },
            };
          },
        },
        POST: {
          handle: (req, ctx) => {
            const item = { id: ctx.store.nextId('item'), name: req.params.name as string };
            items(ctx.store).push(item);
            return { status: 201, body: item, headers: { Location: `${ctx.restUrl(req.locale)}${ITEMS_ROUTE}/${item.id}` } };
          },
        },
      },
    },
    {
      route: ITEM_ROUTE,
      methods: {
        GET: {
          handle: (req, ctx) => {
            const item = items(ctx.store).find((candidate) => candidate.id === req.params.id);
            if (!item) throw new WpError('rest_item_invalid_id', 'Invalid item ID.', 404);
            return { status: 200, body: item };
          },
        },
      },
    },
    // Never reached while a misbehaviour is set: the front answers the route first.
    { route: TROUBLE_ROUTE, methods: { GET: { handle: () => ({ status: 200, body: { calm: true } }) } } },
  ],
};

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  /** The path inside the REST root, without the query: `/hostile/v1/items`. */
  path: string;
  /** The request target as sent, with its query. */
  url: string;
  /** `performance.now()` when its headers arrived. */
  at: number;
}

/** What a misbehaviour may use besides the request and the response. */
export interface MisbehaviourContext {
  /** The raw connection, for answers node:http would refuse to write. */
  socket: Socket;
}

/** Answers a request to the trouble route, badly. */
export type Misbehaviour = (req: IncomingMessage, res: ServerResponse, context: MisbehaviourContext) => void;

export interface HostileServerOptions {
  /** How the trouble route answers; absent: it answers like a healthy route. */
  misbehaviour?: Misbehaviour;
  /** The server dies (stops listening, cuts every connection) when this many requests have arrived. */
  dieAfterRequests?: number;
  /**
   * Every route misbehaves, not only the trouble route: all but the root descriptor, which a run must read to
   * start. The server then describes the whole reference interface, so that every phase has routes to work on.
   */
  everywhere?: boolean;
}

export interface HostileServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Every request that arrived, in order. */
  seen: SeenRequest[];
  /** True once the server has died. */
  readonly dead: boolean;
  /** The administrator's login and application password. */
  admin: Credentials;
  close(): Promise<void>;
}

/** A locale's REST root at the start of a request's path: what is left is the path inside it. */
const REST_PREFIX = new RegExp(`^/[A-Za-z_]+/${REST_ROOT}(?=/|$)`);

/** Starts the server on a free loopback port. */
export async function startHostileServer(options: HostileServerOptions = {}): Promise<HostileServer> {
  const { server, port, cutEverything } = await listenOnLoopback();
  const url = `http://127.0.0.1:${port}`;
  const reference = createRequestListener(
    options.everywhere === true
      ? { baseUrl: url, restRoot: REST_ROOT }
      : { baseUrl: url, restRoot: REST_ROOT, contract: HOSTILE_CONTRACT, modules: [ITEMS_MODULE] },
  );
  const seen: SeenRequest[] = [];
  let dead = false;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const rawPath = target.split('?')[0] as string;
    const prefix = REST_PREFIX.exec(rawPath)?.[0];
    const path = prefix === undefined ? rawPath : rawPath.slice(prefix.length).replace(/\/+$/, '') || '/';
    const request: SeenRequest = { method: req.method ?? '', path, url: target, at: performance.now() };
    seen.push(request);
    if (options.dieAfterRequests !== undefined && seen.length >= options.dieAfterRequests) {
      dead = true;
      void cutEverything();
      return;
    }
    if (options.misbehaviour && (path === TROUBLE_ROUTE || (options.everywhere === true && path !== '/'))) {
      // Misbehaviours read no body: drain it so the connection's state stays the misbehaviour's own doing.
      req.resume();
      options.misbehaviour(req, res, { socket: req.socket });
      return;
    }
    reference(req, res);
  });

  return {
    url,
    seen,
    get dead() {
      return dead;
    },
    admin: reference.credentials.admin,
    close: cutEverything,
  };
}
