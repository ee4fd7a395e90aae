/**
 * A small interface for the server core's tests: the core routes (root, batch, a namespace index), a `things`
 * resource module, a route that fails, a route no module handles, and test texts that mark the Greek locale.
 */
import { arg, BATCH_ROUTE, contextArg, type Contract, namespaceIndexRoute, requiredArg, ROOT_ROUTE } from '@restconform/interface';
import type { DescriptorTexts } from '../descriptor.js';
import type { ResourceModule } from '../namespaces/module.js';
import { WpError, type PermissionCheck, type Store } from '../types.js';

export const TEST_NAMESPACE = 'test/v1';
export const THINGS_ROUTE = '/test/v1/things';
export const THING_ROUTE = '/test/v1/things/(?P<id>[\\d]+)';
export const OPTIONAL_ROUTE = '/test/v1/tags(?:/(?P<slug>[a-z-]+))?';
export const PLAIN_ROUTE = '/test/v1/plain';
export const FAILING_ROUTE = '/test/v1/boom';
export const UNHANDLED_ROUTE = '/test/v1/unhandled';

/** The test interface, in first-match order. */
export const TEST_CONTRACT: Contract = {
  format: 'restconform-contract/1',
  namespaces: [TEST_NAMESPACE, 'empty/v1'],
  unspecifiedNamespaces: ['empty/v1'],
  locales: ['en_gb', 'el'],
  routes: [
    ROOT_ROUTE,
    BATCH_ROUTE,
    namespaceIndexRoute(TEST_NAMESPACE),
    {
      route: THINGS_ROUTE,
      namespace: TEST_NAMESPACE,
      endpoints: [
        {
          methods: ['GET'],
          args: {
            context: contextArg(['view', 'edit']),
            page: arg({ type: 'integer', default: 1, minimum: 1 }, 'Current page of the collection.'),
          },
        },
        {
          methods: ['POST'],
          args: { name: requiredArg({ type: 'string' }, 'Name of the thing.'), size: arg({ type: 'integer' }, 'Size of the thing.') },
          allowBatch: true,
        },
      ],
    },
    {
      route: THING_ROUTE,
      namespace: TEST_NAMESPACE,
      endpoints: [
        { methods: ['GET'], args: { id: arg({ type: 'integer' }, 'Thing id.') } },
        { methods: ['DELETE'], args: { id: arg({ type: 'integer' }, 'Thing id.') }, allowBatch: true },
      ],
    },
    {
      route: OPTIONAL_ROUTE,
      namespace: TEST_NAMESPACE,
      endpoints: [{ methods: ['GET'], args: {} }],
    },
    { route: PLAIN_ROUTE, namespace: TEST_NAMESPACE, endpoints: [{ methods: ['POST'], args: {} }] },
    { route: FAILING_ROUTE, namespace: TEST_NAMESPACE, endpoints: [{ methods: ['GET'], args: {} }] },
    { route: UNHANDLED_ROUTE, namespace: TEST_NAMESPACE, endpoints: [{ methods: ['GET'], args: {} }] },
  ],
};

export interface Thing {
  id: number;
  name: string;
}

function things(store: Store): Thing[] {
  return store.namespaces.things as Thing[];
}

const administratorOnly: PermissionCheck = (req) => {
  if (req.user === null) return new WpError('rest_cannot_create', 'Sorry, you need to be logged in.', 401);
  if (!req.user.roles.includes('administrator')) return new WpError('rest_cannot_create', 'Sorry, you are not allowed.', 403);
  return undefined;
};

/** A resource module over the test interface: list, create (administrators), read, delete, tags. */
export const THINGS_MODULE: ResourceModule = {
  name: 'things',
  seed(store, faker) {
    store.namespaces.things = Array.from({ length: 3 }, () => ({ id: store.nextId('thing'), name: faker.word.noun() }));
  },
  routes: [
    {
      route: THINGS_ROUTE,
      methods: {
        GET: {
          handle: (req, ctx) => ({
            status: 200,
            body: things(ctx.store).map((thing) => ({ ...thing, page: req.params.page })),
            headers: { 'X-WP-Total': String(things(ctx.store).length), Link: '<http://example.org/next>; rel="next"' },
          }),
        },
        POST: {
          permission: administratorOnly,
          handle: (req, ctx) => {
            const thing = { id: ctx.store.nextId('thing'), name: req.params.name as string };
            things(ctx.store).push(thing);
            return { status: 201, body: thing, headers: { Location: `${ctx.restUrl(req.locale)}${THINGS_ROUTE}/${thing.id}` } };
          },
        },
      },
    },
    {
      route: THING_ROUTE,
      methods: {
        GET: { handle: (req, ctx) => ({ status: 200, body: findThing(ctx.store, req.params.id) }) },
        DELETE: {
          permission: administratorOnly,
          handle: (req, ctx) => {
            const thing = findThing(ctx.store, req.params.id);
            ctx.store.namespaces.things = things(ctx.store).filter((candidate) => candidate !== thing);
            return { status: 200, body: { deleted: true, previous: thing } };
          },
        },
      },
    },
    {
      route: OPTIONAL_ROUTE,
      methods: { GET: { handle: (req) => ({ status: 200, body: { slug: req.params.slug ?? null, method: req.method } }) } },
    },
    { route: PLAIN_ROUTE, methods: { POST: { handle: () => ({ status: 200, body: { plain: true } }) } } },
    {
      route: FAILING_ROUTE,
      methods: {
        GET: {
          handle: () => {
            throw new Error('the handler broke');
          },
        },
      },
    },
  ],
};

function findThing(store: Store, id: unknown): Thing {
  const thing = things(store).find((candidate) => candidate.id === id);
  if (thing === undefined) throw new WpError('rest_thing_invalid_id', 'Invalid thing ID.', 404);
  return thing;
}

/** English as written; Greek marked, so a test can tell the locales apart. */
export const TEST_TEXTS: DescriptorTexts = {
  describe: (locale, english) => (locale === 'el' ? `[el] ${english}` : english),
  site: (locale) => (locale === 'el' ? { name: 'Δοκιμή', description: 'Δοκιμαστικός ιστότοπος' } : { name: 'Test', description: 'A test site' }),
};
