/** The shape every resource module of the reference server exports. */
import type { Faker } from '@faker-js/faker';
import type { RouteHandlers, Store } from '../types.js';

export interface ResourceModule {
  /** A short name, also the key of this module's slice in `store.namespaces`. */
  name: string;
  /** Fills the module's slice of the store with deterministic data (faker is seeded by the core). */
  seed(store: Store, faker: Faker): void;
  /** Handlers for contract routes, by exact route key. */
  routes: RouteHandlers[];
}
