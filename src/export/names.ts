/**
 * Names the exports give an operation: a file-safe slug (`get_community_v1_members_id`) and a TypeScript
 * identifier (`GetCommunityV1MembersId`), both unique within one export.
 */
import type { Operation } from '../descriptor/types.js';

/** `GET` + `/community/v1/members/{id}` → `get_community_v1_members_id`; the root path is `get_root`. */
export function slugOf(method: string, path: string): string {
  const words = path
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return `${method.toLowerCase()}_${words === '' ? 'root' : words}`;
}

/** An operation's slug, from its method and its route's readable template. */
export function operationSlug(operation: Pick<Operation, 'method' | 'pattern'>): string {
  return slugOf(operation.method, operation.pattern.template);
}

/** `GET` + `/seo/v1/post/{postId}/image` → `GetSeoV1PostPostIdImage`; the root path is `GetRoot`. */
export function pascalName(method: string, path: string): string {
  const words = [method.toLowerCase(), ...path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')];
  if (words.length === 1) words.push('root');
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/**
 * Gives each item a name unique among them: the first keeps its name, later ones get `_2`, `_3`…
 * (two route keys may read alike once their regex syntax is gone).
 */
export function uniqueNames<T>(items: readonly T[], nameOf: (item: T) => string): Map<T, string> {
  const used = new Set<string>();
  const names = new Map<T, string>();
  for (const item of items) {
    const base = nameOf(item);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}_${n}`;
    used.add(name);
    names.set(item, name);
  }
  return names;
}
