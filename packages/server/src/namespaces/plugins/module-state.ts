/** Each plugin module keeps its state in its own slice of the store, created by its `seed`. */
import type { Store } from '../../types.js';

/** The slice of module `moduleName`; a missing slice means the module was registered without being seeded. */
export function moduleState<T>(store: Store, moduleName: string): T {
  const state = store.namespaces[moduleName];
  if (state === undefined) throw new Error(`The ${moduleName} module's state is missing: its seed was not run.`);
  return state as T;
}
