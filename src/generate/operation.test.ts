import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOperationGenerators, operationSeed, type RequestCase } from './index.js';
import { caseCheck, expectEveryValue, expectSameSeedSameValues, expectShrinkingKeepsLabel } from './testing/contracts.js';
import { SHAPED_ARGS, SYNTHETIC_OPERATIONS, syntheticOperation } from '../schema/testing/synthetic-operations.js';

const built = new Map(SYNTHETIC_OPERATIONS.map((operation) => [operation.id, buildOperationGenerators(operation)]));
const generatorsOf = (id: string) => {
  const generators = built.get(id);
  if (!generators) throw new Error(`no synthetic operation ${id}`);
  return generators;
};

describe.each(SYNTHETIC_OPERATIONS.map((operation) => [operation.id, operation] as const))('%s', (id, operation) => {
  const generators = generatorsOf(id);
  const seed = operationSeed(7, id);
  const check = caseCheck(operation);

  it('gives the same cases for the same seed, and the same boundary list on every build', () => {
    expectSameSeedSameValues(generators.valid, seed);
    if (generators.invalid) expectSameSeedSameValues(generators.invalid, seed);
    expect(JSON.stringify(buildOperationGenerators(operation).boundary())).toBe(JSON.stringify(generators.boundary()));
  });

  it('labels every valid case truly: WordPress names no parameter', () => {
    expect(generators.validCertain).toBe(true);
    expectEveryValue(generators.valid, check, seed, 80);
  });

  it('labels every invalid case truly: WordPress names exactly the mutated parameter', () => {
    if (generators.invalid === null) {
      expect(generators.mutations).toEqual([]);
      return;
    }
    const cases = expectEveryValue(generators.invalid, check, seed, 80);
    for (const requestCase of cases)
      expect(generators.mutations).toContainEqual({
        param: requestCase.mutation?.param,
        location: requestCase.mutation?.location,
        rule: requestCase.mutation?.rule,
      });
  });

  it('labels every boundary case truly', () => {
    for (const requestCase of generators.boundary()) expect(check(requestCase), JSON.stringify(requestCase)).toBeNull();
  });

  it('keeps the label while shrinking', () => {
    expectShrinkingKeepsLabel(generators.valid, check, seed);
    if (generators.invalid) expectShrinkingKeepsLabel(generators.invalid, check, seed);
  });
});

