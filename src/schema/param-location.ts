/** Where a parameter of an operation travels (`ParamLocation`): path variable, query string or JSON body. */
import type { HttpMethod, Operation, ParamLocation } from '../descriptor/types.js';

/** Methods whose parameters travel in the query string; the others send a JSON body. */
export const QUERY_METHODS: readonly HttpMethod[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * A name that is a variable of the route pattern travels in the path; otherwise GET, HEAD and OPTIONS send it
 * in the query and every other method in the JSON body (interface conventions).
 */
export function paramLocation(operation: Pick<Operation, 'method' | 'pattern'>, name: string): ParamLocation {
  if (operation.pattern.variables.some((variable) => variable.name === name)) return 'path';
  return QUERY_METHODS.includes(operation.method) ? 'query' : 'body';
}
