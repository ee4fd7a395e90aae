/** The shape every resource module of the reference server exports. */
import type { Faker } from '@faker-js/faker';
import type { ArgSchema } from '@restconform/interface';
import type { RouteHandlers, Store } from '../types.js';

/** A published item schema (WordPress's dialect): `OPTIONS` and `?context=help` carry it; answers are filtered by it. */
export interface ItemSchemaDefinition {
  $schema: string;
  title: string;
  type: 'object';
  properties: Record<string, ArgSchema>;
}

export interface ResourceModule {
  /** A short name, also the key of this module's slice in `store.namespaces`. */
  name: string;
  /** Fills the module's slice of the store with deterministic data (faker is seeded by the core). */
  seed(store: Store, faker: Faker): void;
  /** Handlers for contract routes, by exact route key. */
  routes: RouteHandlers[];
  /** Item schemas this module publishes, by exact route key. */
  schemas?: Readonly<Record<string, ItemSchemaDefinition>>;
}
