/**
 * Parsers for the list-like values of `restconform run` (`--shard 2/4`, `--locales en_gb,el`, `--phases …`,
 * `--checks …`). The YAML loader uses the same parsers, so both sources accept and reject the same things.
 */
import { didYouMean } from './did-you-mean.js';
import { ConfigError } from './errors.js';
import { ACCOUNT_ROLES, type AccountRole } from '../request/identity.js';
import { FAIL_ON_NAMES, type AccountSetting, type FailOn, type Shard } from './setting-vocabularies.js';

function invalid(option: string, message: string): ConfigError {
  return new ConfigError([{ source: option, message }]);
}

/** `'16'` → 16: a whole number of at least `min`, for `option`; `--connections takes a whole number …` otherwise. */
export function parseWholeNumber(text: string, min: number, option: string): number {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new ConfigError(`${option} takes a whole number of at least ${min}, not "${text}"`);
  return Number(text);
}

/** Splits `a, b,c` into trimmed, non-empty items. */
function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The environment variable that gives `--shard auto` its total where the CI system does not (Kubernetes). */
export const SHARD_TOTAL_VARIABLE = 'RESTCONFORM_SHARD_TOTAL';

function wholeNumber(text: string | undefined): number | undefined {
  return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

function checkedShard(index: number, count: number, option: string, text: string): Shard {
  if (count < 1 || index < 1 || index > count) throw invalid(option, `expected I/N with 1 ≤ I ≤ N, got ${text}`);
  return { index, count };
}

/**
 * The shard the CI system says this job is (`--shard auto`, or `auto/N` with the total given): GitLab's
 * `parallel:` sets CI_NODE_INDEX (1-based) and CI_NODE_TOTAL; a Kubernetes Indexed Job sets JOB_COMPLETION_INDEX
 * (0-based) and leaves the total to `auto/N` or RESTCONFORM_SHARD_TOTAL. GitHub Actions sets neither: its matrix
 * passes `--shard ${{ matrix.shard }}/N`.
 */
function shardFromCi(total: number | undefined, option: string, env: NodeJS.ProcessEnv): Shard {
  const gitlabIndex = wholeNumber(env.CI_NODE_INDEX);
  const gitlabTotal = wholeNumber(env.CI_NODE_TOTAL);
  if (gitlabIndex !== undefined && gitlabTotal !== undefined) {
    if (total !== undefined && total !== gitlabTotal) throw invalid(option, `auto/${total} disagrees with CI_NODE_TOTAL=${gitlabTotal}`);
    return checkedShard(gitlabIndex, gitlabTotal, option, `CI_NODE_INDEX=${gitlabIndex} CI_NODE_TOTAL=${gitlabTotal}`);
  }
  const kubernetesIndex = wholeNumber(env.JOB_COMPLETION_INDEX);
  if (kubernetesIndex !== undefined) {
    const count = total ?? wholeNumber(env[SHARD_TOTAL_VARIABLE]);
    if (count === undefined) {
      throw invalid(
        option,
        `JOB_COMPLETION_INDEX=${kubernetesIndex} gives the index but not the total: use auto/N (the Job's completions) or set ${SHARD_TOTAL_VARIABLE}`,
      );
    }
    return checkedShard(kubernetesIndex + 1, count, option, `JOB_COMPLETION_INDEX=${kubernetesIndex} of ${count}`);
  }
  throw invalid(
    option,
    'auto found no CI shard variables (GitLab parallel: CI_NODE_INDEX and CI_NODE_TOTAL; Kubernetes Indexed Job: JOB_COMPLETION_INDEX); on GitHub Actions pass --shard ${{ matrix.shard }}/N',
  );
}

/**
 * `'2/4'` → `{ index: 2, count: 4 }` (1-based index). `'auto'` and `'auto/N'` read the CI system's variables
 * from `env` (see `shardFromCi`).
 */
export function parseShard(text: string, option = '--shard', env: NodeJS.ProcessEnv = process.env): Shard {
  const auto = /^\s*auto\s*(?:\/\s*(\d+)\s*)?$/.exec(text);
  if (auto) return shardFromCi(auto[1] === undefined ? undefined : Number(auto[1]), option, env);
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) throw invalid(option, `expected I/N such as 2/4, or auto, got "${text}"`);
  return checkedShard(Number(match[1]), Number(match[2]), option, `"${text}"`);
}

/** A locale path segment as WordPress sites use them: `en_gb`, `el`, `pt-br`. */
const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$/;

