/** The routes WordPress core answers itself: the root descriptor, the namespace indexes and the batch route. */
import type { Contract } from '@restconform/interface';
import { runBatch } from './batch.js';
import type { DescriptorCache } from './descriptor.js';
import { invalidNamespaceError } from './errors.js';
import { isCoreRoute } from './handlers.js';
import type { RestPipeline } from './pipeline.js';
import type { RouteHandlers } from './types.js';

/** What the core routes need of the app that registers them: its descriptors, and the pipeline's steps for a batch. */
export interface CoreRouteHost extends RestPipeline {
  readonly descriptors: DescriptorCache;
}

/** Handlers for every core route the contract declares. */
export function coreRouteHandlers(contract: Contract, app: CoreRouteHost): RouteHandlers[] {
  const handlers: RouteHandlers[] = [];
  for (const route of contract.routes) {
    if (!isCoreRoute(route)) continue;
    if (route.route === '/') {
      handlers.push({
        route: route.route,
        methods: { GET: { handle: (req) => ({ status: 200, body: app.descriptors.root(req.locale) }) } },
      });
    } else if (route.route === '/batch/v1') {
      handlers.push({ route: route.route, methods: { POST: { handle: (req) => runBatch(app, req) } } });
    } else {
      handlers.push({
        route: route.route,
        methods: {
          // The `namespace` arg defaults to the route's own namespace but a caller may name another one.
          GET: {
            handle: (req) => {
              const namespace = req.params.namespace;
              const index = typeof namespace === 'string' ? app.descriptors.namespaceIndex(req.locale, namespace, req.params.context === 'help') : undefined;
              if (index === undefined) throw invalidNamespaceError();
              return { status: 200, body: index };
            },
          },
        },
      });
    }
  }
  return handlers;
}
