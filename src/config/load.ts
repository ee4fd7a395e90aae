/**
 * Resolves the run settings from four layers, each winning over the next: command-line overrides, the
 * configuration file, the profile (`config/<profile>.yaml`), and the built-in defaults.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';
import { canonicalCheckName } from '../checks/aliases.js';
import { didYouMean } from './did-you-mean.js';
import { unknownPhase } from './parse-values.js';
import { ConfigError, type ConfigIssue } from './errors.js';
import { FILE_KEYS, fileKeyOf } from './file-keys.js';
import { FORMER_NAMES, warnFormerName } from './former-names.js';
import { PROFILE_NAMES, type ProfileName } from './setting-vocabularies.js';
import { configDir } from './package-root.js';
import { BUILTIN_DEFAULTS, isUnsetByDefault, type RunConfigInput, type RunSettings, type SettingKey } from './run-settings.js';
import { validateConfigData, type IssueLocator } from './validate-file.js';
import { parseYamlSource, type KeyPath } from './yaml-source.js';

// The profiles' names live with the settings' other vocabularies, where `run --profile`'s option reads them too.
export { PROFILE_NAMES, type ProfileName };

export interface LoadConfigOptions {
  /** A YAML configuration file (`--config FILE`). */
  file?: string;
  /** A bundled profile (`--profile`); `default` when absent. */
  profile?: ProfileName;
  /** Values from the command line; `undefined` fields are ignored. */
  overrides?: RunConfigInput;
  /** The check registry's names: when given, unknown names in `checks` and `severity` are errors. */
  knownChecks?: readonly string[];
  /**
   * The engine's phases, in running order: what `phases: all` stands for, and the names `phases` may list. The
   * configuration does not know them itself, so that a new phase is one file and one line in the engine.
   */
  knownPhases: readonly string[];
  /** Where a `random` seed comes from (tests pin it). */
  randomSeed?: () => number;
}

/** The names a configuration is checked against, when known: the check registry's and the engine's phases. */
export interface KnownNames {
  checks?: readonly string[];
  phases?: readonly string[];
}

/** Reads, validates and merges the layers into `RunSettings`; throws `ConfigError` naming file, line and key. */
export function loadConfig(options: LoadConfigOptions): RunSettings {
  const profile = options.profile ?? 'default';
  if (!(PROFILE_NAMES as readonly string[]).includes(profile)) {
    throw new ConfigError([
      { source: '--profile', message: `unknown profile "${profile}"${didYouMean(profile, PROFILE_NAMES)}; profiles: ${PROFILE_NAMES.join(', ')}` },
    ]);
  }
  const known = { checks: options.knownChecks, phases: options.knownPhases };
  // A former name is said to be one once per loading, however many layers use it.
  const said = new Set<string>();
  const profileInput = readConfigFile(join(configDir(), `${profile}.yaml`), { known, name: `config/${profile}.yaml`, said });
  const fileInput = options.file === undefined ? {} : readConfigFile(options.file, { known, said });
  const overrideInput = checkOverrides(options.overrides ?? {}, known, said);

  const merged: Record<string, unknown> = { ...BUILTIN_DEFAULTS };
  for (const layer of [profileInput, fileInput, overrideInput]) {
    for (const [field, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      if (value === null && isUnsetByDefault(field as SettingKey)) delete merged[field];
      else merged[field] = value;
    }
  }
  const seed = merged.seed === 'random' ? (options.randomSeed ?? randomSeed)() : merged.seed;
  return { ...merged, ...canonicalChecks(merged), phases: resolvedPhases(merged.phases as string[] | 'all', options.knownPhases), seed } as RunSettings;
}

/** `phases` as the engine runs them: every phase for `all`, else the names given, checked, in running order. */
function resolvedPhases(phases: string[] | 'all', known: readonly string[]): string[] {
  if (phases === 'all') return [...known];
  const unknown = unknownPhase(phases, known);
  if (unknown !== undefined) throw new ConfigError([{ source: 'phases', message: unknown }]);
  return known.filter((phase) => phases.includes(phase));
}

/** `checks` and `severity` with former check names read as the checks that took over their rules. */
function canonicalChecks(merged: Record<string, unknown>): Pick<RunSettings, 'checks' | 'severity'> {
  const checks = merged.checks as RunSettings['checks'];
  const severity = merged.severity as RunSettings['severity'];
  return {
    checks: checks === 'all' ? checks : [...new Set(checks.map(canonicalCheckName))],
    severity: Object.fromEntries(Object.entries(severity).map(([name, value]) => [canonicalCheckName(name), value])),
  };
}

function randomSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/**
 * Reads one YAML configuration file into `RunConfigInput`. `name` is how messages call the file (default:
 * the path as given).
 */
export function readConfigFile(path: string, options: { known?: KnownNames; name?: string; said?: Set<string> } = {}): RunConfigInput {
  const name = options.name ?? path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new ConfigError([{ source: name, message: `cannot read the configuration file: ${reason}` }]);
  }
  return parseConfigText(text, name, options.known, options.said);
}

