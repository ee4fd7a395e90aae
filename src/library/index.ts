/**
 * restconform as a library: `import { run, loadTarget, checks } from 'restconform'`.
 *
 * - `loadTarget` reads a server's descriptors (every locale) and lists the operations a run would test; without
 *   a base URL it starts the bundled reference server.
 * - `run` is `restconform run` in-process: the same settings (every key of `config/default.yaml`, camel-cased),
 *   no console unless asked, the result and exit code returned.
 * - `checks` lists every check by name, with its severity, rule and (for a phase's own checks) phase.
 * - `replayJob`, `cleanupJob`, `exportJob`, `resourcesJob`, `mergeJob`: the other commands, as jobs.
 *
 * The vitest entry, `restconform/vitest`, turns a target's operations and checks into tests.
 */
import { CHECKS } from '../checks/index.js';
import type { Severity } from '../checks/types.js';
import { parseLocales, type ProfileName, type RunConfigInput, type RunSettings } from '../config/index.js';
import type { LoadedDescriptor, Operation } from '../descriptor/index.js';
import { planRun, type RunResult } from '../engine/engine.js';
import type { Reporter } from '../engine/events.js';
import type { Credentials } from '../request/types.js';
import { isLoopbackUrl, loadRunSettings, localePlaces, openTarget, runJob } from '../jobs/index.js';

export type { Check, CheckContext, CheckFailure, Finding, Severity } from '../checks/types.js';
export type { CoverageEntry, Reporter, RunEvent, RunSummary, ShardRef, ShardRun } from '../engine/events.js';
export type { RunResult } from '../engine/engine.js';
export type { LoadedDescriptor, Operation } from '../descriptor/types.js';
export type { JsonReport } from '../report/json.js';
export type { ProfileName, RunConfigInput, RunSettings } from '../config/index.js';
export { mergeReports, MergeError, type MergeInput } from '../report/merge.js';
export { buildJsonReport, buildJunitXml, renderHtmlReport } from '../report/index.js';
/**
 * The jobs of the other commands, as the command line runs them: each opens its target through `openTarget` (the
 * bundled server or a named one, its one transport, its descriptors, its accounts checked).
 */
export {
  cleanupJob,
  exportJob,
  mergeJob,
  openTarget,
  replayJob,
  resourcesJob,
  type CleanupOptions,
  type MergeOptions,
  type OpenTarget,
  type OpenTargetOptions,
  type ReplayOptions,
} from '../jobs/index.js';

/** A check as users name it in `--checks`, `severity` and test names. */
export interface CheckInfo {
  name: string;
  severity: Severity;
  /** The rule it holds the server to. */
  description: string;
  /** For checks a phase reports itself: the phase; absent for checks run on every answer. */
  phase?: string;
}

/** Every check restconform knows, as the registry lists them: those run on every answer first, then the phases' own. */
export const checks: readonly CheckInfo[] = Object.freeze(
  CHECKS.map(({ name, severity, description, evidence }) =>
    evidence === 'exchange' ? { name, severity, description } : { name, severity, description, phase: evidence },
  ),
);

/** Where and how to reach the server under test. */
export interface TargetOptions {
  /** The server's base URL; without it the bundled reference server is started (and stopped by `close`). */
  baseUrl?: string;
  /** REST root path segment; default `wp-json`. */
  restRoot?: string;
  /**
   * Locale path segments, or `'none'` for plain WordPress, as `run({ locales })` and `restconform run --locales`
   * take them; default `['en_gb', 'el']`. `null`, the former spelling of `'none'`, still works.
   */
  locales?: string[] | 'none' | null;
  /** Login for HTTP Basic with an application password; default anonymous (the bundled server's administrator). */
  user?: string;
  /** The application password: pass it from a secret, never a literal in code. */
  appPassword?: string;
  /** Seed of the bundled reference server's data; default 1. */
  seed?: number;
  /** Per-request timeout of the descriptor fetch, in milliseconds; default 10,000. */
  timeoutMs?: number;
  /** The operations to list, as `run({ include, exclude })` chooses them (docs/choosing-operations.md); default every one. */
  include?: string[];
  exclude?: string[];
}

/** A server whose descriptors were read. */
export interface Target {
  baseUrl: string;
  /** True when `loadTarget` started the bundled reference server. */
  bundled: boolean;
  restRoot: string;
  /** The locales read; `null` for plain WordPress (`'none'`). */
  locales: string[] | null;
  /** One descriptor per locale (one for plain WordPress). */
  descriptors: LoadedDescriptor[];
  /** The operations a run sends requests for (only GET on a server not on loopback), in the run's order. */
  operations: Operation[];
  /** The credentials of the target, when it has any. */
  credentials?: Credentials;
  /** Stops the bundled reference server, if one was started. */
  close(): Promise<void>;
}

