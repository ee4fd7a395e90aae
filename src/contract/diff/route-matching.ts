/**
 * Pairs the routes of two tables: the same key first, then a key that means the same, then (reported as a
 * changed route) a key with the same template and variable names whose variables accept other values.
 */
import { routeMeaningDifference, sameRouteShape } from './route-meaning.js';
import type { RouteTable, TableRoute } from './route-table.js';

export interface RoutePair {
  reference: TableRoute;
  subject: TableRoute;
  /** Set when the subject's key has the same shape but accepts other values. */
  patternChange?: string;
}

export interface RouteMatching {
  pairs: RoutePair[];
  /** Reference routes the subject lacks. */
  missing: TableRoute[];
  /** Subject routes no reference route pairs with. */
  added: TableRoute[];
}

export function matchRoutes(reference: RouteTable, subject: RouteTable): RouteMatching {
  const unpaired = new Set(subject.routes);
  const byKey = new Map(subject.routes.map((route) => [route.key, route]));
  const pairs: RoutePair[] = [];
  const missing: TableRoute[] = [];
  const pending: TableRoute[] = [];
  for (const route of reference.routes) {
    const same = byKey.get(route.key);
    if (same !== undefined && unpaired.has(same)) {
      unpaired.delete(same);
      pairs.push({ reference: route, subject: same });
    } else {
      pending.push(route);
    }
  }
  for (const route of pending) {
    const equivalent = [...unpaired].find((candidate) => routeMeaningDifference(route.key, candidate.key) === undefined);
    if (equivalent !== undefined) {
      unpaired.delete(equivalent);
      pairs.push({ reference: route, subject: equivalent });
      continue;
    }
    const similar = [...unpaired].find((candidate) => sameRouteShape(route.key, candidate.key));
    if (similar !== undefined) {
      unpaired.delete(similar);
      pairs.push({ reference: route, subject: similar, patternChange: routeMeaningDifference(route.key, similar.key) });
      continue;
    }
    missing.push(route);
  }
  return { pairs, missing, added: subject.routes.filter((route) => unpaired.has(route)) };
}
