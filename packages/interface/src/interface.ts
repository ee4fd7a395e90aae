/**
 * The interface document (see `docs/interface.md`) as data: every namespace, route, method and argument it
 * states. Routes are in WordPress registration order (each namespace's index route first), which is also the
 * order first-match routing needs. The value is deeply frozen: copy it before changing anything.
 */
import type { HttpMethod } from './descriptor.js';
import { BATCH_ROUTE, ROOT_ROUTE } from './routes/core.js';
import { COMMUNITY_ROUTES } from './routes/community.js';
import { ANALYTICS_ROUTES, BADGES_ROUTES, CALENDAR_ROUTES, USER_IMPORT_ROUTES } from './routes/minor-namespaces.js';
import { OEMBED_ROUTES } from './routes/oembed.js';
import { SEO_ROUTES } from './routes/seo.js';
import type { Contract, ContractOperation, ContractRoute } from './types.js';

/** The identifier of the contract data format, also the `format` of files `--contract FILE` reads. */
export const CONTRACT_FORMAT = 'restconform-contract/1';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The documented interface. */
export const INTERFACE_CONTRACT: Contract = deepFreeze({
  format: CONTRACT_FORMAT,
  namespaces: ['oembed/1.0', 'seo/v1', 'calendar/v1', 'badges', 'analytics/v1', 'user-import/v1', 'community/v1', 'core/v2', 'site-health/v1'],
  unspecifiedNamespaces: ['core/v2', 'site-health/v1'],
  locales: ['en_gb', 'el'],
  routes: [
    ROOT_ROUTE,
    BATCH_ROUTE,
    ...OEMBED_ROUTES,
    ...SEO_ROUTES,
    ...CALENDAR_ROUTES,
    ...BADGES_ROUTES,
    ...ANALYTICS_ROUTES,
    ...USER_IMPORT_ROUTES,
    ...COMMUNITY_ROUTES,
  ],
});

/** The route with exactly this key (e.g. `/community/v1/members/(?P<id>[\d]+)`), if the contract has it. */
export function contractRoute(route: string, contract: Contract = INTERFACE_CONTRACT): ContractRoute | undefined {
  return contract.routes.find((candidate) => candidate.route === route);
}

/** Every (route, method) pair with the endpoint serving it, in route order then endpoint order. */
export function contractOperations(contract: Contract = INTERFACE_CONTRACT): ContractOperation[] {
  return contract.routes.flatMap(({ route, namespace, endpoints }) =>
    endpoints.flatMap((endpoint) => endpoint.methods.map((method: HttpMethod) => ({ route, namespace, method, endpoint }))),
  );
}
