/**
 * What the settings table gives the rest of the harness: the types `RunSettings` (resolved, every key decided) and
 * `RunConfigInput` (what a user may give, every key optional), the built-in defaults, and the rows in table order.
 */
import type { InputOf, ResolvedOf, SettingSpec } from './setting.js';
import { SETTINGS } from './settings-table.js';

type Rows = typeof SETTINGS;
/** A setting's key: `concurrency`, `timeBudgetSeconds`. */
export type SettingKey = keyof Rows;
type ValueOf<K extends SettingKey> = ResolvedOf<Rows[K]>;
type InputFor<K extends SettingKey> = InputOf<Rows[K]>;
/** The keys of settings that are unset by default (`baseUrl`, `rateLimit`). */
type UnsetKey = { [K in SettingKey]: undefined extends ValueOf<K> ? K : never }[SettingKey];

/** Resolved run settings: every key decided (derived from `SETTINGS`, whose rows' comments are the keys' documentation). */
export type RunSettings = { [K in keyof Rows as K extends UnsetKey ? never : K]: ValueOf<K> } & {
  [K in keyof Rows as K extends UnsetKey ? K : never]?: Exclude<ValueOf<K>, undefined>;
};

/**
 * What a user may give, every key optional. `undefined` means "not given" (a lower layer decides); `null` on a
 * setting unset by default (`baseUrl`, `rateLimit`) clears a value a lower layer set; `seed: 'random'` asks for a
 * fresh seed.
 */
export type RunConfigInput = { [K in keyof Rows]?: InputFor<K> } & FormerInput;

/** Former names a user may still give (a row's `formerly`; see `former-names.ts`), each setting its setting as now named. */
interface FormerInput {
  /** @deprecated Now `fuzzExamples` (`--fuzz-examples`). */
  examples?: InputFor<'fuzzExamples'>;
  /** @deprecated Now `connections` (`--connections`). */
  concurrency?: InputFor<'connections'>;
}

/** Each row as `[key, row]`, in table order. */
export function settingRows(): Array<[SettingKey, SettingSpec<unknown>]> {
  return Object.entries(SETTINGS) as unknown as Array<[SettingKey, SettingSpec<unknown>]>;
}

/** Whether a setting is unset by default, so that `null` in a higher layer clears it. */
export function isUnsetByDefault(key: SettingKey): boolean {
  return !('default' in SETTINGS[key]);
}

/** The built-in defaults, the lowest layer (`config/default.yaml` states the same values, for users to read). */
export const BUILTIN_DEFAULTS = Object.fromEntries(
  settingRows()
    .filter(([key]) => !isUnsetByDefault(key))
    .map(([key, row]) => [key, row.default]),
) as { [K in Exclude<SettingKey, UnsetKey>]: InputFor<K> };
