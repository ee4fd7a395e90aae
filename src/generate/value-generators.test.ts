import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ArgSchema } from '../descriptor/types.js';
import { isValidatedArg } from '../schema/request-rules.js';
import { stableHash } from './seed.js';
import { BATCH_ARGS, REQUIRED_ARGS, SHAPED_ARGS } from '../schema/testing/synthetic-operations.js';
import { expectEveryValue, expectSameSeedSameValues, expectShrinkingKeepsLabel, invalidValueCheck, validValueCheck } from './testing/contracts.js';
import { buildParamGenerators, type ParamSpec } from './value-generators.js';
import { withoutDescriptions } from './without-descriptions.js';

/** Schemas beyond the synthetic operations' arguments, for the corners of the rule book. */
const EXTRA_SCHEMAS: Record<string, ArgSchema> = {
  half_steps: { type: 'number', multipleOf: 0.5, minimum: -2, maximum: 2 },
  open_interval: { type: 'integer', minimum: 2, maximum: 10, exclusiveMinimum: true, exclusiveMaximum: true },
  grid: { type: 'array', items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1 }, maxItems: 3 },
  labelled: { type: 'object', patternProperties: { '^x_[a-z]+$': { type: 'integer' } }, additionalProperties: false },
  colour: { type: 'string', format: 'hex-color' },
  key: { type: 'string', format: 'uuid' },
  address: { type: 'string', format: 'ip' },
  code: { type: 'string', pattern: '^[A-Z]{2}\\d{2}$', minLength: 4 },
  few: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4, uniqueItems: true },
  ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true },
  draft4: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } }, required: ['a'] },
  nullable_count: { type: ['null', 'integer'], minimum: 10, maximum: 20 },
  flag_or_settings: { type: ['boolean', 'object'], properties: { on: { type: 'boolean' } } },
  free: { description: 'no type: WordPress takes anything' },
  untyped_email: { format: 'email' },
};

const ALL_SCHEMAS = Object.entries({ ...SHAPED_ARGS, ...REQUIRED_ARGS, ...BATCH_ARGS, ...EXTRA_SCHEMAS });
const specs: ParamSpec[] = ALL_SCHEMAS.flatMap(([name, schema]) =>
  (['query', 'body'] as const).map((location) => ({ name, schema, location, required: schema.required === true, validated: isValidatedArg(schema) })),
);

describe.each(specs.map((spec) => [`${spec.name} in the ${spec.location}`, spec] as const))('%s', (_label, spec) => {
  const generators = buildParamGenerators(spec);
  const seed = stableHash(`${spec.location} ${spec.name}`);
  const nullOnlyInBody = spec.location === 'query' && JSON.stringify(spec.schema.type) === '["null"]';

  it('generates valid values, the same ones for the same seed, each accepted as received', () => {
    expect(nullOnlyInBody || generators.valid !== null).toBe(true);
    if (generators.valid === null) return;
    expectSameSeedSameValues(generators.valid, seed);
    expectEveryValue(generators.valid, validValueCheck(spec), seed);
    expectShrinkingKeepsLabel(generators.valid, validValueCheck(spec), seed, 150);
  });

  it('generates invalid values only where WordPress validates, each rejected for its rule and not coercible back', () => {
    if (!spec.validated) expect(generators.invalid).toEqual([]);
    for (const source of generators.invalid) {
      const check = invalidValueCheck(spec, source.rule);
      expectSameSeedSameValues(source.values, seed);
      expectEveryValue(source.values, check, seed, 30);
      expectShrinkingKeepsLabel(source.values, check, seed, 100);
    }
  });
});

