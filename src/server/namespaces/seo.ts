import type { ResourceModule } from './module.js';

/** Placeholder until this module is written: no seed data, no handlers. */
export const module: ResourceModule = { name: 'seo', seed: () => {}, routes: [] };
