/**
 * The request pipeline after authentication, in WordPress's order (`WP_REST_Server::dispatch`): route match,
 * body errors, argument defaults/required/validation/sanitising, permission, then the handler. Shared by HTTP
 * requests and the items of a batch. Handlers throw `WpError`; this is the one place that turns errors into
 * answers.
 */
import type { Contract, HttpMethod } from '@restconform/interface';
import { coreRouteHandlers } from './core-routes.js';
import { answerContext, filterAnswerByContext } from './context-filter.js';
import { DescriptorCache, type DescriptorTexts } from './descriptor.js';
import { internalError, noRouteError } from './errors.js';
import { collectHandlers, PLACEHOLDER_HANDLER, runMethodHandler, type HandlerTable } from './handlers.js';
import type { ItemSchemaDefinition, ResourceModule } from './namespaces/module.js';
import {
  bodyParams,
  errorResponse,
  rawParams,
  type ResolvedRequest,
  type RestOutcome,
  type RestPipeline,
  type RestRequest,
  type ValidatedArgs,
} from './pipeline.js';
import { Router, type CompiledRoute, type RouteDefinition, type RouteMethod } from './router.js';
import { WpError, type ServerContext, type ServerRequest, type ServerResponse } from './types.js';
import { processRequestArgs } from './validation/index.js';

export interface RestAppOptions {
  contract: Contract;
  modules: readonly ResourceModule[];
  context: ServerContext;
  texts: DescriptorTexts;
  /** Told about every exception that is not a `WpError` (the client gets a 500). */
  onUnexpectedError?: (error: unknown, request: { method: string; path: string }) => void;
}

export class RestApp implements RestPipeline {
  readonly context: ServerContext;
  readonly descriptors: DescriptorCache;
  readonly router: Router;
  /** Route key → the item schema it publishes. */
  readonly schemas: ReadonlyMap<string, ItemSchemaDefinition>;
  readonly #onUnexpectedError: RestAppOptions['onUnexpectedError'];

  constructor(options: RestAppOptions) {
    this.context = options.context;
    this.#onUnexpectedError = options.onUnexpectedError;
    this.schemas = collectSchemas(options.modules);
    this.descriptors = new DescriptorCache(options.contract, options.context, options.texts, this.schemas);
    const handlers = collectHandlers([{ name: 'core', routes: coreRouteHandlers(options.contract, this) }, ...options.modules]);
    this.router = new Router(routeDefinitions(options.contract, handlers));
  }

