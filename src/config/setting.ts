/**
 * The shape of one row of the settings table (`settings-table.ts`): what a row states about a setting, how it is
 * given on the command line, and the two types it carries (resolved and as given).
 */

/** What command-line parsers and help lines may need besides the text: the check registry's names and the phases'. */
export interface FlagContext {
  knownChecks: readonly string[];
  /** The engine's phases, in running order. */
  knownPhases: readonly string[];
}

/** How a setting is given on the command line of `restconform run`. */
export interface SettingFlag<Input> {
  /** The option as commander spells it (`--seed <n|random>`); without a value it is a switch (`--strict-auth`, `--no-cleanup`). */
  option: string;
  /** The help line: text, or made from the default as shown (`en_gb,el`, `none`) and the context. */
  help: string | ((shownDefault: string, context: FlagContext) => string);
  /** The option's text (a list of texts when `repeatable`) → the input value; throws `ConfigError`. Absent: the text as given. */
  parse?: (given: string | string[], context: FlagContext) => Input;
  /** Given once per value (`--account a --account b`): `parse` receives every text. */
  repeatable?: boolean;
}

/** What a row states about a setting that a user may give as `Input`. */
export interface SettingSpec<Input> {
  /** The key in a configuration file (kebab-case, like the command-line option). */
  file: string;
  /**
   * The setting's former name, one word, still read as its configuration-file key, its `--option` and its key in
   * the library's options, each use with a deprecation line on stderr (see `former-names.ts`).
   */
  formerly?: string;
  /** The built-in default (the lowest layer); absent for a setting that is unset by default. */
  default?: Input;
  /** What the setting means: the description of its key in the configuration schema. */
  description: string;
  /** The JSON Schema of the file value, without its description. */
  schema: Record<string, unknown>;
  /** File value (schema-valid) → input value; may throw `ConfigError` for rules a schema cannot state. Absent: as is. */
  fromFile?: (value: unknown) => Input;
  /** Input value → file value, so command-line values are validated by the same schema. Absent: as is. */
  toFile?: (value: Input) => unknown;
  /** The command-line option of `restconform run`; absent: configuration files only. */
  flag?: SettingFlag<Input>;
}

declare const VALUE: unique symbol;
declare const INPUT: unique symbol;

/**
 * One row: its spec, typed. `Value` is the resolved type (`RunSettings`), `Input` what a user may give
 * (`RunConfigInput`); a `Value` that admits `undefined` is a setting unset by default, which `null` in a higher
 * layer clears again. The two type-only members carry the types; no row has them at run time.
 */
export type Setting<Value, Input> = SettingSpec<Input> & { readonly [VALUE]: Value; readonly [INPUT]: Input };

/** A row, typed: `setting<number>({ … })`, or `setting<number, number | 'random'>` when the input differs. */
export function setting<Value, Input = Value>(row: SettingSpec<Input>): Setting<Value, Input> {
  return row as Setting<Value, Input>;
}

/** The resolved type a row carries. */
export type ResolvedOf<Row> = Row extends { readonly [VALUE]: infer Value } ? Value : never;

/** The input type a row carries. */
export type InputOf<Row> = Row extends { readonly [INPUT]: infer Input } ? Input : never;

/** A help line ending in `(default: …)`, the default as shown. */
export const withDefault =
  (text: string) =>
  (shown: string): string =>
    `${text} (default: ${shown})`;

/** A default as help lines show it: `en_gb,el`; `none` for null or an empty list. */
export function shownDefault(value: unknown): string {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return 'none';
  return Array.isArray(value) ? value.join(',') : String(value);
}
