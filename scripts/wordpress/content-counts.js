// What a WordPress site holds, counted through its REST API as the administrator: before and after a run, so a run
// that leaves what it made behind, or removes what it did not make, is caught (issue "Every resource a
// descriptor reveals", item 5).

/**
 * Each kind of content, by the list that counts it. Trash is counted apart: a trashed post is still there. An
 * attachment's statuses are inherit and private only (the media list refuses `status=any` with 400).
 */
export const COUNTED = [
  ...['posts', 'pages', 'blocks', 'navigation', 'menu-items'].flatMap((type) => [
    [type, `/wp/v2/${type}?status=any`],
    [`${type} in the trash`, `/wp/v2/${type}?status=trash`],
  ]),
  ['media', '/wp/v2/media?status=inherit,private'],
  ['media in the trash', '/wp/v2/media?status=trash'],
  ['comments', '/wp/v2/comments?status=all'],
  ['comments in the trash', '/wp/v2/comments?status=trash'],
  ['comments marked spam', '/wp/v2/comments?status=spam'],
  ['categories', '/wp/v2/categories'],
  ['tags', '/wp/v2/tags'],
  ['menus', '/wp/v2/menus'],
  ['users', '/wp/v2/users?context=edit'],
  ['templates', '/wp/v2/templates'],
  ['template parts', '/wp/v2/template-parts'],
  ['widgets', '/wp/v2/widgets'],
  ['application passwords of the administrator', '/wp/v2/users/me/application-passwords'],
];

/** `{ kind: count }` for every kind of `COUNTED`; a list that cannot be read counts as its status (a string). */
export async function contentCounts({ baseUrl, user, password }) {
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const counts = {};
  for (const [kind, path] of COUNTED) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await fetch(`${baseUrl}/wp-json${path}${separator}per_page=100`, { headers: { authorization } });
    const body = await response.json().catch(() => undefined);
    const total = response.headers.get('x-wp-total');
    counts[kind] = response.status !== 200 ? `answered ${response.status}` : total !== null ? Number(total) : Array.isArray(body) ? body.length : 'not a list';
  }
  return counts;
}

/** One line per kind whose count changed between `before` and `after`, or that could not be counted at all. */
export function countChanges(before, after) {
  const changes = [];
  for (const [kind] of COUNTED) {
    if (typeof before[kind] === 'string' && before[kind] === after[kind]) {
      changes.push(`${kind}: could not be counted (${before[kind]} before and after the run), so what the run left of it is unknown`);
      continue;
    }
    if (before[kind] === after[kind]) continue;
    const grew = typeof before[kind] === 'number' && typeof after[kind] === 'number' && after[kind] > before[kind];
    changes.push(
      `${kind}: ${before[kind]} before the run, ${after[kind]} after (${grew ? 'left behind' : 'something the run did not make is gone, or the list could not be read'})`,
    );
  }
  return changes;
}
