/** Builds each operation's generators once and keeps them for every phase that needs them. */
import type { Operation } from '../descriptor/types.js';
import { buildOperationGenerators, type OperationGenerators } from '../generate/index.js';

export type { OperationGenerators };

export function generatorCache(): (op: Operation) => OperationGenerators {
  const cache = new Map<string, OperationGenerators>();
  return (op) => {
    let generators = cache.get(op.id);
    if (!generators) {
      generators = buildOperationGenerators(op);
      cache.set(op.id, generators);
    }
    return generators;
  };
}
