/**
 * The configuration file's vocabulary: each YAML key (kebab-case, like the command-line option of the same
 * name) and the `RunConfigInput` field it sets, with the conversion both ways. The file is validated by
 * `config/schema.json` before `fromFile` runs, so conversions only see well-typed values.
 */
import { parseChecks, parseFailOn, parseLocales, parsePhases, parseShard } from './parse-values.js';
import type { AccountSetting, RunConfigInput, Shard } from './settings.js';

export interface FileKey {
  /** The key in the YAML file, also the command-line option without `--`. */
  file: string;
  input: keyof RunConfigInput;
  /** File value (schema-valid) → input value; may throw `ConfigError` for rules a schema cannot state. */
  fromFile(value: unknown): unknown;
  /** Input value → file value, so command-line overrides are validated by the same schema. */
  toFile(value: unknown): unknown;
}

const same = (value: unknown): unknown => value;

function key(file: string, input: keyof RunConfigInput, fromFile = same, toFile = same): FileKey {
  return { file, input, fromFile, toFile };
}

export const FILE_KEYS: readonly FileKey[] = [
  key('base-url', 'baseUrl'),
  key('rest-root', 'restRoot'),
  key(
    'locales',
    'locales',
    (value) => parseLocales(value === 'none' ? 'none' : (value as string[]), 'locales'),
    (value) => (value === null ? 'none' : value),
  ),
  key('contract', 'contract'),
  key('seed', 'seed'),
  key('examples', 'examples'),
  key('time-budget', 'timeBudgetSeconds'),
  key('phases', 'phases', (value) => parsePhases(value as string[], 'phases')),
  key('checks', 'checks', (value) => parseChecks(value as string[] | string, undefined, 'checks')),
  key('severity', 'severity'),
  key('concurrency', 'concurrency'),
  key('timeout-ms', 'timeoutMs'),
  key('max-body-bytes', 'maxBodyBytes'),
  key('rate-limit', 'rateLimit'),
  key('user', 'user'),
  key('app-password-env', 'appPasswordEnv'),
  key(
    'accounts',
    'accounts',
    (value) =>
      (value as Array<{ user: string; role: AccountSetting['role']; 'app-password-env': string }>).map((account) => ({
        user: account.user,
        role: account.role,
        appPasswordEnv: account['app-password-env'],
      })),
    (value) => (value as AccountSetting[]).map((account) => ({ user: account.user, role: account.role, 'app-password-env': account.appPasswordEnv })),
  ),
  key('report-dir', 'reportDir'),
  key('junit', 'junit'),
  key('json', 'json'),
  key('html', 'html'),
  key('ndjson', 'ndjson'),
  key('allow-destructive', 'allowDestructive'),
  key('cleanup', 'cleanup'),
  key('resource-hints', 'resourceHints'),
  key('strict-auth', 'strictAuth'),
  key('extra-values', 'extraValues'),
  key(
    'shard',
    'shard',
    (value) => (value === null ? null : parseShard(value as string, 'shard')),
    (value) => (value === null ? null : `${(value as Shard).index}/${(value as Shard).count}`),
  ),
  key('baseline', 'baseline'),
  key('fail-on', 'failOn', (value) => parseFailOn(value as string[], 'fail-on')),
];

/** The file key that sets an input field. */
export function fileKeyOf(input: keyof RunConfigInput): FileKey {
  const found = FILE_KEYS.find((entry) => entry.input === input);
  if (!found) throw new Error(`no configuration file key for "${input}"`);
  return found;
}