/**
 * Reads the target's descriptors in every locale and lists the operations a run would test.
 *
 * @throws Error when a descriptor cannot be read (with the address tried), or a user is named without a password
 */
export async function loadTarget(options: TargetOptions = {}): Promise<Target> {
  const defaults = loadRunSettings({ overrides: {} });
  const restRoot = options.restRoot ?? defaults.restRoot;
  const locales = options.locales === undefined ? defaults.locales : options.locales === null ? null : parseLocales(options.locales, 'loadTarget: locales');
  if (options.user !== undefined && !options.appPassword) throw new Error(`loadTarget: user ${options.user} needs its application password (appPassword)`);
  const given = options.user !== undefined ? { user: options.user, password: options.appPassword! } : undefined;
  const target = await openTarget({
    baseUrl: options.baseUrl,
    seed: options.seed ?? 1,
    restRoot,
    descriptors: localePlaces(restRoot, locales),
    accounts: (bundled) => ({ credentials: given ?? bundled?.admin }),
    transport: { timeoutMs: options.timeoutMs ?? defaults.timeoutMs },
  });
  try {
    const { baseUrl, descriptors, credentials } = target;
    const safeMethodsOnly = !isLoopbackUrl(baseUrl);
    const { operations } = planRun({
      descriptors,
      safeMethodsOnly,
      choice: { include: options.include ?? [], exclude: options.exclude ?? [] },
      phases: defaults.phases,
      fuzzExamples: defaults.fuzzExamples,
      hasContract: false,
      hasCredentials: credentials !== undefined,
    });
    return {
      baseUrl,
      bundled: target.bundled !== undefined,
      restRoot,
      locales,
      descriptors,
      operations,
      ...(credentials ? { credentials } : {}),
      close: () => target.close(),
    };
  } catch (error) {
    await target.close();
    throw error;
  }
}

/** The variable `run` hands a given password over in (it never becomes an argument or a setting). */
const PASSWORD_VARIABLE = 'RESTCONFORM_APP_PASSWORD';

/** `restconform run`'s settings, plus where to run and what to show. */
export interface RunOptions extends RunConfigInput {
  /** A target from `loadTarget`: its base URL, REST root, locales and credentials are used. */
  target?: Target;
  /** The application password of `user` (else it is read from the variable `appPasswordEnv` names). */
  appPassword?: string;
  /** A bundled profile: `default`, `ci` or `fuzz`. */
  profile?: ProfileName;
  /** A YAML configuration file, as `--config` reads. */
  config?: string;
  /** Where the console summary goes; default nowhere. */
  console?: NodeJS.WritableStream | false;
  /** More reporters to receive the run's events. */
  reporters?: Reporter[];
  /** Aborting it stops the run as Ctrl-C does (the reports of the work done are still written). */
  signal?: AbortSignal;
}

/** What a run gave: the exit code the command line would have given, and the results. */
export interface RunOutcome extends RunResult {
  /** 0 no failure, 1 at least one failure (or the target died), 130 interrupted. */
  exitCode: number;
  /** The settings the run used, after profile, configuration file and options. */
  settings: RunSettings;
}

/**
 * Runs restconform in-process. Without `baseUrl` or `target` it tests the bundled reference server. Report files
 * are written only where asked (`json`, `junit`, `html`, `ndjson`, `reportDir`).
 *
 * @throws Error with a one-line reason for a bad setting or an unreadable descriptor
 */
export async function run(options: RunOptions = {}): Promise<RunOutcome> {
  const { target, appPassword, profile, config, console, reporters, signal, ...given } = options;
  const fromTarget: RunConfigInput = target
    ? { baseUrl: target.baseUrl, restRoot: target.restRoot, locales: target.locales, user: target.credentials?.user }
    : {};
  const password = appPassword ?? target?.credentials?.password;
  const overrides: RunConfigInput = {
    reportDir: null,
    ...fromTarget,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
    ...(password !== undefined ? { appPasswordEnv: PASSWORD_VARIABLE } : {}),
  };
  const settings = loadRunSettings({ file: config, profile, overrides });
  const env = password !== undefined ? { ...process.env, [PASSWORD_VARIABLE]: password } : process.env;
  const { exitCode, result } = await runJob(settings, { console: console ?? false, env, signal, reporters });
  if (!result) throw new Error('restconform: the run was interrupted before it started');
  return { ...result, exitCode, settings };
}
