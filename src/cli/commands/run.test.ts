/** `restconform run`'s options, built from the settings table: each flag reaches its setting, parsed as the file's value is. */
import { describe, expect, it } from 'vitest';
import { ConfigError, settingRows } from '../../config/index.js';
import { flagsToOverrides, runCommand } from './run.js';

/** The overrides `restconform run ARGS` gives, without running anything. */
function overridesOf(args: string[]): ReturnType<typeof flagsToOverrides> {
  const command = runCommand(() => {}).exitOverride();
  command.parseOptions(args);
  return Object.fromEntries(Object.entries(flagsToOverrides(command.opts())).filter(([, value]) => value !== undefined));
}

describe('restconform run options', () => {
  it('offers one option per setting that has a flag, plus --config and --profile, in the table order', () => {
    // A renamed setting's former option is accepted but hidden from help (see the former names' test below).
    const options = runCommand(() => {})
      .options.filter((option) => !option.hidden)
      .map((option) => option.long);
    const fromTable = settingRows().flatMap(([, row]) => (row.flag ? [row.flag.option.split(' ')[0]] : []));
    expect(options.filter((option) => option !== '--config' && option !== '--profile')).toEqual(fromTable);
    expect(options.slice(3, 6)).toEqual(['--contract', '--config', '--profile']);
  });

  it('gives nothing for flags not given, so the lower layers decide', () => {
    expect(overridesOf([])).toEqual({});
  });

  it('parses each given flag into its setting', () => {
    expect(
      overridesOf([
        '--base-url=http://example.test',
        '--locales=none',
        '--seed=7',
        '--time-budget=60',
        '--phases=fuzz,contract',
        '--checks=error_shape',
        '--connections=4',
        '--account=member:alice:ALICE_PW',
        '--account=moderator:mo:MO_PW',
        '--strict-auth',
        '--no-cleanup',
        '--shard=2/4',
        '--fail-on=incomplete',
      ]),
    ).toEqual({
      baseUrl: 'http://example.test',
      locales: null,
      seed: 7,
      timeBudgetSeconds: 60,
      phases: ['contract', 'fuzz'],
      checks: ['error_shape'],
      connections: 4,
      accounts: [
        { user: 'alice', role: 'member', appPasswordEnv: 'ALICE_PW' },
        { user: 'mo', role: 'moderator', appPasswordEnv: 'MO_PW' },
      ],
      strictAuth: true,
      cleanup: false,
      shard: { index: 2, count: 4 },
      failOn: ['incomplete'],
    });
    expect(overridesOf(['--seed=random', '--allow-destructive'])).toEqual({ seed: 'random', allowDestructive: true });
  });

  it('refuses a bad value with the option named', () => {
    expect(() => overridesOf(['--timeout-ms=0'])).toThrow(new ConfigError('--timeout-ms takes a whole number of at least 1, not "0"'));
    expect(() => overridesOf(['--checks=eror_shape'])).toThrow(/unknown check "eror_shape" \(did you mean "error_shape"\?\)/);
  });
});

describe("a renamed setting's former option", () => {
  it('is still read, under its former name, for the settings to read with a deprecation line', () => {
    expect(overridesOf(['--examples=3', '--concurrency=2'])).toEqual({ examples: 3, concurrency: 2 });
  });
});
