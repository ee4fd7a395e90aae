/** Where a document has a JSON Schema `type` list, found by walking all of it (not only the places schemas belong). */

/** The JSON Pointer of every object in `value` whose `type` is a list, in document order. */
export function typeListsIn(value: unknown, pointer = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => typeListsIn(item, `${pointer}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  const found = Array.isArray((value as Record<string, unknown>).type) ? [pointer === '' ? '/' : pointer] : [];
  for (const [key, item] of Object.entries(value)) found.push(...typeListsIn(item, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`));
  return found;
}
