/** The routes WordPress core itself registers: the root, the batch route and the namespace indexes. */
import { undescribedArg } from '../args.js';
import type { ContractRoute } from '../types.js';

/**
 * `GET /`: the site descriptor. The document states only `context` (default `view`), without a type or a
 * description, and real WordPress serves it so (`fixtures/wordpress-6.1-index.json`).
 */
export const ROOT_ROUTE: ContractRoute = {
  route: '/',
  namespace: '',
  endpoints: [{ methods: ['GET'], args: { context: undescribedArg({ default: 'view' }) } }],
};

/** The largest batch WordPress accepts (`WP_REST_Server::get_max_batch_size`), as the document states it. */
export const MAX_BATCH_SIZE = 25;

/**
 * `POST /batch/v1`, with the item schema as the document states it: no descriptions, and no type for an item's
 * `method` (only its enumeration and default).
 */
export const BATCH_ROUTE: ContractRoute = {
  route: '/batch/v1',
  namespace: '',
  endpoints: [
    {
      methods: ['POST'],
      args: {
        validation: undescribedArg({ type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' }),
        requests: undescribedArg(
          {
            type: 'array',
            maxItems: MAX_BATCH_SIZE,
            items: {
              type: 'object',
              properties: {
                method: { enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
                path: { type: 'string', required: true },
                body: { type: 'object', properties: {}, additionalProperties: true },
                headers: {
                  type: 'object',
                  properties: {},
                  additionalProperties: { type: ['string', 'array'], items: { type: 'string' } },
                },
              },
            },
          },
          true,
        ),
      },
    },
  ],
};

/**
 * `GET /{namespace}`: the index route WordPress adds in front of each namespace's routes. The document gives its
 * `namespace` and `context` only defaults, as real WordPress serves them: no type, no description.
 */
export function namespaceIndexRoute(namespace: string): ContractRoute {
  return {
    route: `/${namespace}`,
    namespace,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          namespace: undescribedArg({ default: namespace }),
          context: undescribedArg({ default: 'view' }),
        },
      },
    ],
  };
}
