/** Each community module keeps its state in its own slice of `store.namespaces`. */
import type { Store } from '../../types.js';

/** The slice under `name`, created on first use so handlers also work on a store their seed never ran on. */
export function storeSlice<T>(store: Store, name: string, create: () => T): T {
  if (store.namespaces[name] === undefined) store.namespaces[name] = create();
  return store.namespaces[name] as T;
}
