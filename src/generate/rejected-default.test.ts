import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { syntheticOperation } from '../schema/testing/synthetic-operations.js';
import { buildOperationGenerators } from './operation.js';

// WordPress 6.1's block renderer: the default context is not one of its own enum values.
const renderer = syntheticOperation('GET', '/wp/v2/block-renderer/(?P<name>[a-z0-9-]+/[a-z0-9-]+)', {
  name: { type: 'string', required: false },
  context: { type: 'string', enum: ['edit'], default: 'view', required: false },
  post_id: { type: 'integer', required: false },
});

describe('a parameter whose default WordPress rejects', () => {
  const generators = buildOperationGenerators(renderer);

  it('is always sent with a valid value, so the verdict on the other parameters shows', () => {
    expect(generators.rejectedDefaults).toEqual(['context']);
    for (const requestCase of fc.sample(generators.valid, { seed: 1, numRuns: 50 })) expect(requestCase.query.context).toBe('edit');
    const invalid = fc.sample(generators.invalid!, { seed: 1, numRuns: 80 });
    const others = invalid.filter((requestCase) => requestCase.mutation?.param !== 'context');
    expect(others.length).toBeGreaterThan(0);
    for (const requestCase of others) expect(requestCase.query.context).toBe('edit');
  });
});
