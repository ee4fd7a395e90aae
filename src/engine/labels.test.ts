import { describe, expect, it } from 'vitest';
import type { RequestCase } from '../generate/types.js';
import { syntheticOperation } from '../schema/testing/synthetic-operations.js';
import { labelStillHolds } from './labels.js';

const op = syntheticOperation('GET', '/x/v1/items', {
  context: { type: 'string', enum: ['view', 'edit'], default: 'view', required: false },
  per_page: { type: 'integer', minimum: 1, maximum: 100, required: false },
});
// WordPress validates every default, even when a value is sent: a default outside the enum names the arg always.
const brokenDefault = syntheticOperation('GET', '/x/v1/render', {
  context: { type: 'string', enum: ['edit'], default: 'view', required: false },
  per_page: { type: 'integer', minimum: 1, maximum: 100, required: false },
});
const base: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };

describe('labelStillHolds', () => {
  it('holds for a valid case the rule book accepts, and not for one it rejects', () => {
    expect(labelStillHolds(op, { ...base, query: { context: 'edit', per_page: '5' } })).toBe(true);
    expect(labelStillHolds(op, { ...base, query: { context: 'edit', per_page: '500' } })).toBe(false);
  });

  it('holds for an invalid case only when its mutated parameter is rejected', () => {
    const mutation = { param: 'per_page', location: 'query' as const, rule: 'out_of_bounds' as const, description: 'per_page = 500' };
    expect(labelStillHolds(op, { ...base, kind: 'invalid', query: { context: 'edit', per_page: '500' }, mutation })).toBe(true);
    expect(labelStillHolds(op, { ...base, kind: 'invalid', query: { context: 'edit', per_page: '50' }, mutation })).toBe(false);
  });

  it('does not doubt a valid case for a default the server itself rejects', () => {
    const rendered = { ...base, operationId: brokenDefault.id, query: { per_page: '5' } };
    expect(labelStillHolds(brokenDefault, rendered)).toBe(false);
    expect(labelStillHolds(brokenDefault, rendered, ['context'])).toBe(true);
    expect(labelStillHolds(brokenDefault, { ...rendered, query: { per_page: '500' } }, ['context'])).toBe(false);
  });
});
