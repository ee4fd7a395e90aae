/**
 * A route the descriptor declares is served: a request with a declared method, on a path the route's pattern
 * matches, is never answered 404 `rest_no_route` ("no route matches"), which would say the descriptor lists a
 * route the server does not have (in this locale, when locales differ). Other 404s (a resource not found) are
 * answers of the route and stay coverage notes.
 */
import type { ExchangeCheck } from '../types.js';
import { wpErrorBody } from './response-helpers.js';

export const declaredRouteServed: ExchangeCheck = {
  name: 'declared_route_served',
  evidence: 'exchange',
  severity: 'failure',
  description: 'A route and method the descriptor declares is served: a path its pattern matches is never answered 404 `rest_no_route` (in any locale).',
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (!response || response.status !== 404) return [];
    const { operation, requestCase } = ctx;
    // A probe of an undeclared method expects rest_no_route: that is unsupported_method's rule.
    if (!ctx.routeMethods.includes(operation.method) || wpErrorBody(response)?.code !== 'rest_no_route') return [];
    let path: string;
    try {
      path = operation.pattern.build(requestCase.path);
    } catch {
      return [];
    }
    // A value the pattern does not match (no valid one could be made) is rightly not routed.
    if (!operation.pattern.matcher.test(path)) return [];
    const where = operation.locale === null ? 'the descriptor' : `the ${operation.locale} descriptor`;
    return [
      {
        message: `${operation.method} ${path} answered 404 rest_no_route, but ${where} declares ${operation.method} ${operation.route}`,
        cause: 'rest_no_route',
      },
    ];
  },
};
