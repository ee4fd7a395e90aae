/** Test-only: the root descriptor of a small WordPress-shaped test server that serves only `wp/v2` routes. */
export function wordpressRoot(name: string, base: string, routes: Record<string, unknown>): Record<string, unknown> {
  return { name, description: '', url: base, home: base, gmt_offset: 0, timezone_string: '', namespaces: ['wp/v2'], authentication: [], routes };
}
