/** Seeds: each operation's values derive from the run seed and the operation id alone (architecture decision 7). */

/** FNV-1a over the UTF-16 code units of a text: a small, stable, well-spread 32-bit hash. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The fast-check seed of one operation in a run: a stable hash of the run seed and the operation id
 * (`${locale} ${method} ${route}`), so adding or removing a route never changes another route's values.
 */
export function operationSeed(runSeed: number, operationId: string): number {
  return stableHash(`${runSeed}\u0000${operationId}`);
}
