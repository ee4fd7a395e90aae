/** The types the settings table gives: a row's type parameters become `RunSettings` and `RunConfigInput`. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BUILTIN_DEFAULTS, isUnsetByDefault, settingRows, type RunConfigInput, type RunSettings } from './run-settings.js';
import type { AccountSetting, Shard } from './setting-vocabularies.js';

describe('RunSettings and RunConfigInput, from the table', () => {
  it('resolve each row to its type, a setting unset by default to an optional key', () => {
    expectTypeOf<RunSettings['seed']>().toEqualTypeOf<number>();
    expectTypeOf<RunSettings['phases']>().toEqualTypeOf<string[]>();
    expectTypeOf<RunSettings['shard']>().toEqualTypeOf<Shard | null>();
    expectTypeOf<RunSettings['accounts']>().toEqualTypeOf<AccountSetting[]>();
    expectTypeOf<RunSettings['baseUrl']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<RunSettings>().toHaveProperty('strictAuth').toEqualTypeOf<boolean>();
    expectTypeOf<{ restRoot: string }>().not.toMatchTypeOf<RunSettings>();
  });

  it('give every input key as optional, with what a user may write there', () => {
    expectTypeOf<RunConfigInput['seed']>().toEqualTypeOf<number | 'random' | undefined>();
    expectTypeOf<RunConfigInput['baseUrl']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<RunConfigInput['timeBudgetSeconds']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Record<never, never>>().toMatchTypeOf<RunConfigInput>();
  });

  it('have a default for every setting but those unset by default', () => {
    expect(
      settingRows()
        .filter(([key]) => isUnsetByDefault(key))
        .map(([key]) => key),
    ).toEqual(['baseUrl', 'rateLimit']);
    expect(Object.keys(BUILTIN_DEFAULTS)).toHaveLength(settingRows().length - 2);
    expect(BUILTIN_DEFAULTS.seed).toBe('random');
  });
});