describe('rules found for the corner schemas', () => {
  const rules = (name: string, location: 'query' | 'body' = 'body') =>
    buildParamGenerators(specs.find((spec) => spec.name === name && spec.location === location) as ParamSpec).invalid.map((source) => source.rule);

  it('breaks each constraint it can surely break', () => {
    expect(rules('half_steps')).toEqual(expect.arrayContaining(['invalid_multiple', 'out_of_bounds', 'wrong_type']));
    expect(rules('open_interval')).toContain('out_of_bounds');
    expect(rules('grid')).toEqual(expect.arrayContaining(['too_few_items', 'too_many_items', 'out_of_bounds']));
    expect(rules('labelled')).toEqual(expect.arrayContaining(['additional_property', 'wrong_type']));
    expect(rules('colour')).toContain('invalid_format');
    expect(rules('key')).toContain('invalid_format');
    expect(rules('address')).toContain('invalid_format');
    expect(rules('code')).toEqual(expect.arrayContaining(['pattern_mismatch', 'too_short']));
    expect(rules('few')).toEqual(expect.arrayContaining(['too_few_items', 'too_many_items', 'duplicate_items']));
    expect(rules('draft4')).toContain('missing_property');
  });

  it('finds no wrong type where every query value would be accepted', () => {
    // A string parameter in the query: only lists and objects are wrong, never a number (it arrives as text).
    expect(rules('nickname', 'query')).toContain('wrong_type');
    expect(rules('title', 'query')).not.toContain('wrong_type');
  });
});

describe('a JSON null as the whole parameter', () => {
  it('is never offered as an invalid value, since WordPress may skip validating it (only as a missing required one)', () => {
    for (const spec of specs.filter((candidate) => candidate.location === 'body' && candidate.validated)) {
      for (const source of buildParamGenerators(spec).invalid.filter((candidate) => candidate.rule !== 'missing_required')) {
        const values = fc.sample(source.values, { seed: 3, numRuns: 200 });
        expect(values.filter((mutated) => mutated.path === '' && mutated.value === null)).toEqual([]);
      }
    }
  });

  it('is still offered inside a value, where the parent schema validates it', () => {
    const spec: ParamSpec = {
      name: 'requests',
      schema: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' } } } },
      location: 'body',
      required: false,
      validated: true,
    };
    const wrongType = buildParamGenerators(spec).invalid.find((source) => source.rule === 'wrong_type')!;
    const values = fc.sample(wrongType.values, { seed: 5, numRuns: 400 });
    expect(values.some((mutated) => mutated.path !== '' && mutated.value !== null && JSON.stringify(mutated.value).includes('null'))).toBe(true);
  });
});

describe('parameters that differ only in their descriptions (as one route does in two locales)', () => {
  const english: ArgSchema = {
    description: 'Profile fields to show.',
    type: 'object',
    properties: {
      description: { description: 'Shown under the name.', type: 'string', maxLength: 20 },
      tags: { type: 'array', items: { description: 'A tag.', type: 'string', pattern: '^[a-z]+$' } },
    },
    anyOf: [{ description: 'Either this.', required: ['tags'] }],
  };
  const greek: ArgSchema = {
    ...english,
    description: 'Πεδία προφίλ προς εμφάνιση.',
    properties: {
      description: { description: 'Εμφανίζεται κάτω από το όνομα.', type: 'string', maxLength: 20 },
      tags: { type: 'array', items: { description: 'Μια ετικέτα.', type: 'string', pattern: '^[a-z]+$' } },
    },
    anyOf: [{ description: 'Ή αυτό.', required: ['tags'] }],
  };
  const spec = (schema: ArgSchema): ParamSpec => ({ name: 'profile', schema, location: 'body', required: false, validated: true });

  it('drop every schema description, but keep a property named "description"', () => {
    const stripped = withoutDescriptions(greek);
    expect(stripped).toEqual(withoutDescriptions(english));
    expect(JSON.stringify(stripped)).not.toMatch(/Εμφανίζεται|Μια ετικέτα|Ή αυτό|Πεδία/);
    expect(stripped.properties?.description).toEqual({ type: 'string', maxLength: 20 });
    expect(greek.description).toBe('Πεδία προφίλ προς εμφάνιση.');
  });

  it('share one set of generators, and so the same values for the same seed', () => {
    const fromEnglish = buildParamGenerators(spec(english));
    const fromGreek = buildParamGenerators(spec(greek));
    expect(fromGreek.valid).toBe(fromEnglish.valid);
    expect(fromGreek.invalid).toBe(fromEnglish.invalid);
    expect(fromGreek.spec.schema).toBe(greek);
  });

  it('do not share with a parameter whose constraints differ', () => {
    const tighter = buildParamGenerators(spec({ ...english, properties: { ...english.properties, description: { type: 'string', maxLength: 5 } } }));
    expect(tighter.valid).not.toBe(buildParamGenerators(spec(english)).valid);
  });
});
