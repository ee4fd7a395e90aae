import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDescriptor } from '../descriptor/load.js';
import { validateRootDescriptor } from '../descriptor/validate.js';
import { buildOperationGenerators } from './operation.js';
import { operationSeed } from './seed.js';
import { caseCheck } from './testing/contracts.js';

// Every operation of a real WordPress 6.1 index: real schemas (patterns, formats, oneOf, nested objects).
const fixture = new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url);
const { operations } = loadDescriptor(validateRootDescriptor(JSON.parse(readFileSync(fixture, 'utf8'))), null, 'fixture');
const started = performance.now();
const built = operations.map((operation) => ({ operation, generators: buildOperationGenerators(operation) }));
const buildMs = performance.now() - started;

describe('generators for a real WordPress 6.1 index', () => {
  it('are built for every operation, with mutations for most', () => {
    console.log(`WordPress 6.1 index: ${operations.length} operations built in ${Math.round(buildMs)} ms`);
    expect(built.length).toBe(operations.length);
    expect(built.every(({ generators }) => generators.validCertain)).toBe(true);
    const mutated = built.filter(({ generators }) => generators.mutations.length > 0).length;
    expect(mutated).toBeGreaterThan(operations.length / 2);
  });

  it('note the defaults WordPress itself rejects (the block renderer context)', () => {
    const renderer = built.find(({ operation }) => operation.route.startsWith('/wp/v2/block-renderer') && operation.method === 'GET');
    expect(renderer?.generators.rejectedDefaults).toEqual(['context']);
  });

  it.each(built.map(({ operation, generators }) => [operation.id, operation, generators] as const))(
    '%s: every sampled case earns its label',
    (_id, operation, generators) => {
      const check = caseCheck(operation, generators.rejectedDefaults);
      const seed = operationSeed(1, operation.id);
      for (const requestCase of fc.sample(generators.valid, { seed, numRuns: 8 })) expect(check(requestCase), JSON.stringify(requestCase)).toBeNull();
      if (generators.invalid)
        for (const requestCase of fc.sample(generators.invalid, { seed, numRuns: 8 })) expect(check(requestCase), JSON.stringify(requestCase)).toBeNull();
      for (const requestCase of generators.boundary()) expect(check(requestCase), JSON.stringify(requestCase)).toBeNull();
    },
  );
});
