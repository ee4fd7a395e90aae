/**
 * One run end to end, as a function: resolved settings in, exit code out. It starts the bundled reference server
 * when no target is named, loads each locale's descriptor, runs the engine, feeds the reporters and cleans up.
 * Used by the command line (`restconform run`), the library (`run`) and the vitest entry, and in-process by tests
 * and the benchmark.
 */
import { CHECKS } from '../checks/index.js';
import { CheckRegistry, type CheckSelection } from '../checks/registry.js';
import { emptyChoiceMessage, operationChoice, type FailOn, type RunSettings } from '../config/index.js';
import { type Contract, INTERFACE_CONTRACT } from '@restconform/interface';
import { readContractFile } from '../contract/io.js';
import { DescriptorError, restUrl } from '../descriptor/index.js';
import { executePhases, type RunResult } from '../engine/engine.js';
import type { StoreAccounts } from '@restconform/server';
import type { Sender } from '../engine/execution/execution.js';
import { isInterrupted, isTimeBudget } from '../engine/execution/control.js';
import type { Reporter, RunEvent } from '../engine/events.js';
import type { TransportOptions } from '../http/index.js';
import { createReporters, fanOut } from '../report/index.js';
import type { Identity } from '../request/identity.js';
import type { Credentials } from '../request/types.js';
import { readBaseline, WORDPRESS_BASELINE } from './baseline-file.js';
import { UsageError } from './errors.js';
import { isLoopbackUrl, localePlaces, openTarget, plainDescriptorHint, type OpenTarget } from './target.js';
import { VERSION } from './version.js';
import { readHints } from './hints-file.js';
import type { AccountToCheck } from './account-check.js';
import { interruptibleSender, type InterruptibleSender } from './interrupt.js';

export interface RunJobIo {
  /** Where the console reporter writes (stdout by default; progress goes to stderr); `false` for none. */
  console?: NodeJS.WritableStream | false;
  /** Where live progress and notices go (default stderr; none when `console` is false). */
  progress?: NodeJS.WritableStream;
  /** The environment credentials are read from. */
  env?: NodeJS.ProcessEnv;
  /**
   * Aborting it stops the run as Ctrl-C does: the requests in flight are cut off, the phases send no more, and what
   * the run made is cleaned up (under `skipCleanUp` and the clean-up's cap), then the reports are written.
   */
  signal?: AbortSignal;
  /** Aborting it after `signal` skips what is left of the clean-up (a second Ctrl-C); a string reason is reported. */
  skipCleanUp?: AbortSignal;
  /** How long the clean-up after an interrupt may take (default `CLEAN_UP_CAP_MS`, 30 s). */
  cleanUpCapMs?: number;
  /** Extra reporters (tests, the benchmark). */
  reporters?: Reporter[];
  /** Resolves host names for the transport (tests map a non-loopback name to 127.0.0.1). */
  lookup?: TransportOptions['lookup'];
  /** Wraps the engine's sender (the benchmark records and times the requests the engine sends through it). */
  wrapSender?: (sender: Sender) => Sender;
}

export interface RunJobResult {
  exitCode: number;
  result?: RunResult;
  /** The end-of-run clean-up, when one ran (a target that is not the bundled server). */
  cleanUp?: Extract<RunEvent, { type: 'cleanup' }>;
}

/** The run's checks, stateless and phase checks alike, through the registry's one selection. */
function selectChecks(settings: RunSettings): CheckSelection {
  return new CheckRegistry(CHECKS).selection(settings.checks === 'all' ? undefined : settings.checks, settings.severity);
}

function loadContract(setting: string): Contract | undefined {
  if (setting === 'none') return undefined;
  if (setting === 'builtin') return INTERFACE_CONTRACT;
  return readContractFile(setting);
}

function credentialsFrom(settings: RunSettings, env: NodeJS.ProcessEnv): Credentials | undefined {
  if (!settings.user) return undefined;
  const password = env[settings.appPasswordEnv];
  if (!password) {
    throw new UsageError(`--user ${settings.user} needs the application password in the environment variable ${settings.appPasswordEnv}, which is empty`);
  }
  return { user: settings.user, password };
}

