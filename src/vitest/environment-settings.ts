/**
 * The conformance tests' run settings (`restconform/vitest`, `npm run test:conformance`), from the options given to
 * `conformanceTests`, else from the environment, so the suite also runs under plain `vitest`:
 *
 * | variable | meaning | default |
 * | --- | --- | --- |
 * | `RESTCONFORM_BASE_URL` | the server under test | the bundled reference server, started by the suite |
 * | `RESTCONFORM_REST_ROOT` | REST root path segment | `wp-json` |
 * | `RESTCONFORM_LOCALES` | `en_gb,el`, or `none` for plain WordPress | `en_gb,el` |
 * | `RESTCONFORM_USER` + `RESTCONFORM_APP_PASSWORD` | HTTP Basic with an application password | anonymous |
 * | `RESTCONFORM_SEED` | seed of every generated value | `1` (unless a config file sets one) |
 * | `RESTCONFORM_EXAMPLES` | generated cases the fuzz phase draws per operation and kind | `20` |
 * | `RESTCONFORM_CONFIG` | a YAML configuration file, as `restconform run --config` reads | none |
 * | `RESTCONFORM_PROFILE` | `default`, `ci` or `fuzz` | `default` |
 * | `RESTCONFORM_REPORT_DIR` | also write report.json and report.html here | none |
 * | `RESTCONFORM_ALLOW_DESTRUCTIVE` | `1`: send write methods to a non-loopback target | off |
 */
import { ConfigError, parseLocales, PROFILE_NAMES, type ProfileName, type RunConfigInput, type RunSettings } from '../config/index.js';
import { loadRunSettings } from '../jobs/index.js';

/** The application password's variable (the same one `restconform run` reads by default). */
export const APP_PASSWORD_VARIABLE = 'RESTCONFORM_APP_PASSWORD';

function wholeNumber(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text.trim())) throw new Error(`${name} must be a whole number, not "${text}"`);
  return Number(text);
}

function profileOf(env: NodeJS.ProcessEnv): ProfileName | undefined {
  const profile = env.RESTCONFORM_PROFILE;
  if (profile === undefined || profile === '') return undefined;
  if (!(PROFILE_NAMES as readonly string[]).includes(profile))
    throw new Error(`RESTCONFORM_PROFILE must be one of ${PROFILE_NAMES.join(', ')}, not "${profile}"`);
  return profile as ProfileName;
}

/**
 * Resolves the run settings from the environment (a variable that is set wins over the config file, which wins
 * over the profile). The target's address is left to the caller, which may start the reference server.
 *
 * @throws Error with a one-line reason naming the variable or the config file's key and line
 */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv, options: RunConfigInput = {}): RunSettings {
  const configFile = env.RESTCONFORM_CONFIG || undefined;
  const seed = wholeNumber(env, 'RESTCONFORM_SEED');
  const overrides: RunConfigInput = {
    baseUrl: env.RESTCONFORM_BASE_URL || undefined,
    restRoot: env.RESTCONFORM_REST_ROOT || undefined,
    locales: env.RESTCONFORM_LOCALES ? parseLocales(env.RESTCONFORM_LOCALES, 'RESTCONFORM_LOCALES') : undefined,
    user: env.RESTCONFORM_USER || undefined,
    appPasswordEnv: env.RESTCONFORM_USER ? APP_PASSWORD_VARIABLE : undefined,
    // A test suite repeats itself: a fixed seed unless one is asked for.
    seed: seed ?? (configFile === undefined ? 1 : undefined),
    fuzzExamples: wholeNumber(env, 'RESTCONFORM_EXAMPLES'),
    allowDestructive: env.RESTCONFORM_ALLOW_DESTRUCTIVE === '1' ? true : undefined,
    // vitest reports the results: without a config file, report files only when RESTCONFORM_REPORT_DIR asks.
    reportDir: env.RESTCONFORM_REPORT_DIR || (configFile === undefined ? null : undefined),
    ...(configFile === undefined ? { json: null, html: null, junit: null, ndjson: null } : {}),
  };
  // Options given in code win over the variables.
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as RunConfigInput;
  try {
    return loadRunSettings({ file: configFile, profile: profileOf(env), overrides: { ...overrides, ...given } });
  } catch (error) {
    if (error instanceof ConfigError) throw new Error(`restconform conformance suite: ${error.message}`, { cause: error });
    throw error;
  }
}
