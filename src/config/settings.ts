/**
 * The settings of `restconform run`, in two types: `RunConfigInput` is what a user may give (every key
 * optional, from a YAML file or the command line); `RunSettings` is the resolved result the engine reads (every
 * key decided). `loadConfig` turns layers of the first into the second.
 */
import type { Severity } from '../checks/types.js';
import type { AccountRole } from '../request/identity.js';

/** The engine's phases, in the order they run. */
export const PHASE_NAMES = ['contract', 'locale', 'schemas', 'examples', 'collections', 'fuzz', 'stateful', 'concurrency', 'batch', 'auth'] as const;

export type PhaseName = (typeof PHASE_NAMES)[number];

/** One slice of the operations: `--shard 2/4` is `{ index: 2, count: 4 }`. `index` is 1-based (1..count). */
export interface Shard {
  index: number;
  count: number;
}

/** A named account besides the main one: its login, its role, and where its application password is. */
export interface AccountSetting {
  user: string;
  role: AccountRole;
  /** The environment variable holding the application password (never the password itself). */
  appPasswordEnv: string;
}

/** What besides failures fails a run: `warning` (a new warning), `incomplete` (phases or operations left untested). */
export const FAIL_ON_NAMES = ['warning', 'incomplete'] as const;

export type FailOn = (typeof FAIL_ON_NAMES)[number];

/** Resolved run settings: every key decided. Relative paths are relative to the working directory. */
export interface RunSettings {
  /** The server under test; absent: start the bundled reference server on a free loopback port. */
  baseUrl?: string;
  /** The REST root path segment, `wp-json` on WordPress. */
  restRoot: string;
  /** Locale path segments to test; `null` for none (plain WordPress: `{base_url}/{rest_root}/`). */
  locales: string[] | null;
  /** `builtin` (the interface document as data), `none` (no contract comparison), or a contract file path. */
  contract: string;
  /** Drives every random choice: same seed, same requests. */
  seed: number;
  /** Generated examples per operation per phase. */
  examples: number;
  /** Stop starting new work after this many seconds; `null` for no budget. */
  timeBudgetSeconds: number | null;
  /** Phases to run, in running order. */
  phases: PhaseName[];
  /** Enabled check names, or `all`. */
  checks: string[] | 'all';
  /** Per-check severity overrides. */
  severity: Record<string, Severity>;
  /** Requests in flight at once. */
  concurrency: number;
  /** Per-request timeout. */
  timeoutMs: number;
  /** Response bodies are cut at this size. */
  maxBodyBytes: number;
  /** Requests per second across the run; absent: unlimited. */
  rateLimit?: number;
  /** The account for HTTP Basic with an application password; `null`: anonymous. */
  user: string | null;
  /** The environment variable holding the application password (never a command-line value). */
  appPasswordEnv: string;
  /** More named accounts for the access matrix; empty against the bundled server: its seeded accounts. */
  accounts: AccountSetting[];
  /** Folder for `report.json` and `report.html` when no explicit path is given; `null`: none by default. */
  reportDir: string | null;
  /** A path, `true` for `<reportDir>/junit.xml`, or `null` for none. */
  junit: string | true | null;
  json: string | null;
  html: string | null;
  /** A path, `true` for `<reportDir>/events.ndjson`, or `null` for none. */
  ndjson: string | true | null;
  /** Send non-safe methods to a non-loopback target, and writes to what the run did not make to any target but the bundled server. */
  allowDestructive: boolean;
  /** Delete what the run made at its end, on any target but the bundled server (`--no-cleanup`: false). */
  cleanup: boolean;
  /** A YAML or JSON file of resource hints for the stateful phase (see `restconform resources`); `null`: built-in only. */
  resourceHints: string | null;
  /** Treat "needs credentials" answers (401/403 to valid requests) as failures instead of notes. */
  strictAuth: boolean;
  /** Run only one slice of the operations; `null`: all. */
  shard: Shard | null;
  /**
   * Values of arguments a route needs but its descriptor does not declare, by route key (as the descriptor
   * writes it) then argument name: added to every request to that route that lacks them, in every phase.
   */
  extraValues: Record<string, Record<string, unknown>>;
  /** Known findings: a previous JSON report, or a list of `{check, method, route, reason}`; `null`: none. */
  baseline: string | null;
  /** What fails the run besides a new failure. */
  failOn: FailOn[];
}

/**
 * What a user may give, every key optional. `undefined` means "not given" (a lower layer decides); `null` on
 * `baseUrl` or `rateLimit` clears a value a lower layer set; `seed: 'random'` asks for a fresh seed.
 */
export type RunConfigInput = {
  [K in Exclude<keyof RunSettings, 'baseUrl' | 'rateLimit' | 'seed'>]?: RunSettings[K];
} & {
  baseUrl?: string | null;
  rateLimit?: number | null;
  seed?: number | 'random';
};

/** The built-in defaults, the lowest layer (`config/default.yaml` states the same values, for users to read). */
export const BUILTIN_DEFAULTS: Required<Omit<RunConfigInput, 'baseUrl' | 'rateLimit'>> = {
  restRoot: 'wp-json',
  locales: ['en_gb', 'el'],
  contract: 'builtin',
  seed: 'random',
  examples: 20,
  timeBudgetSeconds: 300,
  phases: [...PHASE_NAMES],
  checks: 'all',
  severity: {},
  concurrency: 16,
  timeoutMs: 10_000,
  maxBodyBytes: 1_048_576,
  user: null,
  appPasswordEnv: 'RESTCONFORM_APP_PASSWORD',
  accounts: [],
  reportDir: 'reports',
  junit: null,
  json: null,
  html: null,
  ndjson: null,
  allowDestructive: false,
  cleanup: true,
  resourceHints: null,
  strictAuth: false,
  shard: null,
  extraValues: {},
  baseline: null,
  failOn: [],
};