/** The named accounts of `accounts`, each with its password from its environment variable. */
function accountsFrom(settings: RunSettings, env: NodeJS.ProcessEnv): Identity[] {
  const seen = new Set<string>(settings.user ? [settings.user.toLowerCase()] : []);
  const identities: Identity[] = [];
  for (const account of settings.accounts) {
    if (seen.has(account.user.toLowerCase())) throw new UsageError(`the account ${account.user} is given twice (--user and --account count together)`);
    seen.add(account.user.toLowerCase());
    const password = env[account.appPasswordEnv];
    if (!password)
      throw new UsageError(`the account ${account.user} needs its application password in the environment variable ${account.appPasswordEnv}, which is empty`);
    identities.push({ name: account.user, role: account.role, credentials: { user: account.user, password }, passwordEnv: account.appPasswordEnv });
  }
  return identities;
}

/** Curl lines name these variables for the bundled server's seeded accounts (the harness knows their passwords). */
const SEEDED_ACCOUNT_VARIABLES = {
  member: 'RESTCONFORM_MEMBER_APP_PASSWORD',
  otherMember: 'RESTCONFORM_MEMBER2_APP_PASSWORD',
  moderator: 'RESTCONFORM_MODERATOR_APP_PASSWORD',
} as const;

/** The bundled server's seeded accounts below the administrator: two members and a moderator. */
export function seededAccounts(accounts: StoreAccounts): Identity[] {
  const identities: Identity[] = [];
  const add = (key: keyof typeof SEEDED_ACCOUNT_VARIABLES, role: Identity['role']): void => {
    const credentials = accounts[key];
    if (credentials !== undefined) identities.push({ name: credentials.user, role, credentials, passwordEnv: SEEDED_ACCOUNT_VARIABLES[key] });
  };
  add('member', 'member');
  add('otherMember', 'member');
  add('moderator', 'moderator');
  return identities;
}

/**
 * The exit code for a finished run (or a merge of shards): 130 interrupted; 1 for a new failure (one no baseline
 * lists), an aborted run, and with `failOn` a new warning or an incomplete run; else 0.
 */
export function exitCodeOf(result: Pick<RunResult, 'summary' | 'stoppedEarly'> & { incomplete?: readonly string[] }, failOn: readonly FailOn[] = []): number {
  if (isInterrupted(result.stoppedEarly)) return 130;
  if (result.summary.failures > 0) return 1;
  if (result.stoppedEarly && !isTimeBudget(result.stoppedEarly)) return 1;
  if (failOn.includes('warning') && result.summary.warnings > 0) return 1;
  if (failOn.includes('incomplete') && (result.incomplete?.length ?? 0) > 0) return 1;
  return 0;
}

