/** Where inside a REST root a request goes, as a route sees it. */
import type { Operation } from '../../descriptor/types.js';

/** The path of `url` inside the REST root `restUrl`: no query, decoded; a malformed escape (a fuzzed value) stays as sent. */
export function pathInRoot(url: string, restUrl: string): string {
  const path = url.slice(restUrl.length).split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The values of `op`'s path variables in `url` (a request to `op` under `restUrl`), in the route's order. */
export function pathValues(op: Operation, url: string, restUrl: string): string[] {
  if (op.pattern.variables.length === 0) return [];
  const groups = op.pattern.matcher.exec(pathInRoot(url, restUrl))?.groups ?? {};
  return op.pattern.variables.map((variable) => groups[variable.name] ?? '');
}
