/**
 * Generators for one parameter: valid values and, per rule that can surely be broken, invalid values, all
 * typed as they will be sent in their location and each confirmed through the rule book as WordPress will
 * receive it (`asReceived` → `classifyValue`). The operation's generators are made of these; so is the
 * property that holds the generator against WordPress's test vectors (and against any other validator).
 */
import type fc from 'fast-check';
import type { ArgSchema, ParamLocation } from '../descriptor/types.js';
import { MISSING_PARAM_CODE } from '../schema/request-rules.js';
import { classifyValue } from '../schema/wordpress-rules.js';
import { asReceived } from './as-received.js';
import { deepCandidates, MUTATION_OPERATORS, type MutatedValue, type MutationOperator } from './mutations/index.js';
import { stableHash } from './seed.js';
import type { MutationRule } from './types.js';
import type { TextLocale } from './realistic.js';
import { candidateValidValues } from './values/index.js';
import { verified } from './verified.js';
import { withoutDescriptions } from './without-descriptions.js';

export interface ParamSpec {
  name: string;
  schema: ArgSchema;
  location: ParamLocation;
  /** Whether WordPress requires it (`required: true`). */
  required: boolean;
  /** Whether WordPress validates it at all: only arguments with a `type` (see `isValidatedArg`). */
  validated: boolean;
  /** The language of realistic text (the operation's locale's); both languages when absent. */
  textLocale?: TextLocale;
}

export interface InvalidValues {
  rule: MutationRule;
  /** Values (or `ABSENT`) WordPress rejects for breaking `rule`, typed as sent, each with where and what it breaks. */
  values: fc.Arbitrary<MutatedValue>;
}

export interface ParamGenerators {
  spec: ParamSpec;
  /** Values WordPress accepts, typed as sent; null when none could be generated (an unreadable pattern…). */
  valid: fc.Arbitrary<unknown> | null;
  /** One source per rule that can surely be broken; none for unvalidated parameters and path variables. */
  invalid: InvalidValues[];
}

/** The code WordPress answers for this value of the parameter, or null when it takes it. */
export function rejectionCode(spec: ParamSpec, value: unknown): string | null {
  const received = asReceived(value, spec.location);
  const hasDefault = spec.schema.default !== undefined && spec.schema.default !== null;
  if ((!received.present || received.value === null) && spec.required && !hasDefault) return MISSING_PARAM_CODE;
  if (!received.present || !spec.validated) return null;
  const verdict = classifyValue(spec.schema, received.value, spec.name);
  return verdict.valid ? null : verdict.code;
}

/**
 * A JSON null as the whole parameter is never surely invalid, though it surely counts as missing for a required
 * one: `has_valid_params` skips null values, and
 * `sanitize_params` validates them only when the route gives the argument no sanitize_callback of its own,
 * which the descriptor does not show (real WordPress 6.1 takes `{"slug": null}` on terms and users).
 */
function isTopLevelNull(value: unknown, path: string): boolean {
  return value === null && path === '';
}

function invalidSource(spec: ParamSpec, operator: MutationOperator, seed: number): InvalidValues | null {
  if (spec.location === 'path') return null;
  const location = spec.location;
  const hasDefault = spec.schema.default !== undefined && spec.schema.default !== null;
  const candidates = deepCandidates(operator, spec.schema, {
    location,
    name: spec.name,
    missingBreaksRequired: spec.required && !hasDefault,
    validValues: (schema) => candidateValidValues(schema, location, spec.name, spec.textLocale),
  });
  if (candidates === null) return null;
  const values = verified(
    candidates,
    ({ value, path }) => {
      const code = rejectionCode(spec, value) ?? '';
      return operator.codes.includes(code) && (code === MISSING_PARAM_CODE || !isTopLevelNull(value, path));
    },
    seed,
  );
  return values && { rule: operator.rule, values };
}

/**
 * Generators already built, by everything they are built from: the same parameter recurs on many routes (a
 * WordPress 6.1 index declares 1183 parameters, 255 of them distinct), and building one probes 50 samples per rule.
 * Descriptions are left out of the key and the seed: nothing is generated from them, and they are what a locale
 * translates, so the el descriptor's parameters reuse the en_gb ones' generators (half the build at start-up).
 */
const builtByParam = new Map<string, Omit<ParamGenerators, 'spec'>>();
/** Past this many distinct parameters the store starts over, so a long-lived process cannot grow it without end. */
const MAX_BUILT_PARAMS = 10_000;

/** Whether any value of the schema (or of its items, members, branches) can be free text: a string without enum or format. */
function takesText(schema: ArgSchema): boolean {
  if (Array.isArray(schema.enum)) return false;
  const type = schema.type;
  const types = type === undefined ? [] : Array.isArray(type) ? type : [type];
  if ((types.length === 0 || types.includes('string')) && schema.format === undefined) return true;
  const nested = [schema.items, ...Object.values(schema.properties ?? {}), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') nested.push(schema.additionalProperties);
  return nested.some((child) => child !== undefined && child !== null && typeof child === 'object' && takesText(child));
}

/** Builds (once per distinct parameter and, for text, per language) the valid and invalid value generators of one parameter. */
export function buildParamGenerators(spec: ParamSpec): ParamGenerators {
  const seedText = `${spec.location} ${spec.name} ${JSON.stringify(withoutDescriptions(spec.schema))}`;
  // The language matters only where realistic text goes: other parameters are still built once for all locales.
  const language = spec.textLocale !== undefined && spec.textLocale !== 'any' && takesText(spec.schema) ? spec.textLocale : 'any';
  const key = `${spec.required} ${spec.validated} ${language} ${seedText}`;
  let built = builtByParam.get(key);
  if (built === undefined) {
    if (builtByParam.size >= MAX_BUILT_PARAMS) builtByParam.clear();
    built = buildValueSources(spec, stableHash(seedText));
    builtByParam.set(key, built);
  }
  return { spec, ...built };
}

function buildValueSources(spec: ParamSpec, seed: number): Omit<ParamGenerators, 'spec'> {
  const candidates = candidateValidValues(spec.schema, spec.location, spec.name, spec.textLocale);
  const valid = candidates && verified(candidates, (value) => asReceived(value, spec.location).present && rejectionCode(spec, value) === null, seed);
  if (!spec.validated) return { valid, invalid: [] };
  const invalid = [...MUTATION_OPERATORS.values()]
    .map((operator) => invalidSource(spec, operator, seed))
    .filter((source): source is InvalidValues => source !== null);
  return { valid, invalid };
}
