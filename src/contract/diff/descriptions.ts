/** The top-level arguments two descriptors both declare, paired with their descriptions, for the locale diff. */
import type { HttpMethod } from '../../descriptor/types.js';
import { matchRoutes } from './route-matching.js';
import { endpointFor, type RouteTable } from './route-table.js';

export interface DescribedArg {
  namespace: string;
  route: string;
  subjectRoute: string;
  method: HttpMethod;
  param: string;
  /** The description in each descriptor; `''` when absent or not a string. */
  first: string;
  other: string;
}

export function describedArgs(first: RouteTable, other: RouteTable): DescribedArg[] {
  const described: DescribedArg[] = [];
  for (const pair of matchRoutes(first, other).pairs) {
    // One entry per endpoint, not per method: POST, PUT and PATCH of one endpoint share their texts.
    for (const left of pair.reference.endpoints) {
      const method = left.methods[0];
      const right = method === undefined ? undefined : endpointFor(pair.subject, method);
      if (method === undefined || right === undefined) continue;
      for (const [param, arg] of Object.entries(left.args)) {
        const counterpart = right.args[param];
        if (counterpart === undefined) continue;
        described.push({
          namespace: pair.reference.namespace,
          route: pair.reference.key,
          subjectRoute: pair.subject.key,
          method,
          param,
          first: textOf(arg.description),
          other: textOf(counterpart.description),
        });
      }
    }
  }
  return described;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
