/**
 * WordPress's own behaviour, on any site: the shipped WordPress 6.1 baseline (`--baseline wordpress-6.1`) lists what
 * WordPress core does against its own published schema on purpose (a trashed post answers `"status": "trash"`, outside
 * the create enum; an attachment keeps `inherit` for `publish`; the settings route answers `null` for a setting whose
 * stored value fails its schema). On a site with a plugin on top (BuddyPress, a community platform), such a finding on
 * one of WordPress's routes is WordPress's, not the product's: it says so, so a product team is not sent to fix
 * WordPress core. Only routes of WordPress's own namespaces are read so; a plugin's route of the same shape is its own.
 * A `wp/v2` route of a plugin's post type that WordPress's posts controller serves (`post-type-routes.ts`) is read as
 * the core route of the same controller, and its finding says so.
 */
import type { Baseline, BaselineEntry } from './baseline.js';
import type { CoreRouteReading, PostTypeRoutes } from './post-type-routes.js';

/** The namespaces WordPress core registers (as a route key's first two segments, or one for `batch/v1`'s). */
const WORDPRESS_NAMESPACES: readonly string[] = ['wp/v2', 'oembed/1.0', 'wp-site-health/v1', 'wp-block-editor/v1', 'batch/v1'];

/** Whether a route key is one of WordPress core's own routes. */
export function isWordPressRoute(route: string): boolean {
  return WORDPRESS_NAMESPACES.some((namespace) => route === `/${namespace}` || route.startsWith(`/${namespace}/`));
}

/** The entry of WordPress's baseline a finding matches, and the core route it was read as if not its own. */
export interface WordPressOwnMatch {
  entry: BaselineEntry;
  /** Set when the finding's route is a plugin's post type's, read as this core route of WordPress's posts controller. */
  readAs?: CoreRouteReading;
}

/**
 * The entry of WordPress's baseline a finding on a WordPress route matches (check, method, route), if any; for a route
 * of a plugin's post type that WordPress's posts controller serves, the entry of the core route it is read as.
 */
export function wordpressOwnEntry(
  wordpress: Baseline | undefined,
  finding: { check: string; method: string; route: string; locale?: string | null },
  postTypes?: PostTypeRoutes,
): WordPressOwnMatch | undefined {
  if (wordpress === undefined || !isWordPressRoute(finding.route)) return undefined;
  const entryFor = (route: string): BaselineEntry | undefined =>
    wordpress.entries.find((entry) => entry.check === finding.check && entry.method === finding.method && entry.route === route);
  const own = entryFor(finding.route);
  if (own !== undefined) return { entry: own };
  const readAs = postTypes?.coreRouteOf(finding.locale, finding.route);
  const entry = readAs === undefined ? undefined : entryFor(readAs.route);
  return entry === undefined ? undefined : { entry, readAs };
}

/** How a match read a plugin's post type's route, said where its reason is given; empty for a core route. */
export function readingNote(match: WordPressOwnMatch): string {
  const readAs = match.readAs;
  return readAs === undefined ? '' : ` (WordPress's posts controller serves the post type \`${readAs.postType}\` here: read as ${readAs.route})`;
}

/** What a finding's message adds when WordPress's baseline lists it: whose behaviour it is, why, and how to accept it. */
export function wordpressOwnNote(wordpress: Baseline, match: WordPressOwnMatch): string {
  return ` [WordPress's own behaviour, not the site's: ${match.entry.reason}${readingNote(match)} (listed in the ${wordpress.source} baseline; --baseline ${wordpress.source} accepts it)]`;
}