export async function runJob(settings: RunSettings, io: RunJobIo = {}): Promise<RunJobResult> {
  const env = io.env ?? process.env;
  let credentials = credentialsFrom(settings, env);
  let accounts = accountsFrom(settings, env);
  const contract = loadContract(settings.contract);
  const selection = selectChecks(settings);
  const baseline = settings.baseline === null ? undefined : await readBaseline(settings.baseline);
  const wordpressOwn = await readBaseline(WORDPRESS_BASELINE);

  // One failing reporter (a report path that cannot be written) stops neither the run nor the other reporters.
  const reporters = fanOut([
    ...createReporters({
      console: io.console ?? process.stdout,
      ...(io.progress ? { progress: io.progress } : {}),
      reportDir: settings.reportDir,
      json: settings.json,
      html: settings.html,
      junit: settings.junit,
      ndjson: settings.ndjson,
    }),
    ...(io.reporters ?? []),
  ]);
  let cleanUpEvent: RunJobResult['cleanUp'];
  const emit = (event: RunEvent): void => {
    if (event.type === 'cleanup') cleanUpEvent = event;
    reporters.onEvent(event);
  };

  // The main account's password comes from --app-password-env; the bundled server's own administrator from nowhere.
  const mainAccount = (): AccountToCheck => ({ credentials: credentials!, ...(settings.user ? { passwordEnv: settings.appPasswordEnv } : {}) });
  const accountsToCheck = (): AccountToCheck[] => [
    ...(credentials === undefined ? [] : [mainAccount()]),
    ...accounts.flatMap((account) => (account.credentials === undefined ? [] : [{ credentials: account.credentials, passwordEnv: account.passwordEnv }])),
  ];

  // Before the first event there is no report to show progress in: what the run waits for is said here.
  const notices = io.console === false ? undefined : (io.progress ?? process.stderr);
  let threw = false;
  let fetching: string | undefined;
  let target: OpenTarget | undefined;
  let sender: InterruptibleSender | undefined;
  const locales = settings.locales ?? [null];
  try {
    // The descriptor is read with the run's credentials (an authenticated index may list more routes), within
    // the run's own --timeout-ms: a server that never answers is told after that long, not after a fixed floor.
    // Every account must be accepted before any phase: a refused one would be tested as anonymous.
    target = await openTarget({
      baseUrl: settings.baseUrl,
      seed: settings.seed,
      descriptors: localePlaces(settings.restRoot, settings.locales),
      accounts: (bundled) => {
        // Against the bundled server the harness logs in as its administrator unless told otherwise, and tests its
        // seeded accounts unless other accounts are named.
        if (bundled !== undefined && credentials === undefined) credentials = bundled.admin;
        if (bundled !== undefined && settings.accounts.length === 0 && credentials === bundled.admin) accounts = seededAccounts(bundled);
        return { credentials, check: accountsToCheck() };
      },
      transport: {
        connections: settings.connections,
        timeoutMs: settings.timeoutMs,
        maxBodyBytes: settings.maxBodyBytes,
        rateLimit: settings.rateLimit,
        lookup: io.lookup,
      },
      signal: io.signal,
      onFetch: (url) => {
        fetching = url;
        notices?.write(`fetching descriptor ${fetching}/ … (up to ${settings.timeoutMs} ms, --timeout-ms)\n`);
      },
    });
    fetching = undefined;
    const { baseUrl, descriptors } = target;
    // A choice of operations that selects none of the target's is a mistake to say at once, not an empty run.
    const emptyChoice = emptyChoiceMessage(
      operationChoice(settings),
      descriptors.flatMap((descriptor) => descriptor.operations),
    );
    if (emptyChoice !== undefined) throw new UsageError(emptyChoice);
    // After an interrupt, what is sent is the clean-up, under its own signal (see interrupt.ts).
    sender = interruptibleSender(target.transport, { interrupt: io.signal, skip: io.skipCleanUp, capMs: io.cleanUpCapMs });
    const result = await executePhases({
      settings,
      tool: 'restconform',
      version: VERSION,
      target: baseUrl,
      bundledServer: target.bundled !== undefined,
      safeMethodsOnly: !settings.allowDestructive && !isLoopbackUrl(baseUrl),
      descriptors,
      restUrls: new Map(locales.map((locale) => [locale, restUrl(baseUrl, settings.restRoot, locale)])),
      sender: io.wrapSender ? io.wrapSender(sender) : sender,
      checks: selection.exchangeChecks(),
      selection,
      credentials,
      accounts,
      contract,
      resourceHints: settings.resourceHints === null ? undefined : await readHints(settings.resourceHints),
      baseline,
      wordpressOwn,
      signal: io.signal,
      emit,
    });
    return { exitCode: exitCodeOf(result, settings.failOn), result, ...(cleanUpEvent === undefined ? {} : { cleanUp: cleanUpEvent }) };
  } catch (error) {
    threw = true;
    // Ctrl-C (or SIGTERM) while the descriptors load is an interrupt, not an unreachable descriptor: nothing ran.
    if (io.signal?.aborted) {
      if (fetching !== undefined)
        notices?.write(`restconform: stopped while fetching the descriptor ${fetching}/: no operation was tested, no report written\n`);
      return { exitCode: 130 };
    }
    if (error instanceof DescriptorError && error.status === 404 && settings.locales !== null && settings.baseUrl !== undefined) {
      const hint = await plainDescriptorHint(
        { baseUrl: settings.baseUrl, restRoot: settings.restRoot },
        { credentials, timeoutMs: settings.timeoutMs, signal: io.signal },
      );
      if (hint !== undefined) throw new UsageError(`${error.message}; ${hint}`);
    }
    if (error instanceof DescriptorError) {
      const slow = /\btimeout\b|within \d+ ms/.test(error.message) ? ` (a slow index needs a larger --timeout-ms than ${settings.timeoutMs})` : '';
      throw new UsageError(`${error.message}${slow}`);
    }
    throw error;
  } finally {
    sender?.close();
    await target?.close();
    const reportError = await closeReporters(reporters);
    // A run that threw has its own error to tell; otherwise a report that could not be written fails the job.
    // eslint-disable-next-line no-unsafe-finally -- only when the run itself threw nothing: then this is its error.
    if (reportError && !threw) throw reportError;
  }
}

/** Closes every reporter; a reporter that failed during the run or on closing becomes a usage error naming why. */
async function closeReporters(reporters: Reporter): Promise<UsageError | undefined> {
  try {
    await reporters.close();
    return undefined;
  } catch (error) {
    const reasons = error instanceof AggregateError ? error.errors : [error];
    return new UsageError(`writing the reports failed: ${reasons.map((reason) => (reason instanceof Error ? reason.message : String(reason))).join('; ')}`);
  }
}
