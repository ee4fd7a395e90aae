/**
 * `restconform run`: test a server (or the bundled reference server) against its own descriptor.
 * Flags override the configuration file, which overrides the profile. Help shows each built-in default, but
 * no default is applied here: a flag that is not given leaves the lower layers in charge.
 */
import { Command, Option } from 'commander';
import {
  BUILTIN_DEFAULTS,
  ConfigError,
  loadConfig,
  parseAccount,
  parseChecks,
  parseFailOn,
  parseLocales,
  parsePhases,
  parseShard,
  PROFILE_NAMES,
  type ProfileName,
  type RunConfigInput,
} from '../../config/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { knownCheckNames, runJob } from '../run-job.js';

interface RunFlags {
  baseUrl?: string;
  restRoot?: string;
  locales?: string;
  contract?: string;
  config?: string;
  profile?: string;
  seed?: string;
  examples?: string;
  timeBudget?: string;
  phases?: string;
  checks?: string;
  concurrency?: string;
  timeoutMs?: string;
  rateLimit?: string;
  user?: string;
  appPasswordEnv?: string;
  account?: string[];
  reportDir?: string;
  junit?: string;
  json?: string;
  html?: string;
  ndjson?: string;
  allowDestructive?: boolean;
  /** commander sets it false for --no-cleanup and true otherwise. */
  cleanup?: boolean;
  resourceHints?: string;
  strictAuth?: boolean;
  shard?: string;
  baseline?: string;
  failOn?: string;
}

const shown = (value: unknown): string => (value === null ? 'none' : Array.isArray(value) ? value.join(',') : String(value));

function whole(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min) throw new UsageError(`${name} takes a whole number of at least ${min}, not "${text}"`);
  return Number(text);
}

/** Command-line flags as a configuration layer; absent flags stay undefined. */
export function flagsToOverrides(flags: RunFlags): RunConfigInput {
  return {
    baseUrl: flags.baseUrl,
    restRoot: flags.restRoot,
    locales: flags.locales === undefined ? undefined : parseLocales(flags.locales),
    contract: flags.contract,
    seed: flags.seed === undefined ? undefined : flags.seed === 'random' ? 'random' : whole('--seed', flags.seed, 0),
    examples: whole('--examples', flags.examples, 0),
    timeBudgetSeconds: whole('--time-budget', flags.timeBudget, 1),
    phases: flags.phases === undefined ? undefined : parsePhases(flags.phases),
    checks: flags.checks === undefined ? undefined : parseChecks(flags.checks, knownCheckNames()),
    concurrency: whole('--concurrency', flags.concurrency, 1),
    timeoutMs: whole('--timeout-ms', flags.timeoutMs, 1),
    rateLimit: whole('--rate-limit', flags.rateLimit, 1),
    user: flags.user,
    appPasswordEnv: flags.appPasswordEnv,
    accounts: flags.account === undefined ? undefined : flags.account.map((text) => parseAccount(text)),
    reportDir: flags.reportDir,
    junit: flags.junit,
    json: flags.json,
    html: flags.html,
    ndjson: flags.ndjson,
    allowDestructive: flags.allowDestructive,
    // Only --no-cleanup is a choice; commander's default true would hide the configuration file's value.
    cleanup: flags.cleanup === false ? false : undefined,
    resourceHints: flags.resourceHints,
    strictAuth: flags.strictAuth,
    shard: flags.shard === undefined ? undefined : parseShard(flags.shard),
    baseline: flags.baseline,
    failOn: flags.failOn === undefined ? undefined : parseFailOn(flags.failOn),
  };
}

