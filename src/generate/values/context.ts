/** What a value builder knows about where its values go. */
import type fc from 'fast-check';
import type { ArgSchema, ParamLocation } from '../../descriptor/types.js';
import type { TextLocale } from '../realistic.js';

export interface ValueContext {
  /** Where the top-level parameter travels; in the query every leaf arrives as a string. */
  location: ParamLocation;
  /** The parameter's or property's name, which hints at realistic text. */
  name: string;
  /** The language realistic text is in (the operation's locale's). */
  textLocale: TextLocale;
  /** Nesting depth: 0 for the parameter itself. */
  depth: number;
  /** Valid values of a nested schema (items, a property), passed down so builders need not import the dispatcher. */
  nested(schema: ArgSchema, name: string): fc.Arbitrary<unknown> | null;
}

/** A builder of valid values for one schema type; null when it cannot produce any. */
export type ValueBuilder = (schema: ArgSchema, context: ValueContext) => fc.Arbitrary<unknown> | null;