describe('what the generators cover', () => {
  const things = generatorsOf('en_gb GET /test/v1/things');
  const rulesOf = (param: string) => things.mutations.filter((mutation) => mutation.param === param).map((mutation) => mutation.rule);

  it('breaks each constraint with its own rule, and only validated formats', () => {
    expect(rulesOf('per_page')).toEqual(expect.arrayContaining(['wrong_type', 'out_of_bounds']));
    expect(rulesOf('include')).toEqual(expect.arrayContaining(['wrong_type', 'too_many_items']));
    expect(rulesOf('filter')).toEqual(expect.arrayContaining(['additional_property', 'not_in_enum', 'out_of_bounds']));
    expect(rulesOf('published')).toContain('invalid_format');
    expect(rulesOf('contact')).toContain('invalid_format');
    expect(rulesOf('homepage')).not.toContain('invalid_format');
    expect(rulesOf('slug')).toEqual(expect.arrayContaining(['pattern_mismatch', 'too_long']));
    expect(rulesOf('tags')).toEqual(expect.arrayContaining(['duplicate_items', 'not_in_enum']));
    expect(rulesOf('step')).toEqual(expect.arrayContaining(['invalid_multiple', 'out_of_bounds']));
    expect(rulesOf('nickname')).toEqual(expect.arrayContaining(['too_short', 'too_long']));
    expect(rulesOf('ratio')).toContain('out_of_bounds');
  });

  it('never mutates an argument without a type, nor a path variable', () => {
    expect(rulesOf('untyped_format')).toEqual([]);
    expect(rulesOf('target')).toEqual([]);
    const member = generatorsOf('en_gb GET /test/v1/members/(?P<id>[\\d]+)');
    expect(member.mutations.map((mutation) => mutation.param)).not.toContain('id');
  });

  it('leaves out required arguments (and sends null in a body) but never one that has a default', () => {
    const create = generatorsOf('en_gb POST /test/v1/members');
    const missing = create.mutations.filter((mutation) => mutation.rule === 'missing_required').map((mutation) => mutation.param);
    expect(missing.sort()).toEqual(['email', 'item_id', 'password', 'user_login']);
    const cases = fc.sample(create.invalid as fc.Arbitrary<RequestCase>, { seed: 3, numRuns: 300 }).filter((c) => c.mutation?.rule === 'missing_required');
    expect(cases.some((c) => c.body !== undefined && c.mutation !== undefined && c.body[c.mutation.param] === null)).toBe(true);
    expect(cases.some((c) => c.body !== undefined && c.mutation !== undefined && !(c.mutation.param in c.body))).toBe(true);
  });

  it('mutates inside arrays of objects and names the nested place', () => {
    const batch = generatorsOf('en_gb POST /batch/v1');
    const cases = fc.sample(batch.invalid as fc.Arbitrary<RequestCase>, { seed: 5, numRuns: 300 });
    expect(cases.some((c) => /requests\[\d+\]\[method\]: one of/.test(c.mutation?.description ?? ''))).toBe(true);
    expect(cases.some((c) => c.mutation?.rule === 'too_many_items')).toBe(true);
  });

  it('sends the other spellings WordPress accepts, non-ASCII text, and small ids', () => {
    const cases = fc.sample(things.valid, { seed: 11, numRuns: 600 });
    const values = (name: string) => cases.map((c) => c.query[name]).filter((value) => value !== undefined);
    expect(values('reporters').some((value) => typeof value === 'string' || typeof value === 'number')).toBe(true);
    expect(values('per_page').some((value) => typeof value === 'string' && value.endsWith('.0'))).toBe(true);
    expect(values('include').some((value) => typeof value === 'string' && value.includes(','))).toBe(true);
    const text = cases.flatMap((c) => Object.values(c.query)).filter((value): value is string => typeof value === 'string');
    expect(text.some((value) => /[\u0370-\u03ff]/.test(value))).toBe(true);
    expect(text.some((value) => /\p{Extended_Pictographic}/u.test(value))).toBe(true);
    const ids = fc.sample(generatorsOf('en_gb GET /test/v1/members/(?P<id>[\\d]+)').valid, { seed: 2, numRuns: 200 }).map((c) => Number(c.path.id));
    expect(ids.filter((id) => id >= 1 && id <= 20).length).toBeGreaterThan(ids.length / 2);
  });

  it('never ends a path in a slash, which WordPress strips before it matches the route', () => {
    // WordPress 6.1's template id: `&/` matches it, but `/wp/v2/templates/&/` is asked as `/wp/v2/templates/&`
    // (rest_api_loaded: untrailingslashit), which it does not: 404 rest_no_route on a declared route.
    const route = '/wp/v2/templates/(?P<id>([^\\/:<>\\*\\?"\\|]+(?:\\/[^\\/:<>\\*\\?"\\|]+)?)[\\/\\w-]+)';
    const operation = syntheticOperation('DELETE', route, { id: { type: 'string', required: true } });
    const ids = fc.sample(buildOperationGenerators(operation).valid, { seed: 3, numRuns: 400 }).map((c) => c.path.id ?? '');
    expect(ids.some((id) => id.includes('/'))).toBe(true);
    expect(ids.filter((id) => id.endsWith('/'))).toEqual([]);
    // A variable in the middle of the path may still end in a slash: only the path's own end is stripped.
    const middle = syntheticOperation('GET', '/test/v1/(?P<folder>[a-z/]+)/files', {});
    const folders = fc.sample(buildOperationGenerators(middle).valid, { seed: 3, numRuns: 400 }).map((c) => c.path.folder ?? '');
    expect(folders.some((folder) => folder.endsWith('/'))).toBe(true);
  });

  it('sends required arguments always and optional ones sometimes', () => {
    const create = generatorsOf('en_gb POST /test/v1/members');
    const bodies = fc.sample(create.valid, { seed: 9, numRuns: 100 }).map((c) => c.body ?? {});
    expect(bodies.every((body) => ['user_login', 'email', 'password', 'item_id', 'type'].every((name) => name in body))).toBe(true);
    expect(bodies.some((body) => 'types' in body)).toBe(true);
    expect(bodies.some((body) => !('types' in body))).toBe(true);
  });

  it('lists enum members, bounds and one step past them among the boundary cases', () => {
    const boundary = things.boundary();
    const described = boundary.map((c) => c.mutation?.description ?? JSON.stringify(c.query));
    expect(boundary.filter((c) => c.kind === 'invalid').map((c) => c.mutation?.rule)).toEqual(
      expect.arrayContaining(['out_of_bounds', 'too_many_items', 'too_long', 'too_short']),
    );
    expect(described.some((text) => text.includes('per_page = 101'))).toBe(true);
    expect(described.some((text) => text.includes('per_page = 0'))).toBe(true);
    expect(boundary.some((c) => c.kind === 'boundary' && c.query.per_page === 100)).toBe(true);
    expect(boundary.some((c) => c.kind === 'boundary' && c.query.order === 'asc')).toBe(true);
    expect(boundary.some((c) => c.kind === 'boundary' && Array.isArray(c.query.include) && c.query.include.length === 5)).toBe(true);
  });

  it('notes a default WordPress itself rejects and still labels cases truly', () => {
    const operation = syntheticOperation('GET', '/test/v1/odd', { per_page: { ...SHAPED_ARGS.per_page!, default: 1000 }, order: SHAPED_ARGS.order! });
    const generators = buildOperationGenerators(operation);
    expect(generators.notes.join('\n')).toMatch(/per_page: WordPress rejects its own default/);
    const cases = fc.sample(generators.valid, { seed: 1, numRuns: 30 });
    expect(cases.length).toBe(30);
  });

  it('says so when a required argument cannot be generated', () => {
    const operation = syntheticOperation('POST', '/test/v1/odd', { code: { type: 'string', pattern: '(?R)', required: true } });
    const generators = buildOperationGenerators(operation);
    expect(generators.validCertain).toBe(false);
    expect(generators.notes.join('\n')).toMatch(/code: no valid value/);
  });
});
