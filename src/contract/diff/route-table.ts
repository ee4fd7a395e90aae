/**
 * The one shape both sides of a comparison are read into: routes with their endpoints, arguments as a map (never
 * PHP's `[]`), batch permission and whether the endpoint's arguments are left open. A contract and a fetched
 * descriptor both become a `RouteTable`.
 */
import type { ArgSchema, HttpMethod, RootDescriptor } from '../../descriptor/types.js';
import type { Contract } from '@restconform/interface';

export interface TableEndpoint {
  methods: HttpMethod[];
  args: Record<string, ArgSchema>;
  allowBatch: boolean;
  /** More arguments than listed are no departure (the document says the rest are "not shown"). */
  openArgs: boolean;
}

export interface TableRoute {
  key: string;
  namespace: string;
  endpoints: TableEndpoint[];
}

export interface RouteTable {
  namespaces: string[];
  routes: TableRoute[];
}

export function tableFromContract(contract: Contract): RouteTable {
  return {
    namespaces: [...contract.namespaces],
    routes: contract.routes.map((route) => ({
      key: route.route,
      namespace: route.namespace,
      endpoints: route.endpoints.map((endpoint) => ({
        methods: [...endpoint.methods],
        args: { ...endpoint.args },
        allowBatch: endpoint.allowBatch === true,
        openArgs: endpoint.openArgs === true,
      })),
    })),
  };
}

export function tableFromDescriptor(root: RootDescriptor): RouteTable {
  return {
    namespaces: Array.isArray(root.namespaces) ? [...root.namespaces] : [],
    routes: Object.entries(root.routes).map(([key, route]) => ({
      key,
      namespace: route.namespace,
      endpoints: route.endpoints.map((endpoint) => ({
        methods: [...endpoint.methods],
        args: Array.isArray(endpoint.args) ? {} : { ...endpoint.args },
        allowBatch: endpoint.allow_batch?.v1 === true,
        openArgs: false,
      })),
    })),
  };
}

/** The endpoint WordPress dispatches `method` to: the first one listing it. */
export function endpointFor(route: TableRoute, method: HttpMethod): TableEndpoint | undefined {
  return route.endpoints.find((endpoint) => endpoint.methods.includes(method));
}

/** Every method the route's endpoints serve, once each, in order. */
export function methodsOf(route: TableRoute): HttpMethod[] {
  return [...new Set(route.endpoints.flatMap((endpoint) => endpoint.methods))];
}
