/** Route tables: one behaviour served under several methods (WordPress's `EDITABLE` = POST, PUT, PATCH). */
import type { HttpMethod } from '@restconform/interface';
import type { MethodHandler, RouteHandlers } from '../../types.js';

/** WordPress's `WP_REST_Server::EDITABLE`. */
export const EDITABLE: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH'];

/** The same handler under each of `methods`. */
export function forMethods(methods: readonly HttpMethod[], handler: MethodHandler): RouteHandlers['methods'] {
  return Object.fromEntries(methods.map((method) => [method, handler]));
}
