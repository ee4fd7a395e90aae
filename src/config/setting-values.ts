/** What the rows of the settings table (`settings-table.ts`) share: the option parsers and schema fragments. */
import { parseWholeNumber } from './parse-values.js';

/** The text of an option given once. */
export const text = (given: string | string[]): string => [given].flat()[0]!;

/** A whole number of at least `min`, given once as `option`. */
export const wholeNumber =
  (option: string, min: number) =>
  (given: string | string[]): number =>
    parseWholeNumber(text(given), min, option);

/** Schema fragments the rows share. */
export const NULLABLE_STRING = { type: ['string', 'null'], minLength: 1 };
export const FILE_OR_DEFAULT_PATH = { type: ['string', 'boolean', 'null'], not: { const: false }, minLength: 1 };
export const ENV_NAME = { 'x-expected': 'an environment variable name', type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' };
/** A check's name, as the registry names them. */
export const CHECK_NAME_PATTERN = '^[a-z][a-z0-9_]*$';
/** A phase's name, as the engine's phases are named. */
export const PHASE_NAME_PATTERN = '^[a-z][a-z0-9_-]*$';
