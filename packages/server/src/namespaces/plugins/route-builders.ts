/** Small builders for plugin routes that serve one method and answer a JSON body. */
import type { HttpMethod } from '@restconform/interface';
import type { PermissionCheck, RouteHandlers, ServerContext, ServerRequest, ServerResponse } from '../../types.js';

/** What a one-method route does: who may call it, and the body it answers with status 200. */
export interface OneMethodRoute {
  permission?: PermissionCheck;
  answer: (req: ServerRequest, ctx: ServerContext) => unknown;
}

/** Handlers for route `key` serving only `method`. */
export function oneMethodRoute(key: string, method: HttpMethod, { permission, answer }: OneMethodRoute): RouteHandlers {
  return {
    route: key,
    methods: { [method]: { permission, handle: (req: ServerRequest, ctx: ServerContext) => ({ status: 200, body: answer(req, ctx) }) } },
  };
}

/** A whole collection in one page, with WordPress's `X-WP-Total` / `X-WP-TotalPages` headers. */
export function collectionResponse(items: readonly unknown[]): ServerResponse {
  return { status: 200, body: items, headers: { 'X-WP-Total': String(items.length), 'X-WP-TotalPages': items.length === 0 ? '0' : '1' } };
}
