/**
 * Valid values for an argument schema, by keyword: `enum` (with the other spellings of each member),
 * `anyOf`/`oneOf` (a branch merged with its parent), then one builder per type (type lists pick a type).
 * Values are typed as they will be sent; the caller verifies each one through `classifyValue` as received.
 */
import fc from 'fast-check';
import type { ArgSchema, ParamLocation } from '../../descriptor/types.js';
import { isPlainObject } from '../../schema/php-values.js';
import { isKnownType } from '../../schema/type-coercion.js';
import { arrayValues } from './array.js';
import { booleanValues } from './boolean.js';
import type { TextLocale } from '../realistic.js';
import type { ValueBuilder, ValueContext } from './context.js';
import { integerValues, numberValues } from './numeric.js';
import { objectValues } from './object.js';
import { alternativeSpellings } from './spellings.js';
import { stringValues } from './string.js';
import { untypedValues } from './untyped.js';

/** Deeper schemas than this are not generated (descriptors are shallow; this guards odd recursion). */
const MAX_DEPTH = 5;

const BUILDERS: Record<string, ValueBuilder> = {
  string: stringValues,
  integer: integerValues,
  number: numberValues,
  boolean: booleanValues,
  array: arrayValues,
  object: objectValues,
  null: (_schema, context) => (context.location === 'body' ? fc.constant(null) : null),
};

/** The known types a schema declares, in order. */
export function declaredTypes(schema: ArgSchema): string[] {
  const type = schema.type as unknown;
  const list = Array.isArray(type) ? type : type === undefined || type === null ? [] : [type];
  return list.filter(isKnownType);
}

function enumValues(schema: ArgSchema, members: unknown[], location: ParamLocation): fc.Arbitrary<unknown> {
  const types = declaredTypes(schema);
  const spellings = members.flatMap((member) => types.flatMap((type) => alternativeSpellings(member, type, location)));
  const listed = fc.constantFrom(...members);
  if (spellings.length === 0) return listed;
  return fc.oneof({ weight: 4, arbitrary: listed }, { weight: 1, arbitrary: fc.constantFrom(...spellings) });
}

function combinatorValues(schema: ArgSchema, context: ValueContext): fc.Arbitrary<unknown> | null {
  const { anyOf, oneOf, ...parent } = schema;
  const branches = [...(Array.isArray(anyOf) ? anyOf : []), ...(Array.isArray(oneOf) ? oneOf : [])].filter(isPlainObject) as ArgSchema[];
  const values = branches
    .map((branch) => validValuesIn({ ...parent, ...branch, type: branch.type ?? parent.type }, context))
    .filter((arbitrary): arbitrary is fc.Arbitrary<unknown> => arbitrary !== null);
  return values.length === 0 ? null : fc.oneof(...values);
}

function validValuesIn(schema: ArgSchema, context: ValueContext): fc.Arbitrary<unknown> | null {
  if (context.depth > MAX_DEPTH) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return enumValues(schema, schema.enum, context.location);
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) return combinatorValues(schema, context);
  const types = declaredTypes(schema);
  // Without a type, WordPress still checks a format (backward compatibility): send strings of it.
  if (types.length === 0) return typeof schema.format === 'string' ? stringValues(schema, context) : untypedValues(schema, context);
  // null is one value against many: it gets a smaller share of a type list.
  const values = types.flatMap((type): Array<fc.WeightedArbitrary<unknown>> => {
    const arbitrary = (BUILDERS[type] as ValueBuilder)({ ...schema, type: type as ArgSchema['type'] }, context);
    return arbitrary === null ? [] : [{ weight: type === 'null' ? 1 : 4, arbitrary }];
  });
  return values.length === 0 ? null : fc.oneof(...values);
}

/**
 * Candidate valid values for a schema sent in `location` under `name` (realistic text in `textLocale`'s language), typed as `request/` will send them;
 * null when no builder can produce any. Not yet verified: see `value-generators.ts`.
 */
export function candidateValidValues(schema: ArgSchema, location: ParamLocation, name: string, textLocale: TextLocale = 'any'): fc.Arbitrary<unknown> | null {
  const context = (depth: number, currentName: string): ValueContext => ({
    location,
    name: currentName,
    textLocale,
    depth,
    nested: (child, childName) => validValuesIn(child, context(depth + 1, childName)),
  });
  return validValuesIn(schema, context(0, name));
}
