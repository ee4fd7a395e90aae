/**
 * Finds a locale's operation for a route the contract knows, by meaning: the same key, or a key whose template,
 * variables and accepted values are the same. Sequences name routes by their contract keys and run only where
 * the descriptor serves them.
 */
import { routeMeaningDifference } from '../../contract/diff.js';
import type { HttpMethod, LoadedDescriptor, Operation } from '../../descriptor/types.js';

export class RouteBook {
  readonly locale: string | null;
  readonly #operations: readonly Operation[];
  readonly #resolved = new Map<string, string | null>();

  constructor(descriptor: LoadedDescriptor) {
    this.locale = descriptor.locale;
    this.#operations = descriptor.operations;
  }

  /** The descriptor's operation serving `method` on the route the contract calls `route`, if any. */
  operation(route: string, method: HttpMethod): Operation | undefined {
    const key = this.#descriptorKey(route);
    return key === null ? undefined : this.#operations.find((op) => op.route === key && op.method === method);
  }

  /** The first of `methods` the route serves (e.g. the update method: PATCH, else PUT, else POST). */
  firstOperation(route: string, methods: readonly HttpMethod[]): Operation | undefined {
    for (const method of methods) {
      const op = this.operation(route, method);
      if (op !== undefined) return op;
    }
    return undefined;
  }

  #descriptorKey(route: string): string | null {
    let key = this.#resolved.get(route);
    if (key === undefined) {
      const keys = [...new Set(this.#operations.map((op) => op.route))];
      key = keys.includes(route) ? route : (keys.find((candidate) => routeMeaningDifference(route, candidate) === undefined) ?? null);
      this.#resolved.set(route, key);
    }
    return key;
  }
}
