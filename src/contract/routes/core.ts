/** The routes WordPress core itself registers: the root, the batch route and the namespace indexes. */
import { arg, contextArg, requiredArg } from '../args.js';
import type { ContractRoute } from '../types.js';

/** `GET /`: the site descriptor. The document states only `context` (default `view`). */
export const ROOT_ROUTE: ContractRoute = {
  route: '/',
  namespace: '',
  endpoints: [{ methods: ['GET'], args: { context: contextArg() } }],
};

/** The largest batch WordPress accepts (`WP_REST_Server::get_max_batch_size`), as the document states it. */
export const MAX_BATCH_SIZE = 25;

/** `POST /batch/v1`, with the item schema WordPress core declares for `requests`. */
export const BATCH_ROUTE: ContractRoute = {
  route: '/batch/v1',
  namespace: '',
  endpoints: [
    {
      methods: ['POST'],
      args: {
        validation: arg(
          { type: 'string', enum: ['require-all-validate', 'normal'], default: 'normal' },
          'Validation mode: with require-all-validate nothing runs unless every request is valid.',
        ),
        requests: requiredArg(
          {
            type: 'array',
            maxItems: MAX_BATCH_SIZE,
            items: {
              type: 'object',
              properties: {
                method: { type: 'string', enum: ['POST', 'PUT', 'PATCH', 'DELETE'], default: 'POST' },
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
          'Requests to run in one call, at most 25.',
        ),
      },
    },
  ],
};

/** `GET /{namespace}`: the index route WordPress adds in front of each namespace's routes. */
export function namespaceIndexRoute(namespace: string): ContractRoute {
  return {
    route: `/${namespace}`,
    namespace,
    endpoints: [
      {
        methods: ['GET'],
        args: {
          namespace: arg({ type: 'string', default: namespace }, 'Namespace whose routes are listed.'),
          context: contextArg(),
        },
      },
    ],
  };
}
