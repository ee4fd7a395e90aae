/** Builds each operation's generators once and keeps them for every phase that needs them. */
import fc from 'fast-check';
import type { Operation } from '../descriptor/types.js';
import { buildOperationGenerators, operationSeed, type OperationGenerators as StageGenerators } from '../generate/index.js';

export interface OperationGenerators extends StageGenerators {
  /** Path variable values of one valid case, the same every call: for probes and sequences. */
  samplePath(): Record<string, string>;
}

export function generatorCache(seed = 0): (op: Operation) => OperationGenerators {
  const cache = new Map<string, OperationGenerators>();
  return (op) => {
    let generators = cache.get(op.id);
    if (!generators) {
      const built = buildOperationGenerators(op);
      let path: Record<string, string> | undefined;
      generators = {
        ...built,
        samplePath: () => (path ??= fc.sample(built.valid, { seed: operationSeed(seed, `${op.id} path`), numRuns: 1 })[0]?.path ?? {}),
      };
      cache.set(op.id, generators);
    }
    return generators;
  };
}
