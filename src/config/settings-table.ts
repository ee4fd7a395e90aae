/**
 * The one table of `restconform run`'s settings. Each row holds a setting's key (the row's name, camelCase), its key in a configuration
 * file, its type (the row's type parameters), its built-in default, its description, the JSON Schema of its file value, its conversions,
 * and its command-line option with help text and parser. Derived from it: `RunSettings`, `RunConfigInput` and `BUILTIN_DEFAULTS`
 * (`run-settings.ts`), the file keys (`file-keys.ts`), the configuration schema (`schema.ts`; `config/schema.json` is held equal to it
 * by `schema.test.ts`) and the options of `restconform run` (`cli/commands/run.ts`). A new setting is one row here, plus its use (the
 * engine and the run read `RunSettings` whole), plus its line in `config/default.yaml` (a test holds that file to the defaults) and
 * `config/schema.json` (regenerated, see `schema.test.ts`).
 */
import type { Severity } from '../checks/types.js';
import { ACCOUNT_ROLES } from '../request/identity.js';
import { parseChoicePatterns } from './operation-choice.js';
import { parseAccount, parseChecks, parseFailOn, parseLocales, parsePhases, parseShard } from './parse-values.js';
import { CHECK_NAME_PATTERN, ENV_NAME, FILE_OR_DEFAULT_PATH, NULLABLE_STRING, PHASE_NAME_PATTERN, text, wholeNumber } from './setting-values.js';
import { setting, withDefault } from './setting.js';
import { FAIL_ON_NAMES, PROFILE_NAMES, type AccountSetting, type FailOn, type Shard } from './setting-vocabularies.js';

