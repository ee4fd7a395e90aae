/** A mutation operator: one small, named way of breaking one WordPress rule for a value. */
import type fc from 'fast-check';
import type { ArgSchema, ParamLocation } from '../../descriptor/types.js';
import type { MutationRule } from '../types.js';

export interface MutationContext {
  /** Where the top-level parameter travels (path variables are never mutated). */
  location: Exclude<ParamLocation, 'path'>;
  /** The parameter's name. */
  name: string;
  /** Whether leaving the value out breaks `required` (a required argument without a default, at the top level). */
  missingBreaksRequired: boolean;
  /** Valid values of a schema at this location, for the parts a mutation leaves intact (unverified candidates). */
  validValues(schema: ArgSchema): fc.Arbitrary<unknown> | null;
}

export interface MutationOperator {
  /** The rule it breaks, as reported in `Mutation.rule`. */
  readonly rule: MutationRule;
  /** The WordPress error codes a value breaking the rule is rejected with; a candidate rejected otherwise is dropped. */
  readonly codes: readonly string[];
  /** Whether it may also break the rule inside array items and object properties. */
  readonly nested: boolean;
  /**
   * Candidate values breaking the rule for `schema`, typed as they will be sent (or `ABSENT`), or null when the
   * rule does not apply. Candidates need not all succeed: each is confirmed through the rule book as received.
   */
  candidates(schema: ArgSchema, context: MutationContext): fc.Arbitrary<unknown> | null;
  /** The broken constraint in a few words, for `Mutation.description` (`maximum 100`). */
  describe(schema: ArgSchema): string;
}

/** A candidate value breaking a rule somewhere inside a parameter's value: at `path` (`[0][method]`, or empty for the value itself). */
export interface MutatedValue {
  value: unknown;
  /** Where inside the parameter the rule is broken, PHP-style: `[0][method]`; empty at the top. */
  path: string;
  /** The broken constraint in words (`one of ["POST","PUT"]`). */
  constraint: string;
}