  /** Runs one request through the whole pipeline. Never rejects. */
  async dispatch(request: RestRequest): Promise<RestOutcome> {
    try {
      const match = this.router.match(request.path);
      if (match === null) return { response: errorResponse(noRouteError()), route: null };
      const answered = (response: ServerResponse, params?: Record<string, unknown>): RestOutcome => ({
        response,
        route: match.route,
        allow: this.allowFor(match.route, request, params ?? rawParams(request, match.captures)),
      });
      if (request.method === 'OPTIONS') return answered({ status: 200, body: this.descriptors.routeHelp(request.locale, match.route.key) });
      const method = Router.methodOf(match.route, request.method);
      if (method === undefined) return { response: errorResponse(noRouteError()), route: null };
      if (request.body.kind === 'invalid') return answered(errorResponse(request.body.error));
      const resolved: ResolvedRequest = { ...match, method };
      const args = this.validate(resolved, request.query, bodyParams(request.method, request.body));
      if (args instanceof WpError) return answered(errorResponse(args));
      return answered(await this.execute(resolved, args, request), args.params);
    } catch (error) {
      return { response: this.#unexpected(error, request), route: null };
    }
  }

  /** Routes a method and path: the matched route method, or 404 `rest_no_route`. */
  resolve(method: string, path: string): ResolvedRequest | WpError {
    const match = this.router.match(path);
    const routeMethod = match === null ? undefined : Router.methodOf(match.route, method);
    return match === null || routeMethod === undefined ? noRouteError() : { ...match, method: routeMethod };
  }

  /** Defaults, required, validation and sanitising of the route method's args. */
  validate(resolved: ResolvedRequest, query: Record<string, unknown>, body: Record<string, unknown> | undefined): ValidatedArgs | WpError {
    return processRequestArgs(resolved.method.args, { captures: resolved.captures, query, body });
  }

  /**
   * The `Allow` header for this caller, as WordPress's `rest_send_allow_header` computes it: the route's methods
   * whose permission check passes for this request and its parameters (so anonymous callers, members and
   * administrators see different lists, on a refusal too). A route without permission checks has one fixed list.
   */
  allowFor(route: CompiledRoute, request: RestRequest, params: Record<string, unknown>): string {
    if (!route.permissionChecked) return route.allowHeader;
    const serverRequest = serverRequestOf(route, { params, sent: new Set() }, request);
    const allowed: string[] = [];
    for (const [name, method] of route.methods) {
      if (permits(method, serverRequest, this.context)) allowed.push(name);
    }
    return allowed.join(', ');
  }

  /** Permission check, then the handler. Errors become answers; never rejects. */
  async execute(resolved: ResolvedRequest, args: ValidatedArgs, request: RestRequest): Promise<ServerResponse> {
    const serverRequest = serverRequestOf(resolved.route, args, request);
    try {
      const response = await runMethodHandler(resolved.method.handler, serverRequest, this.context);
      if (typeof response !== 'object' || response === null || typeof response.status !== 'number') {
        throw new TypeError(`handler of ${request.method} ${resolved.route.key} answered no response`);
      }
      return this.#inContext(response, resolved.route.key, request.method, args.params);
    } catch (error) {
      return this.#unexpected(error, request);
    }
  }

  /** Tells the `onUnexpectedError` hook about an exception that is not a `WpError`. */
  reportUnexpected(error: unknown, request: { method: string; path: string }): void {
    this.#onUnexpectedError?.(error, { method: request.method, path: request.path });
  }

  /** A success answer of a route with a published schema, filtered by the request's context. */
  #inContext(response: ServerResponse, route: string, method: string, params: Record<string, unknown>): ServerResponse {
    const schema = this.schemas.get(route);
    if (schema === undefined || response.status < 200 || response.status >= 300 || response.contentType !== undefined) return response;
    return { ...response, body: filterAnswerByContext(response.body, schema, answerContext(method, params)) };
  }

  #unexpected(error: unknown, request: { method: string; path: string }): ServerResponse {
    if (error instanceof WpError) return errorResponse(error);
    this.reportUnexpected(error, request);
    return errorResponse(internalError());
  }
}

function serverRequestOf(route: CompiledRoute, args: ValidatedArgs, request: RestRequest): ServerRequest {
  return {
    method: request.method as HttpMethod,
    route: route.key,
    path: request.path,
    locale: request.locale,
    params: args.params,
    sent: args.sent,
    headers: request.headers,
    user: request.user,
  };
}

/** Whether a method's permission check lets this request through; a check that throws refuses, as a WP_Error does. */
function permits(method: RouteMethod, request: ServerRequest, context: ServerContext): boolean {
  const permission = method.handler.permission;
  if (permission === undefined) return true;
  try {
    return !(permission(request, context) instanceof WpError);
  } catch {
    return false;
  }
}

/** Every module's published schemas by route key; two modules publishing one route's schema is a start-up error. */
function collectSchemas(modules: readonly ResourceModule[]): Map<string, ItemSchemaDefinition> {
  const schemas = new Map<string, ItemSchemaDefinition>();
  for (const module of modules) {
    for (const [route, schema] of Object.entries(module.schemas ?? {})) {
      if (schemas.has(route)) throw new Error(`the schema of ${route} is published twice (again by ${module.name})`);
      schemas.set(route, schema);
    }
  }
  return schemas;
}

function routeDefinitions(contract: Contract, handlers: HandlerTable): RouteDefinition[] {
  return contract.routes.map((route) => ({
    key: route.route,
    namespace: route.namespace,
    methods: route.endpoints.flatMap((endpoint) =>
      endpoint.methods.map((method) => ({
        method,
        args: endpoint.args,
        allowBatch: endpoint.allowBatch === true,
        handler: handlers.get(route.route)?.get(method) ?? PLACEHOLDER_HANDLER,
      })),
    ),
  }));
}