/** Every setting, in the order `restconform run --help` lists them. Relative paths are relative to the working directory. */
export const SETTINGS = {
  /** The server under test; absent: start the bundled reference server on a free loopback port. */
  baseUrl: setting<string | undefined, string | null>({
    file: 'base-url',
    description:
      'Address of the server under test, without locale or REST root (http://localhost:8080). null or absent: start the bundled reference server on a free loopback port.',
    schema: { 'x-expected': 'an http:// or https:// address, or null', type: ['string', 'null'], format: 'uri', pattern: '^https?://' },
    flag: { option: '--base-url <url>', help: 'server under test (default: start the bundled reference server on a free loopback port)' },
  }),
  /** The REST root path segment, `wp-json` on WordPress. */
  restRoot: setting<string>({
    file: 'rest-root',
    default: 'wp-json',
    description: 'The REST root path segment between the locale and the routes; wp-json on WordPress.',
    schema: { 'x-expected': 'a path such as wp-json', type: 'string', pattern: '^[A-Za-z0-9._~-]+(?:/[A-Za-z0-9._~-]+)*$' },
    flag: { option: '--rest-root <path>', help: withDefault('REST root path segment') },
  }),
  /**
   * Locale path segments to test; `'none'` for none (plain WordPress: `{base_url}/{rest_root}/`), as the command
   * line and the file spell it. Resolved, none is `null`; `null` is also taken as input (the former spelling).
   */
  locales: setting<string[] | null, string[] | 'none' | null>({
    file: 'locales',
    default: ['en_gb', 'el'],
    description:
      'Locale path segments to test (the root descriptor of locale L is {base_url}/{L}/{rest_root}/), or "none" for plain WordPress ({base_url}/{rest_root}/).',
    schema: {
      'x-expected': 'a list of locales such as [en_gb, el], or "none"',
      anyOf: [
        { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: '^[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$' } },
        { const: 'none' },
      ],
    },
    fromFile: (value) => parseLocales(value === 'none' ? 'none' : (value as string[]), 'locales'),
    toFile: (value) => (value === null ? 'none' : value),
    flag: {
      option: '--locales <list>',
      help: withDefault('comma-separated locale path segments, or "none" for plain WordPress'),
      parse: (given) => parseLocales(text(given)),
    },
  }),
  /** `builtin` (the interface document as data), `none` (no contract comparison), or a contract file path. */
  contract: setting<string>({
    file: 'contract',
    default: 'builtin',
    description:
      'What the fetched descriptors are compared with: builtin (the interface document as data), none (no comparison), or the path of a contract JSON file.',
    schema: { type: 'string', minLength: 1 },
    flag: { option: '--contract <builtin|file|none>', help: withDefault('contract to compare descriptors with') },
  }),
  /** Drives every random choice: same seed, same requests. `random` (input only) picks one. */
  seed: setting<number, number | 'random'>({
    file: 'seed',
    default: 'random',
    description:
      'Drives every random choice; the same seed sends the same requests. "random": a fresh seed each run (printed in the report so the run can be repeated).',
    schema: { 'x-expected': 'a non-negative integer or "random"', anyOf: [{ type: 'integer', minimum: 0, maximum: 4294967295 }, { const: 'random' }] },
    flag: {
      option: '--seed <n|random>',
      help: withDefault('seed for every random choice; same seed, same requests'),
      parse: (given) => (text(given) === 'random' ? 'random' : wholeNumber('--seed', 0)(given)),
    },
  }),
  /** Generated cases the fuzz phase draws per operation, of each kind (valid, invalid). */
  fuzzExamples: setting<number>({
    file: 'fuzz-examples',
    formerly: 'examples',
    default: 20,
    description: 'Generated cases the fuzz phase draws per operation, of each kind (valid and invalid).',
    schema: { type: 'integer', minimum: 1, maximum: 1000000 },
    flag: {
      option: '--fuzz-examples <n>',
      help: withDefault('generated cases the fuzz phase draws per operation and kind'),
      parse: wholeNumber('--fuzz-examples', 0),
    },
  }),
  /** Requests of one race, sent together (the `concurrency` phase). */
  raceWidth: setting<number>({
    file: 'race-width',
    default: 8,
    description: 'How many requests of one race the concurrency phase sends together (each on a connection of its own, written in one turn).',
    schema: { type: 'integer', minimum: 2, maximum: 64 },
    flag: { option: '--race-width <n>', help: withDefault('requests of one race, sent together'), parse: wholeNumber('--race-width', 2) },
  }),
  /** Rounds of each race, with fresh values each (the `concurrency` phase). */
  raceRounds: setting<number>({
    file: 'race-rounds',
    default: 3,
    description: 'How many rounds of each race the concurrency phase runs, with fresh unique values each round (a race is won by chance).',
    schema: { type: 'integer', minimum: 1, maximum: 1000 },
    flag: { option: '--race-rounds <n>', help: withDefault('rounds of each race, fresh values each'), parse: wholeNumber('--race-rounds', 1) },
  }),
  sequences: setting<number>({
    file: 'sequences',
    default: 4,
    description: 'How many model-based sequences the sequences phase draws (fewer if its budget share runs out); a failing one is shrunk. 0 skips it.',
    schema: { type: 'integer', minimum: 0, maximum: 10000000 },
    flag: { option: '--sequences <n>', help: withDefault('model-based sequences to draw'), parse: wholeNumber('--sequences', 0) },
  }),
  /** Stop starting new work after this many seconds; `null` for no budget. */
  timeBudgetSeconds: setting<number | null>({
    file: 'time-budget',
    default: 300,
    description: 'Seconds after which no new work starts and the run ends with what it has (reported as stopped early). null: no budget.',
    schema: { type: ['number', 'null'], exclusiveMinimum: 0 },
    flag: { option: '--time-budget <seconds>', help: withDefault('stop starting new work after this long'), parse: wholeNumber('--time-budget', 1) },
  }),
  /** Phases to run, in running order (`all` is resolved against the engine's phases when the configuration is loaded). */
  phases: setting<string[], string[] | 'all'>({
    file: 'phases',
    default: 'all',
    description: 'Phases to run: "all", or a list of phase names (they always run in the engine\'s order; restconform run --help lists them).',
    schema: {
      'x-expected': '"all" or a list of phase names',
      anyOf: [{ const: 'all' }, { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: PHASE_NAME_PATTERN } }],
    },
    fromFile: (value) => parsePhases(value as string[] | string, undefined, 'phases'),
    flag: {
      option: '--phases <list>',
      help: (shown, context) => `phases to run, or "all", in this order (default: ${shown}; phases: ${context.knownPhases.join(', ')})`,
      parse: (given, context) => parsePhases(text(given), context.knownPhases),
    },
  }),
  /** Enabled check names, or `all`. */
  checks: setting<string[] | 'all'>({
    file: 'checks',
    default: 'all',
    description: 'Checks to run: "all", or a list of check names.',
    schema: {
      'x-expected': '"all" or a list of check names',
      anyOf: [{ const: 'all' }, { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: CHECK_NAME_PATTERN } }],
    },
    fromFile: (value) => parseChecks(value as string[] | string, undefined, 'checks'),
    flag: {
      option: '--checks <list>',
      help: (shown, context) => `checks to enable, or "all" (default: ${shown}; names: ${context.knownChecks.join(', ')})`,
      parse: (given, context) => parseChecks(text(given), context.knownChecks),
    },
  }),
  /** Operations to test: those matching some pattern (all when empty), less those `exclude` matches (see `operation-choice.ts`). */
  include: setting<string[]>({
    file: 'include',
    default: [],
    description:
      'Test only the operations matching one of these patterns, [LOCALE:][METHODS ]TARGET, where TARGET is a namespace (myplugin/v1), a route glob (/community/v1/members/*; * within a segment, ** across), or a regular expression between slashes (/members|groups/), e.g. "el:DELETE community/v1". Empty: every operation. The resource model still reaches parents outside the choice where a chosen family needs them, and says so.',
    schema: { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 } },
    fromFile: (value) => parseChoicePatterns(value as string[], 'include'),
    flag: {
      option: '--include <pattern>',
      help: 'test only operations matching this pattern, [LOCALE:][METHODS ]namespace|/route/glob/*|/regex/ (e.g. myplugin/v1, "GET /wp/v2/posts/*", el:); repeat for more (default: every operation)',
      parse: (given) => parseChoicePatterns([given].flat(), '--include'),
      repeatable: true,
    },
  }),
  /** Operations not to test, whatever `include` says; same patterns. */
  exclude: setting<string[]>({
    file: 'exclude',
    default: [],
    description: 'Leave out the operations matching one of these patterns (the same patterns as include), whatever include chooses. Empty: none left out.',
    schema: { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 } },
    fromFile: (value) => parseChoicePatterns(value as string[], 'exclude'),
    flag: {
      option: '--exclude <pattern>',
      help: 'leave out operations matching this pattern (as --include; e.g. "DELETE *"); repeat for more (default: none)',
      parse: (given) => parseChoicePatterns([given].flat(), '--exclude'),
      repeatable: true,
    },
  }),
  /** Per-check severity overrides. */
  severity: setting<Record<string, Severity>>({
    file: 'severity',
    default: {},
    description: 'Per-check severity overrides: failure fails the run, warning is reported only. Example: { json_content_type: warning }.',
    schema: {
      type: 'object',
      additionalProperties: false,
      patternProperties: { [CHECK_NAME_PATTERN]: { description: 'The severity of the check named by the key.', enum: ['failure', 'warning'] } },
    },
  }),
  /** Requests in flight at once (not the concurrency phase's races: `raceWidth`). */
  connections: setting<number>({
    file: 'connections',
    formerly: 'concurrency',
    default: 16,
    description: 'Requests in flight at once (the concurrency phase sends its races by race-width).',
    schema: { type: 'integer', minimum: 1, maximum: 1024 },
    flag: { option: '--connections <n>', help: withDefault('requests in flight at once'), parse: wholeNumber('--connections', 1) },
  }),
  /** Per-request timeout. */
  timeoutMs: setting<number>({
    file: 'timeout-ms',
    default: 10_000,
    description: 'Per-request timeout in milliseconds.',
    schema: { type: 'integer', minimum: 1 },
    flag: { option: '--timeout-ms <ms>', help: withDefault('per-request timeout'), parse: wholeNumber('--timeout-ms', 1) },
  }),
  /** Response bodies are cut at this size. */
  maxBodyBytes: setting<number>({
    file: 'max-body-bytes',
    default: 1_048_576,
    description: 'Response bodies are read up to this many bytes and cut there.',
    schema: { type: 'integer', minimum: 1 },
  }),
  /** Requests per second across the run; absent: unlimited. */
  rateLimit: setting<number | undefined, number | null>({
    file: 'rate-limit',
    description: 'At most this many requests per second across the run. null: unlimited.',
    schema: { type: ['number', 'null'], exclusiveMinimum: 0 },
    flag: { option: '--rate-limit <rps>', help: 'at most this many requests per second (default: unlimited)', parse: wholeNumber('--rate-limit', 1) },
  }),
  /** The account for HTTP Basic with an application password; `null`: anonymous. */
  user: setting<string | null>({
    file: 'user',
    default: null,
    description:
      'Account login for HTTP Basic with an application password. null: anonymous requests only. The password itself is never a configuration value: it is read from the environment variable named by app-password-env.',
    schema: NULLABLE_STRING,
    flag: {
      option: '--user <login>',
      help: "account for HTTP Basic with an application password (default: anonymous; the reference server's administrator when testing it)",
    },
  }),
  /** The environment variable holding the application password (never a command-line value). */
  appPasswordEnv: setting<string>({
    file: 'app-password-env',
    default: 'RESTCONFORM_APP_PASSWORD',
    description: 'Name of the environment variable that holds the application password.',
    schema: ENV_NAME,
    flag: { option: '--app-password-env <var>', help: withDefault('environment variable holding the application password') },
  }),
  /** More named accounts for the access matrix; empty against the bundled server: its seeded accounts. */
  accounts: setting<AccountSetting[]>({
    file: 'accounts',
    default: [],
    description:
      'More named accounts for access-control tests, besides the main account (user): each with its login, its role (least privileged first: subscriber, member, contributor, author, editor, moderator, administrator; WordPress role names included; less privileged identities try each write first) and the environment variable holding its application password. The password itself is never a configuration value.',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['user', 'role', 'app-password-env'],
        properties: {
          user: { description: "The account's login.", type: 'string', minLength: 1 },
          role: {
            description: 'What the account is on the server, which decides what it should be allowed.',
            enum: [...ACCOUNT_ROLES],
          },
          'app-password-env': { description: "Name of the environment variable that holds the account's application password.", ...ENV_NAME },
        },
      },
    },
    fromFile: (value) =>
      (value as Array<{ user: string; role: AccountSetting['role']; 'app-password-env': string }>).map((account) => ({
        user: account.user,
        role: account.role,
        appPasswordEnv: account['app-password-env'],
      })),
    toFile: (value) => value.map((account) => ({ user: account.user, role: account.role, 'app-password-env': account.appPasswordEnv })),
    flag: {
      option: '--account <role:login:env>',
      help: "one more account for the access matrix: its role (subscriber, member, contributor, author, editor, moderator, administrator), login, and the environment variable holding its application password; repeat for each (default: none; the bundled server's seeded member, second member and moderator when testing it)",
      parse: (given) => [given].flat().map((each) => parseAccount(each)),
      repeatable: true,
    },
  }),
  /** Folder for `report.json` and `report.html` when no explicit path is given; `null`: none by default. */
  reportDir: setting<string | null>({
    file: 'report-dir',
    default: 'reports',
    description: 'Folder that receives report.json and report.html when json or html are not given. null: no reports unless asked for.',
    schema: NULLABLE_STRING,
    flag: { option: '--report-dir <dir>', help: withDefault('folder for report.json and report.html') },
  }),
  /** A path, `true` for `<reportDir>/junit.xml`, or `null` for none. */
  junit: setting<string | true | null>({
    file: 'junit',
    default: null,
    description: 'Write a JUnit XML report to this path; true: report-dir/junit.xml. null: none.',
    schema: FILE_OR_DEFAULT_PATH,
    flag: { option: '--junit <file>', help: 'write a JUnit XML report (in a config file, true: <report-dir>/junit.xml)' },
  }),
  /** The JSON report's path; `null`: `<reportDir>/report.json` when `reportDir` is set. */
  json: setting<string | null>({
    file: 'json',
    default: null,
    description: 'Write the JSON report (the input of `restconform replay`) to this path. null: report-dir/report.json when report-dir is set.',
    schema: NULLABLE_STRING,
    flag: { option: '--json <file>', help: 'write the JSON report (default: <report-dir>/report.json)' },
  }),
  /** The HTML report's path; `null`: `<reportDir>/report.html` when `reportDir` is set. */
  html: setting<string | null>({
    file: 'html',
    default: null,
    description: 'Write the self-contained HTML report to this path. null: report-dir/report.html when report-dir is set.',
    schema: NULLABLE_STRING,
    flag: { option: '--html <file>', help: 'write the HTML report (default: <report-dir>/report.html)' },
  }),
  /** A path, `true` for `<reportDir>/events.ndjson`, or `null` for none. */
  ndjson: setting<string | true | null>({
    file: 'ndjson',
    default: null,
    description: 'Stream every engine event to this path, one JSON object per line; true: report-dir/events.ndjson. null: none.',
    schema: FILE_OR_DEFAULT_PATH,
    flag: { option: '--ndjson <file>', help: 'stream every event as one JSON line' },
  }),
  /** Send non-safe methods to a non-loopback target, and writes to what the run did not make to any target but the bundled server. */
  allowDestructive: setting<boolean>({
    file: 'allow-destructive',
    default: false,
    description:
      'Send POST, PUT, PATCH and DELETE to a target that is not on loopback (without it only GET, HEAD and OPTIONS are sent there), and on any target but the bundled server, writes to resources the run did not make (without it they go out without credentials).',
    schema: { type: 'boolean' },
    flag: {
      option: '--allow-destructive',
      help: 'send write methods to a non-loopback target (default: only GET, HEAD, OPTIONS there), and writes to what the run did not make to any target but the bundled server (default: those go without credentials)',
    },
  }),
  /** Delete what the run made at its end, on any target but the bundled server (`--no-cleanup`: false). */
  cleanup: setting<boolean>({
    file: 'cleanup',
    default: true,
    description:
      'Delete what the run made (stateful and fuzz phases alike) at its end, children before parents, on any target but the bundled server; the report lists what could not be removed. false keeps it (--no-cleanup).',
    schema: { type: 'boolean' },
    flag: { option: '--no-cleanup', help: 'keep what the run made on a target that is not the bundled server (default: deleted at the end, children first)' },
  }),
  /** A YAML or JSON file of resource hints for the stateful phase (see `restconform resources`); `null`: built-in only. */
  resourceHints: setting<string | null>({
    file: 'resource-hints',
    default: null,
    description:
      'A YAML or JSON file of resource hints (create values, unique fields, parents, list filters, fixed fields, skip) keyed by collection route, over the built-in hints for community/v1 and wp/v2. null: built-in hints only.',
    schema: NULLABLE_STRING,
    flag: {
      option: '--resource-hints <file>',
      help: 'YAML or JSON resource hints for the stateful phase, over the built-in ones (see restconform resources)',
    },
  }),
  /** Treat "needs credentials" answers (401/403 to valid requests) as failures instead of notes. */
  strictAuth: setting<boolean>({
    file: 'strict-auth',
    default: false,
    description: 'Count valid requests answered 401 or 403 (needs credentials) as failures instead of coverage notes.',
    schema: { type: 'boolean' },
    flag: { option: '--strict-auth', help: 'a write that succeeds without credentials is a failure, not a warning (default: off)' },
  }),
  /** Run only one slice of the operations; `null`: all. */
  shard: setting<Shard | null>({
    file: 'shard',
    default: null,
    description:
      "Run one slice of a split run, as I/N with 1 <= I <= N (2/4 is the second of four slices), merged with restconform merge; auto or auto/N reads the CI system's variables (GitLab CI_NODE_INDEX and CI_NODE_TOTAL; Kubernetes JOB_COMPLETION_INDEX with the total N or RESTCONFORM_SHARD_TOTAL). null: the whole run.",
    schema: {
      'x-expected': 'I/N with 1 <= I <= N (such as 2/4), auto, auto/N, or null',
      type: ['string', 'null'],
      pattern: '^([1-9][0-9]*|auto)/[1-9][0-9]*$|^auto$',
    },
    fromFile: (value) => (value === null ? null : parseShard(value as string, 'shard')),
    toFile: (value) => (value === null ? null : `${value.index}/${value.count}`),
    flag: {
      option: '--shard <i/n|auto>',
      help: 'run slice i of n, e.g. 2/4: routes and whole-run work dealt out by estimated cost; merge the reports with restconform merge. auto: from GitLab CI_NODE_INDEX/CI_NODE_TOTAL or Kubernetes JOB_COMPLETION_INDEX (total: auto/N or RESTCONFORM_SHARD_TOTAL) (default: all)',
      parse: (given) => parseShard(text(given)),
    },
  }),
  /**
   * Values of arguments a route needs but its descriptor does not declare, by route key (as the descriptor
   * writes it) then argument name: added to every request to that route that lacks them, in every phase.
   */
  extraValues: setting<Record<string, Record<string, unknown>>>({
    file: 'extra-values',
    default: {},
    description:
      'Values of arguments a route needs but its descriptor does not declare, by route key (as the descriptor writes it, e.g. /community/v1/signup) then argument name. Added to every request to that route that lacks them, in every phase; arguments the descriptor declares are left to the generators. Example: { /community/v1/signup: { field_3: Ada } }.',
    schema: {
      type: 'object',
      additionalProperties: false,
      patternProperties: {
        '^/': {
          description: 'Argument name → value, for the route named by the key.',
          type: 'object',
          additionalProperties: false,
          patternProperties: { '^.+$': { description: 'The value sent for the argument named by the key.' } },
        },
      },
    },
  }),
  /** Known findings: a previous JSON report, or a list of `{check, method, route, reason}`; `null`: none. */
  baseline: setting<string | null>({
    file: 'baseline',
    default: null,
    description:
      'Known findings that do not fail the run: a previous JSON report, or a JSON list of {check, method, route, reason} (locale optional). A finding it lists is reported as known; one it does not list is new; a listed one this run no longer finds is reported as fixed. null: none.',
    schema: NULLABLE_STRING,
    flag: {
      option: '--baseline <file>',
      help: withDefault(
        'known findings that do not fail the run: a previous JSON report, a JSON list of {check, method, route, reason}, or wordpress-6.1 (shipped); new ones fail, fixed ones are noted',
      ),
    },
  }),
  /** What fails the run besides a new failure. */
  failOn: setting<FailOn[]>({
    file: 'fail-on',
    default: [],
    description:
      'What fails the run besides a new failure: warning (a new warning), incomplete (a phase skipped because the run stopped, an operation that got no request, a run stopped early). An empty list: only failures.',
    schema: { type: 'array', uniqueItems: true, items: { enum: [...FAIL_ON_NAMES] } },
    fromFile: (value) => parseFailOn(value as string[], 'fail-on'),
    flag: {
      option: '--fail-on <list>',
      help: (shown) =>
        `also fail the run on: warning (a new warning), incomplete (phases skipped or operations left without a request), or none (default: ${shown}; the ci profile: incomplete)`,
      parse: (given) => parseFailOn(text(given)),
    },
  }),
};

