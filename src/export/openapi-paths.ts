/**
 * A WordPress route pattern as OpenAPI path templates. OpenAPI has no optional path segments, so a route such as
 * `/analytics/v1/terms(?:/(?P<slug>…))?` becomes two paths, `/analytics/v1/terms` and `/analytics/v1/terms/{slug}`.
 */
import type { PathVariable, RoutePattern } from '../descriptor/types.js';

/** One OpenAPI path of a route: the template and the variables it carries (all required there). */
export interface OpenApiPathVariant {
  path: string;
  variables: PathVariable[];
}

/** Optional variables beyond this many are all given or all left out, rather than every combination. */
const MAX_OPTIONAL_COMBINATIONS = 6;

// A marker made of characters a path keeps as they are, so the route's own builder places it untouched.
const marker = (index: number): string => `RESTCONFORMVAR${index}X`;

function subsetsOf<T>(items: readonly T[]): T[][] {
  if (items.length > MAX_OPTIONAL_COMBINATIONS) return [[...items], []];
  const subsets: T[][] = [];
  for (let mask = (1 << items.length) - 1; mask >= 0; mask -= 1) {
    subsets.push(items.filter((_, i) => (mask & (1 << i)) !== 0));
  }
  return subsets;
}

/**
 * The OpenAPI paths of a route, the fullest first: the route's own builder places each variable, and every
 * combination of its optional variables gives one path. A combination the builder refuses is left out.
 */
export function openApiPathVariants(pattern: RoutePattern): OpenApiPathVariant[] {
  const required = pattern.variables.filter((variable) => !variable.optional);
  const optional = pattern.variables.filter((variable) => variable.optional);
  const variants = new Map<string, OpenApiPathVariant>();
  for (const chosen of subsetsOf(optional)) {
    const given = [...required, ...chosen];
    const values = Object.fromEntries(given.map((variable) => [variable.name, marker(pattern.variables.indexOf(variable))]));
    let built: string;
    try {
      built = pattern.build(values);
    } catch {
      continue;
    }
    const present = pattern.variables.filter((variable, index) => built.includes(marker(index)));
    let path = built;
    pattern.variables.forEach((variable, index) => {
      path = path.split(marker(index)).join(`{${variable.name}}`);
    });
    if (!path.startsWith('/')) path = `/${path}`;
    if (!variants.has(path)) variants.set(path, { path, variables: present });
  }
  return [...variants.values()];
}

/** A path with its variable names blanked (`/a/{}/b`): two paths alike in this form are the same to OpenAPI. */
export function pathShape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}
