/**
 * Which declared route WordPress hands a concrete path to. WordPress tries the routes in order and takes the first
 * whose regex matches the path and that serves the method; a path may match several routes
 * (`/wp/v2/templates/1/revisions` is also an id of the templates item route), so a method one route lacks may be
 * served by another for the same path, and is then no probe of an undeclared method at all.
 */
import type { HttpMethod, LoadedDescriptor } from '../../../descriptor/types.js';

/** The first route of `locale` other than `except` whose pattern matches `path` and that serves `method`. */
export function otherRouteServing(
  descriptors: readonly LoadedDescriptor[],
  locale: string | null,
  method: HttpMethod,
  path: string,
  except: string,
): string | undefined {
  const descriptor = descriptors.find((candidate) => candidate.locale === locale);
  return descriptor?.operations.find((op) => op.route !== except && op.method === method && op.pattern.matcher.test(path))?.route;
}
