/**
 * The `_fields` global parameter (`rest_filter_response_fields`): keep only the named fields of an object answer,
 * or of each item of a list answer. Dotted names (`a.b`) reach into nested objects.
 */

/** A tree of requested fields: `true` keeps the whole value. */
type FieldTree = Map<string, FieldTree | true>;

/** Parses `_fields` (a comma/space list, or an array of such) as `wp_parse_list()` does; empty when none. */
export function parseFieldList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : [value];
  return parts
    .filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
    .flatMap((part) => String(part).split(/[\s,]+/))
    .filter((field) => field !== '');
}

/** Filters `body` down to `fields`; values other than objects and lists pass unchanged. */
export function filterFields(body: unknown, fields: readonly string[]): unknown {
  const tree = fieldTree(fields);
  if (Array.isArray(body)) return body.map((item) => pick(item, tree));
  return pick(body, tree);
}

function fieldTree(fields: readonly string[]): FieldTree {
  const root: FieldTree = new Map();
  for (const field of fields) {
    let node = root;
    const path = field.split('.');
    for (let i = 0; i < path.length; i++) {
      const existing = node.get(path[i]!);
      if (existing === true) break; // a parent asked for whole wins over its children
      if (i === path.length - 1) {
        node.set(path[i]!, true);
      } else {
        const child: FieldTree = existing ?? new Map();
        node.set(path[i]!, child);
        node = child;
      }
    }
  }
  return root;
}

function pick(value: unknown, tree: FieldTree): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const picked: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const [name, subtree] of tree) {
    if (!Object.hasOwn(source, name)) continue;
    picked[name] = subtree === true ? source[name] : pick(source[name], subtree);
  }
  return picked;
}