export function runCommand(sink: ExitCodeSink): Command {
  const d = BUILTIN_DEFAULTS;
  return new Command('run')
    .description('Test a server against its root descriptor (and the interface contract); without --base-url, test the bundled reference server')
    .option('--base-url <url>', 'server under test (default: start the bundled reference server on a free loopback port)')
    .option('--rest-root <path>', `REST root path segment (default: ${d.restRoot})`)
    .option('--locales <list>', `comma-separated locale path segments, or "none" for plain WordPress (default: ${shown(d.locales)})`)
    .option('--contract <builtin|file|none>', `contract to compare descriptors with (default: ${d.contract})`)
    .option('--config <file>', 'YAML configuration file (keys as in config/default.yaml)')
    .addOption(new Option('--profile <name>', 'bundled profile (default: default)').choices([...PROFILE_NAMES]))
    .option('--seed <n|random>', `seed for every random choice; same seed, same requests (default: ${d.seed})`)
    .option('--examples <n>', `generated examples per operation and phase (default: ${d.examples})`)
    .option('--time-budget <seconds>', `stop starting new work after this long (default: ${d.timeBudgetSeconds})`)
    .option('--phases <list>', `phases to run (default: ${shown(d.phases)})`)
    .option('--checks <list>', `checks to enable, or "all" (default: ${d.checks}; names: ${knownCheckNames().join(', ')})`)
    .option('--concurrency <n>', `requests in flight at once (default: ${d.concurrency})`)
    .option('--timeout-ms <ms>', `per-request timeout (default: ${d.timeoutMs})`)
    .option('--rate-limit <rps>', 'at most this many requests per second (default: unlimited)')
    .option('--user <login>', "account for HTTP Basic with an application password (default: anonymous; the reference server's administrator when testing it)")
    .option('--app-password-env <var>', `environment variable holding the application password (default: ${d.appPasswordEnv})`)
    .option(
      '--account <role:login:env>',
      "one more account for the access matrix: its role (member, author, editor, moderator, administrator), login, and the environment variable holding its application password; repeat for each (default: none; the bundled server's seeded member, second member and moderator when testing it)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--report-dir <dir>', `folder for report.json and report.html (default: ${d.reportDir})`)
    .option('--junit <file>', 'write a JUnit XML report (in a config file, true: <report-dir>/junit.xml)')
    .option('--json <file>', 'write the JSON report (default: <report-dir>/report.json)')
    .option('--html <file>', 'write the HTML report (default: <report-dir>/report.html)')
    .option('--ndjson <file>', 'stream every event as one JSON line')
    .option(
      '--allow-destructive',
      'send write methods to a non-loopback target (default: only GET, HEAD, OPTIONS there), and writes to what the run did not make to any target but the bundled server (default: those go without credentials)',
    )
    .option('--no-cleanup', 'keep what the run made on a target that is not the bundled server (default: deleted at the end, children first)')
    .option('--resource-hints <file>', 'YAML or JSON resource hints for the stateful phase, over the built-in ones (see restconform resources)')
    .option('--strict-auth', 'a write that succeeds without credentials is a failure, not a warning (default: off)')
    .option(
      '--shard <i/n|auto>',
      'run slice i of n, e.g. 2/4: routes and whole-run work dealt out by estimated cost; merge the reports with restconform merge. auto: from GitLab CI_NODE_INDEX/CI_NODE_TOTAL or Kubernetes JOB_COMPLETION_INDEX (total: auto/N or RESTCONFORM_SHARD_TOTAL) (default: all)',
    )
    .option(
      '--baseline <file>',
      'known findings that do not fail the run: a previous JSON report, or a JSON list of {check, method, route, reason}; new ones fail, fixed ones are noted (default: none)',
    )
    .option(
      '--fail-on <list>',
      `also fail the run on: warning (a new warning), incomplete (phases skipped or operations left without a request), or none (default: ${shown(d.failOn.length ? d.failOn : 'none')}; the ci profile: incomplete)`,
    )
    .action(async (flags: RunFlags) => {
      let settings;
      try {
        settings = loadConfig({
          file: flags.config,
          profile: flags.profile as ProfileName | undefined,
          overrides: flagsToOverrides(flags),
          knownChecks: knownCheckNames(),
        });
      } catch (error) {
        if (error instanceof ConfigError) throw new UsageError(error.message);
        throw error;
      }
      const controller = new AbortController();
      let interrupts = 0;
      const onInterrupt = (signal: NodeJS.Signals): void => {
        interrupts += 1;
        // A second Ctrl-C means "now": skip writing reports.
        if (interrupts > 1) process.exit(130);
        process.stderr.write(
          `\nrestconform: ${signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted'}; finishing the reports of what ran (Ctrl-C again to quit at once)\n`,
        );
        controller.abort();
      };
      process.on('SIGINT', onInterrupt);
      process.on('SIGTERM', onInterrupt);
      try {
        const { exitCode } = await runJob(settings, { signal: controller.signal });
        sink(exitCode);
      } finally {
        process.off('SIGINT', onInterrupt);
        process.off('SIGTERM', onInterrupt);
      }
    });
}