/** `'en_gb,el'` → `['en_gb', 'el']`; `'none'` → `null` (no locale segment). */
export function parseLocales(text: string | readonly string[], option = '--locales'): string[] | null {
  const items = typeof text === 'string' ? splitList(text) : text.map((item) => item.trim());
  if (items.length === 1 && items[0]!.toLowerCase() === 'none') return null;
  if (items.length === 0) throw invalid(option, 'expected a comma-separated list of locales, or "none"');
  const seen = new Set<string>();
  for (const locale of items) {
    if (locale.toLowerCase() === 'none') throw invalid(option, '"none" cannot be combined with locales');
    if (!LOCALE_PATTERN.test(locale)) throw invalid(option, `"${locale}" is not a locale path segment (such as en_gb or el)`);
    if (seen.has(locale)) throw invalid(option, `locale "${locale}" is listed twice`);
    seen.add(locale);
  }
  return items;
}

/** `'warning,incomplete'` → `['warning', 'incomplete']`; `'none'` → `[]`. */
export function parseFailOn(text: string | readonly string[], option = '--fail-on'): FailOn[] {
  const items = typeof text === 'string' ? splitList(text) : [...text];
  if (items.length === 1 && items[0] === 'none') return [];
  for (const item of items) {
    if (!(FAIL_ON_NAMES as readonly string[]).includes(item)) {
      throw invalid(option, `unknown "${item}"${didYouMean(item, FAIL_ON_NAMES)}; expected a list of ${FAIL_ON_NAMES.join(', ')}, or none`);
    }
  }
  return FAIL_ON_NAMES.filter((name) => items.includes(name));
}

/**
 * `'fuzz,contract'` → `['contract', 'fuzz']`; `'all'` → `'all'`. With the phases the engine has (`known`, in running
 * order), an unknown name is an error and the names come back in running order; without, as given (a file is read
 * before the phases are known: its names are checked where the configuration is resolved).
 */
export function parsePhases(text: string | readonly string[], known?: readonly string[], option = '--phases'): string[] | 'all' {
  const items = [...new Set(typeof text === 'string' ? splitList(text) : text)];
  if (items.length === 1 && items[0] === 'all') return 'all';
  if (items.length === 0) throw invalid(option, `expected "all" or a comma-separated list of phases${known ? ` (${known.join(', ')})` : ''}`);
  if (known === undefined) return items;
  const unknown = unknownPhase(items, known);
  if (unknown !== undefined) throw invalid(option, unknown);
  return known.filter((phase) => items.includes(phase));
}

/** Why `names` are not all phases of `known`, or undefined when they are. */
export function unknownPhase(names: readonly string[], known: readonly string[]): string | undefined {
  const name = names.find((item) => !known.includes(item));
  return name === undefined ? undefined : `unknown phase "${name}"${didYouMean(name, known)}; phases: ${known.join(', ')}`;
}

/**
 * `'all'` → `'all'`; `'a,b'` → `['a', 'b']`. With `known` (the check registry's names), unknown names are an
 * error, so that a typo does not silently disable a check.
 */
export function parseChecks(text: string | readonly string[], known?: readonly string[], option = '--checks'): string[] | 'all' {
  const items = typeof text === 'string' ? splitList(text) : [...text];
  if (items.length === 1 && items[0] === 'all') return 'all';
  if (items.length === 0) throw invalid(option, 'expected "all" or a comma-separated list of check names');
  const names = [...new Set(items)];
  if (known) {
    for (const name of names) {
      if (!known.includes(name)) {
        throw invalid(option, `unknown check "${name}"${didYouMean(name, known)}; checks: ${known.join(', ')}`);
      }
    }
  }
  return names;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `'member:alice:ALICE_APP_PASSWORD'` (role, login, environment variable) → an account. A password is never
 * accepted here: only the name of the variable that holds it.
 */
export function parseAccount(text: string, option = '--account'): AccountSetting {
  const first = text.indexOf(':');
  const last = text.lastIndexOf(':');
  if (first === -1 || first === last) throw invalid(option, `expected ROLE:LOGIN:ENV_VAR such as member:alice:ALICE_APP_PASSWORD, got "${text}"`);
  const role = text.slice(0, first).trim();
  const user = text.slice(first + 1, last).trim();
  const appPasswordEnv = text.slice(last + 1).trim();
  if (!(ACCOUNT_ROLES as readonly string[]).includes(role))
    throw invalid(option, `unknown role "${role}"${didYouMean(role, ACCOUNT_ROLES)}; roles: ${ACCOUNT_ROLES.join(', ')}`);
  if (user === '') throw invalid(option, `no login in "${text}"`);
  if (!ENV_NAME.test(appPasswordEnv))
    throw invalid(option, `"${appPasswordEnv}" is not an environment variable name: give the name of the variable holding the password, never the password`);
  return { user, role: role as AccountRole, appPasswordEnv };
}
