import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { loadConfig as loadWith, parseConfigText, PROFILE_NAMES, type LoadConfigOptions } from './load.js';
import { BUILTIN_DEFAULTS } from './run-settings.js';

const folder = mkdtempSync(join(tmpdir(), 'restconform-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeConfig(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(action: () => unknown): ConfigError {
  try {
    action();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const KNOWN_CHECKS = ['error_shape', 'json_content_type', 'not_a_server_error'];
/** The phases the engine would pass, in running order: the configuration knows none of its own. */
const KNOWN_PHASES = ['contract', 'locale', 'examples', 'fuzz', 'stateful', 'auth'];
const loadConfig = (options: Partial<LoadConfigOptions> = {}) => loadWith({ knownPhases: KNOWN_PHASES, ...options });

describe('profiles', () => {
  it.each(PROFILE_NAMES)('profile %s loads and validates', (profile) => {
    const settings = loadConfig({ profile, randomSeed: () => 42 });
    expect(settings.restRoot).toBe('wp-json');
    expect(settings.phases.length).toBeGreaterThan(0);
  });

  it('the default profile states exactly the built-in defaults', () => {
    const settings = loadConfig({ profile: 'default', randomSeed: () => 42 });
    expect(settings).toEqual({ ...BUILTIN_DEFAULTS, phases: KNOWN_PHASES, seed: 42 });
    expect('baseUrl' in settings).toBe(false);
  });

  it('ci is deterministic and writes JUnit and JSON reports', () => {
    const settings = loadConfig({ profile: 'ci', randomSeed: () => 42 });
    expect(settings.seed).toBe(1);
    expect(settings.timeBudgetSeconds).toBe(600);
    expect(settings.junit).toBe(true);
    expect(settings.json).toBeNull(); // report-dir/report.json, beside junit.xml
    expect(settings.fuzzExamples).toBeLessThan(BUILTIN_DEFAULTS.fuzzExamples);
  });

  it('fuzz runs long with many examples and an NDJSON stream', () => {
    const settings = loadConfig({ profile: 'fuzz' });
    expect(settings.timeBudgetSeconds).toBe(3600);
    expect(settings.fuzzExamples).toBeGreaterThan(BUILTIN_DEFAULTS.fuzzExamples);
    expect(settings.ndjson).toBe(true);
  });

  it('a random seed comes from the seed source', () => {
    expect(loadConfig({ randomSeed: () => 1234 }).seed).toBe(1234);
    expect(Number.isInteger(loadConfig({}).seed)).toBe(true);
  });

  it('rejects an unknown profile name', () => {
    expect(errorOf(() => loadConfig({ profile: 'cl' as 'ci' })).message).toContain('unknown profile "cl" (did you mean "ci"?)');
  });
});

describe('precedence', () => {
  it('command line wins over the file, the file over the profile, the profile over built-in defaults', () => {
    const file = writeConfig('layers.yaml', 'seed: 7\nconnections: 4\nfuzz-examples: 3\n');
    const settings = loadConfig({ file, profile: 'ci', overrides: { connections: 2, timeoutMs: undefined } });
    expect(settings.connections).toBe(2); // command line over file
    expect(settings.seed).toBe(7); // file over profile (ci says 1)
    expect(settings.fuzzExamples).toBe(3); // file over profile
    expect(settings.junit).toBe(true); // profile over built-in null
    expect(settings.timeoutMs).toBe(BUILTIN_DEFAULTS.timeoutMs); // undefined override ignored
  });

  it('null clears a value set by a lower layer, and "random" re-randomises a fixed seed', () => {
    const file = writeConfig('clear.yaml', 'base-url: http://example.test:8080\nrate-limit: 5\njunit: null\nseed: random\n');
    const fromFile = loadConfig({ file, profile: 'ci', randomSeed: () => 99 });
    expect(fromFile.baseUrl).toBe('http://example.test:8080');
    expect(fromFile.rateLimit).toBe(5);
    expect(fromFile.junit).toBeNull();
    expect(fromFile.seed).toBe(99);
    const cleared = loadConfig({ file, overrides: { baseUrl: null, rateLimit: null } });
    expect('baseUrl' in cleared).toBe(false);
    expect('rateLimit' in cleared).toBe(false);
  });

  it('converts file values: locales none, shard, phases in running order, checks', () => {
    const file = writeConfig('values.yaml', 'locales: none\nshard: 2/4\nphases: [fuzz, contract]\nchecks: [error_shape]\n');
    const settings = loadConfig({ file, knownChecks: KNOWN_CHECKS });
    expect(settings.locales).toBeNull();
    expect(settings.shard).toEqual({ index: 2, count: 4 });
    expect(settings.phases).toEqual(['contract', 'fuzz']);
    expect(settings.checks).toEqual(['error_shape']);
  });

  it('reads further accounts, each with the name of its password variable; the command line replaces the list', () => {
    const file = writeConfig('accounts.yaml', 'accounts:\n  - { user: alice, role: member, app-password-env: ALICE_PW }\n');
    expect(loadConfig({ file }).accounts).toEqual([{ user: 'alice', role: 'member', appPasswordEnv: 'ALICE_PW' }]);
    const overridden = loadConfig({ file, overrides: { accounts: [{ user: 'bob', role: 'moderator', appPasswordEnv: 'BOB_PW' }] } });
    expect(overridden.accounts).toEqual([{ user: 'bob', role: 'moderator', appPasswordEnv: 'BOB_PW' }]);
    expect(() => loadConfig({ file: writeConfig('bad-account.yaml', 'accounts:\n  - { user: alice, role: member, password: secret }\n') })).toThrow(
      ConfigError,
    );
  });

  it("reads WordPress's own role names in accounts", () => {
    const file = writeConfig(
      'wp-accounts.yaml',
      'accounts:\n  - { user: sam, role: subscriber, app-password-env: SAM_PW }\n  - { user: cat, role: contributor, app-password-env: CAT_PW }\n',
    );
    expect(loadConfig({ file }).accounts).toEqual([
      { user: 'sam', role: 'subscriber', appPasswordEnv: 'SAM_PW' },
      { user: 'cat', role: 'contributor', appPasswordEnv: 'CAT_PW' },
    ]);
  });
});

describe('errors name the file, the line and the key', () => {
  it('an unknown key, with a suggestion', () => {
    const file = writeConfig('config.yaml', '# comment\nseed: 1\nfuzz-examples: 5\n\nphases: [fuzz]\ntime-budget: 60\nconections: 4\n');
    const error = errorOf(() => loadConfig({ file }));
    expect(error.message).toBe(`${file}:7: unknown key "conections" (did you mean "connections"?)`);
    expect(error.issues[0]).toMatchObject({ line: 7, key: 'conections' });
  });

  it('a wrong type', () => {
    const error = errorOf(() => parseConfigText('seed: 1\nconnections: "16x"\n', 'config.yaml'));
    expect(error.message).toBe('config.yaml:2: "connections" must be an integer (got "16x")');
  });

  it('a wrong enum value under a key, and an unknown phase in a list where the phases are known', () => {
    const error = errorOf(() => parseConfigText('severity:\n  error_shape: fatal\nphases:\n  - contract\n  - fuz\n', 'my.yaml'));
    expect(error.issues.map((issue) => [issue.line, issue.key])).toEqual([[2, 'severity.error_shape']]);
    const phase = errorOf(() => parseConfigText('phases:\n  - contract\n  - fuz\n', 'my.yaml', { phases: KNOWN_PHASES }));
    expect(phase.issues.map((issue) => [issue.line, issue.key])).toEqual([[3, 'phases[1]']]);
    expect(phase.message).toContain('my.yaml:3: unknown phase "fuz" (did you mean "fuzz"?)');
  });

  it('a value the schema accepts but the rules do not (shard index beyond the count)', () => {
    const error = errorOf(() => parseConfigText('examples: 2\nshard: 5/4\n', 'config.yaml'));
    expect(error.message).toBe('config.yaml:2: shard: expected I/N with 1 ≤ I ≤ N, got "5/4"');
  });

  it('unknown check names when the registry is known', () => {
    const error = errorOf(() =>
      parseConfigText('checks: [error_shape, eror_shape]\nseverity:\n  json_contenttype: warning\n', 'c.yaml', { checks: KNOWN_CHECKS }),
    );
    expect(error.message).toBe(
      'c.yaml:1: unknown check "eror_shape" (did you mean "error_shape"?)\nc.yaml:3: unknown check "json_contenttype" (did you mean "json_content_type"?)',
    );
  });

  it('reads a former check name as the check that took over its rule', () => {
    const file = writeConfig('alias.yaml', 'checks: [no_password_leak, error_shape]\nseverity:\n  no_password_leak: warning\n');
    const settings = loadConfig({ file, knownChecks: [...KNOWN_CHECKS, 'no_sensitive_data', 'no_password_leak'] });
    expect(settings.checks).toEqual(['no_sensitive_data', 'error_shape']);
    expect(settings.severity).toEqual({ no_sensitive_data: 'warning' });
  });

  it('a password key is refused with a pointer to the environment variable', () => {
    const error = errorOf(() => parseConfigText('user: admin\napp-password: hunter2\n', 'c.yaml'));
    expect(error.message).toMatch(/^c\.yaml:2: unknown key "app-password"; a password is never a configuration value/);
    expect(error.message).not.toContain('hunter2');
  });

  it('invalid YAML and a document that is not a mapping', () => {
    expect(errorOf(() => parseConfigText('a: [1,\nb: 2\n', 'c.yaml')).message).toMatch(/^c\.yaml:2: invalid YAML: /);
    expect(errorOf(() => parseConfigText('seed: 1\nseed: 2\n', 'c.yaml')).message).toMatch(/^c\.yaml:2: invalid YAML: Map keys must be unique/);
    expect(errorOf(() => parseConfigText('- seed\n', 'c.yaml')).message).toBe('c.yaml:1: the configuration must be a mapping of keys to values');
  });

  it('an empty file is an empty configuration', () => {
    expect(parseConfigText('# nothing\n', 'c.yaml')).toEqual({});
  });

  it('a missing file', () => {
    const missing = join(folder, 'missing.yaml');
    expect(errorOf(() => loadConfig({ file: missing })).message).toBe(`${missing}: cannot read the configuration file: no such file`);
  });

  it('command-line overrides go through the same rules', () => {
    const error = errorOf(() => loadConfig({ overrides: { connections: 0, shard: { index: 5, count: 4 } } }));
    expect(error.message).toBe('command line: "--connections" must be >= 1 (got 0)');
    const shard = errorOf(() => loadConfig({ overrides: { shard: { index: 5, count: 4 } } }));
    expect(shard.message).toBe('command line: --shard: expected I/N with 1 ≤ I ≤ N, got "5/4"');
    const checks = errorOf(() => loadConfig({ overrides: { checks: ['nope'] }, knownChecks: KNOWN_CHECKS }));
    expect(checks.message).toBe('command line: unknown check "nope"');
    expect(checks.issues[0]!.key).toBe('--checks[0]');
    const severity = errorOf(() => loadConfig({ overrides: { severity: { eror_shape: 'warning' } }, knownChecks: KNOWN_CHECKS }));
    expect(severity.message).toBe('command line: unknown check "eror_shape" (did you mean "error_shape"?)');
  });

  it('overrides normalise like file values', () => {
    const settings = loadConfig({ overrides: { phases: ['auth', 'contract'], locales: null } });
    expect(settings.phases).toEqual(['contract', 'auth']);
    expect(settings.locales).toBeNull();
  });
});
