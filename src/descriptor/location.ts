/** Where a locale's REST interface lives: `{base_url}/{locale}/{rest_root}`, or `{base_url}/{rest_root}` without locales. */

/**
 * The REST root URL of one locale, without a trailing slash: `http://h/en_gb/wp-json`.
 * Slashes around the parts are tidied, so `http://h/` and `/wp-json/` join cleanly.
 *
 * @param locale the locale path segment, or null for plain WordPress
 */
export function restUrl(baseUrl: string, restRoot: string, locale: string | null): string {
  let url = baseUrl.replace(/\/+$/, '');
  for (const part of [locale ?? '', restRoot.replace(/^\/+|\/+$/g, '')]) {
    if (part !== '') url += `/${part}`;
  }
  return url;
}

/** The address of the root descriptor: the REST root URL with a trailing slash. */
export function descriptorUrl(baseUrl: string, restRoot: string, locale: string | null): string {
  return `${restUrl(baseUrl, restRoot, locale)}/`;
}
