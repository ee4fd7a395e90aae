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

/**
 * Builds operations' generators while the run waits for its target before the phases (its own account, the
 * published schemas): one operation per turn of the event loop, after the answers that arrived, so the requests
 * go on as before and the phases find part of the work done. `stop` ends it; the phases build the rest as they
 * reach it. The same generators either way: each one is deterministic per operation, whenever it is built.
 */
export function buildWhileWaiting(operations: readonly Operation[], generators: (op: Operation) => unknown): { stop(): void } {
  let next = 0;
  let timer: NodeJS.Immediate | undefined;
  const step = (): void => {
    if (next >= operations.length) return;
    generators(operations[next++]!);
    timer = setImmediate(step);
  };
  timer = setImmediate(step);
  return {
    stop: () => {
      if (timer !== undefined) clearImmediate(timer);
      next = operations.length;
    },
  };
}