/** Parses configuration YAML text (as read from the file `name`) into `RunConfigInput`. */
export function parseConfigText(text: string, name: string, known: KnownNames = {}, said = new Set<string>()): RunConfigInput {
  const source = parseYamlSource(text, name);
  return toInput(source.data, { source: name, showKey, lineOf: source.lineOf }, known, said);
}

/** `['severity', 'x']` → `severity.x`; `['phases', 2]` → `phases[2]`. */
function showKey(path: KeyPath): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}

/** Command-line values go through the same schema and conversions as the file, so both reject the same values. */
function checkOverrides(overrides: RunConfigInput, known: KnownNames, said: Set<string>): RunConfigInput {
  const asFile: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(overrides) as Array<[keyof RunConfigInput, unknown]>) {
    if (value === undefined) continue;
    // A former name goes on as the file's former key, so that the file's reading says it once.
    const former = FORMER_NAMES.find((name) => name.former === field);
    const key = fileKeyOf(former?.input ?? (field as SettingKey));
    asFile[former?.former ?? key.file] = key.toFile(value);
  }
  const locate: IssueLocator = {
    source: 'command line',
    showKey: (path) => `--${showKey(path)}`,
    lineOf: () => undefined,
  };
  return toInput(asFile, locate, known, said);
}

/**
 * File-shaped data (YAML keys) → `RunConfigInput`: schema validation, then the conversions, then check names
 * against the registry when it is known. Every problem is located with `locate`.
 */
function toInput(data: unknown, locate: IssueLocator, known: KnownNames, said: Set<string>): RunConfigInput {
  const knownChecks = known.checks;
  const schemaIssues = validateConfigData(data, locate);
  if (schemaIssues.length > 0) throw new ConfigError(schemaIssues);
  const values = { ...(data as Record<string, unknown>) };
  for (const name of FORMER_NAMES) {
    if (!(name.former in values)) continue;
    warnFormerName(name, said);
    // The name as now spelt wins where both are given.
    if (!(name.file in values)) values[name.file] = values[name.former];
    delete values[name.former];
  }
  const input: Record<string, unknown> = {};
  const issues: ConfigIssue[] = [];
  const issueAt = (path: KeyPath, part: 'key' | 'value', message: string): ConfigIssue => ({
    source: locate.source,
    line: locate.lineOf(path, part),
    key: locate.showKey(path),
    message,
  });
  for (const entry of FILE_KEYS) {
    if (!(entry.file in values)) continue;
    try {
      input[entry.input] = entry.fromFile(values[entry.file]);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      issues.push(issueAt([entry.file], 'value', `${locate.showKey([entry.file])}: ${error.issues[0]!.message}`));
    }
  }
  if (knownChecks) {
    const unknown = (name: string): string => `unknown check "${name}"${didYouMean(name, knownChecks)}`;
    if (Array.isArray(values.checks)) {
      values.checks.forEach((name: string, i) => {
        if (!knownChecks.includes(name)) issues.push(issueAt(['checks', i], 'value', unknown(name)));
      });
    }
    for (const name of Object.keys((values.severity as Record<string, unknown> | undefined) ?? {})) {
      if (!knownChecks.includes(name)) issues.push(issueAt(['severity', name], 'key', unknown(name)));
    }
  }
  const knownPhases = known.phases;
  if (knownPhases && Array.isArray(values.phases)) {
    values.phases.forEach((name: string, i) => {
      const unknown = unknownPhase([name], knownPhases);
      if (unknown !== undefined) issues.push(issueAt(['phases', i], 'value', unknown));
    });
  }
  if (issues.length > 0) throw new ConfigError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  return input as RunConfigInput;
}