/**
 * The options that are no setting of a run, declared once here so that no command spells an option of its own: the
 * layers `run` reads its settings from (`config`, `profile`), and the other commands' own options (`export` and
 * `resources` share `descriptor`; `serve` listens on `host` and `port`). Each command picks them by key, as it picks
 * rows of `SETTINGS`, and gives them its default. `choices` are the only values commander accepts; a `hidden` option
 * is read but not shown in help.
 */
export const COMMAND_OPTIONS = {
  /** `run`'s configuration file: the layer between the options and the profile. */
  config: { option: '--config <file>', help: 'YAML configuration file (keys as in config/default.yaml)' },
  /** `run`'s bundled profile: the layer under the configuration file. */
  profile: { option: '--profile <name>', help: 'bundled profile (default: default)', choices: PROFILE_NAMES },
  /** A saved root descriptor instead of a server. */
  descriptor: { option: '--descriptor <file>', help: 'read the descriptor from a saved JSON file instead of a server' },
  /** Where `export` writes, the default given by the command. */
  out: {
    option: '--out <dir>',
    help: (shown: string) => `folder to write into, or "-" to print a one-file format on stdout (default: ${shown})`,
  },
  /** `export openapi`'s form of a type list (the `typeLists` option of the OpenAPI export). */
  typeLists: {
    option: '--type-lists',
    help:
      'openapi: keep JSON Schema type lists ("type": ["string", "null"]), OpenAPI 3.1\'s compact form, for tools that read 3.1 ' +
      'natively and show a list as one type (Prism and Redocly read both forms); default: anyOf of single-type schemas, ' +
      'which Schemathesis 4.x needs',
  },
  /** `replay` against the bundled reference server, started with the report's seed. */
  reference: { option: '--reference', help: "start the bundled reference server with the report's seed and replay against it" },
  /** The address a server the command starts listens on. */
  host: { option: '--host <host>', help: 'address to listen on' },
  /** The port a server the command starts listens on. */
  port: { option: '--port <n>', help: 'port to listen on (0 picks a free one)' },
  /**
   * A password as a value, read only to be refused (`serve`): a password on the command line shows in `ps` and in
   * shell history, so it is never an option; hidden, so help offers no such thing.
   */
  appPassword: { option: '--app-password <password>', help: 'refused: a password is never a command-line value', hidden: true },
} as const;
