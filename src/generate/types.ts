/**
 * What the generator produces: parameter values for one operation, labelled valid / boundary / invalid.
 * Values are typed (numbers, booleans, arrays, objects) as WordPress would receive them after decoding;
 * `request/` encodes them for the query string or the JSON body.
 */
import type { Arbitrary } from 'fast-check';
import type { ParamLocation } from '../descriptor/types.js';

export type CaseKind = 'valid' | 'boundary' | 'invalid';

/** The rule an invalid value breaks, named after WordPress's error code where there is one. */
export type MutationRule =
  | 'wrong_type'
  | 'not_in_enum'
  | 'out_of_bounds'
  | 'invalid_multiple'
  | 'too_short'
  | 'too_long'
  | 'pattern_mismatch'
  | 'invalid_format'
  | 'missing_required'
  | 'too_many_items'
  | 'too_few_items'
  | 'duplicate_items'
  | 'additional_property'
  | 'missing_property';

/** The one change that makes an invalid case invalid. */
export interface Mutation {
  /** The top-level parameter name WordPress will name in `data.params`. */
  param: string;
  location: ParamLocation;
  rule: MutationRule;
  /** A short human description: `per_page = 101 (maximum 100)`. */
  description: string;
}

/** One request's worth of parameter values for an operation. */
export interface RequestCase {
  operationId: string;
  kind: CaseKind;
  /** Path variable values, as strings. */
  path: Record<string, string>;
  /** Query parameters (typed; encoded PHP-style by `request/`). */
  query: Record<string, unknown>;
  /** JSON body members, or undefined for no body. */
  body: Record<string, unknown> | undefined;
  /** Set on invalid cases: the one rule broken. */
  mutation?: Mutation;
  /** Set on boundary cases: the parameter whose edge value the case tries (the others are a valid case's). */
  subject?: string;
}

/** Where a case's values come from for one operation: built once, then sampled with the operation's seed. */
export interface OperationGenerators {
  operationId: string;
  /** Requests WordPress accepts at the validation layer: required args always, optional ones sometimes. */
  valid: Arbitrary<RequestCase>;
  /** A deterministic list: enum members, bounds, just-outside bounds (labelled invalid), empty and full arrays… */
  boundary(): RequestCase[];
  /** Requests with exactly one mutation WordPress rejects; null when no rule can surely be broken. */
  invalid: Arbitrary<RequestCase> | null;
  /** The mutations `invalid` draws from: one entry per parameter and rule. */
  mutations: Array<{ param: string; location: ParamLocation; rule: MutationRule }>;
  /** False when some required parameter had no generator and `valid` sends a best guess for it (see `notes`). */
  validCertain: boolean;
  /**
   * Parameters whose declared default WordPress itself rejects (WordPress validates defaults too), so every
   * request names them; labels are judged without them, and a re-check should leave them out as well.
   */
  rejectedDefaults: string[];
  /** What the generators could not cover, one line each (an unreadable pattern, a default WordPress rejects…). */
  notes: string[];
}
