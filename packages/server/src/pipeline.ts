/**
 * The request pipeline's vocabulary, below the app that runs it: a request as the pipeline sees it, a routed
 * request, validated arguments, an answer with its route, and the steps (`RestPipeline`) the batch route drives one
 * by one. `RestApp` implements those steps; the core routes and the batch are handed the app as a `RestPipeline`,
 * so they never import the app that registers them.
 */
import type { ParsedBody } from './body.js';
import type { CompiledRoute, RouteMatch, RouteMethod } from './router.js';
import type { Locale, Member, ServerResponse, WpError } from './types.js';

/** A request as the pipeline sees it, whether it came over HTTP or inside a batch. */
export interface RestRequest {
  /** The effective method (after `_method` / `X-HTTP-Method-Override`), upper-case. */
  method: string;
  /** The route path inside the REST root, e.g. `/community/v1/members/3`. */
  path: string;
  query: Record<string, unknown>;
  body: ParsedBody;
  headers: Record<string, string | string[] | undefined>;
  user: Member | null;
  locale: Locale;
}

/** An answer, with the route that gave it (null when none matched: then there is no `Allow` header). */
export interface RestOutcome {
  response: ServerResponse;
  route: CompiledRoute | null;
  /** The `Allow` header for this caller; absent: the route's full list. */
  allow?: string;
}

/** A request routed to one method of one route. */
export interface ResolvedRequest extends RouteMatch {
  method: RouteMethod;
}

/** Validated and sanitised parameters, and the names the caller actually sent. */
export interface ValidatedArgs {
  params: Record<string, unknown>;
  sent: Set<string>;
}

/** The pipeline's steps, each callable alone: what a batch runs for each of its items. */
export interface RestPipeline {
  /** Routes a method and path: the matched route method, or 404 `rest_no_route`. */
  resolve(method: string, path: string): ResolvedRequest | WpError;
  /** Defaults, required, validation and sanitising of the route method's args. */
  validate(resolved: ResolvedRequest, query: Record<string, unknown>, body: Record<string, unknown> | undefined): ValidatedArgs | WpError;
  /** The `Allow` header for this caller and these parameters. */
  allowFor(route: CompiledRoute, request: RestRequest, params: Record<string, unknown>): string;
  /** Permission check, then the handler. Errors become answers; never rejects. */
  execute(resolved: ResolvedRequest, args: ValidatedArgs, request: RestRequest): Promise<ServerResponse>;
}

const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An error as WordPress answers it: `{code, message, data: {status, …}}` with the error's status. */
export function errorResponse(error: WpError): ServerResponse {
  return { status: error.status, body: error.toBody() };
}

/** The parameters of a request that did not validate, unsanitised: path captures win over body and query, as in WordPress. */
export function rawParams(request: RestRequest, captures: Record<string, string>): Record<string, unknown> {
  return { ...request.query, ...(bodyParams(request.method, request.body) ?? {}), ...captures };
}

/** JSON bodies count for every method; form bodies only for the methods PHP/WordPress read them for. */
export function bodyParams(method: string, body: ParsedBody): Record<string, unknown> | undefined {
  if (body.kind === 'json') return body.params;
  if (body.kind === 'form' && BODY_METHODS.has(method)) return body.params;
  return undefined;
}
