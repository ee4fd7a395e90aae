/**
 * What the conformance tests (`restconform/vitest`) test and how a run's findings map onto its tests. vitest
 * needs every test name when it collects the file, so the target's descriptors are read first (`prepareConformance`), the run
 * happens later (`runConformance`, in `beforeAll`), and each (operation, check) test then looks its findings up.
 */
import type { Finding } from '../checks/types.js';
import { isLoopbackUrl, knownCheckNames, localePlaces, openTarget, runJob, type OpenTarget } from '../jobs/index.js';
import type { RunConfigInput, RunSettings } from '../config/index.js';
import type { Operation } from '../descriptor/index.js';
import { planRun, type RunResult } from '../engine/engine.js';
import { PHASE_CHECKS } from '../engine/phases/index.js';
import type { Credentials } from '../request/types.js';
import { APP_PASSWORD_VARIABLE, settingsFromEnvironment } from './environment-settings.js';

export interface ConformanceTarget {
  /** The settings the run uses, `baseUrl` always set. */
  settings: RunSettings & { baseUrl: string };
  /** The environment the run reads its application password from. */
  env: NodeJS.ProcessEnv;
  /** The operations the run sends requests for, in the engine's order. */
  operations: Operation[];
  /** The enabled checks (a phase's own checks only when the phase runs). */
  checks: string[];
  /** True when the suite started the bundled reference server. */
  bundled: boolean;
  /** How long the run may take before `beforeAll` gives up. */
  runTimeoutMs: number;
  close(): Promise<void>;
}

/** A slack on top of the time budget: reporters, shrinking and the last requests in flight. */
const RUN_TIMEOUT_SLACK_MS = 120_000;
/** Without a time budget the run still ends some time: an hour. */
const UNBOUNDED_RUN_TIMEOUT_MS = 3_600_000;

function credentialsOf(settings: RunSettings, env: NodeJS.ProcessEnv): Credentials | undefined {
  if (!settings.user) return undefined;
  const password = env[settings.appPasswordEnv];
  if (!password) throw new Error(`RESTCONFORM_USER=${settings.user} needs the application password in ${settings.appPasswordEnv}, which is empty`);
  return { user: settings.user, password };
}

function enabledChecks(settings: RunSettings): string[] {
  const enabled = settings.checks === 'all' ? knownCheckNames() : settings.checks;
  const phaseOf = new Map(PHASE_CHECKS.map((check) => [check.name, check.phase]));
  return enabled.filter((name) => {
    const phase = phaseOf.get(name);
    return phase === undefined || (settings.phases as readonly string[]).includes(phase);
  });
}

/**
 * Reads the settings from the environment, starts the bundled reference server when no target is named, and
 * reads each locale's descriptor to list the operations.
 *
 * @throws Error with a one-line reason when a variable is wrong or the target's descriptor cannot be read
 */
export async function prepareConformance(processEnv: NodeJS.ProcessEnv, options: RunConfigInput = {}): Promise<ConformanceTarget> {
  const given = settingsFromEnvironment(processEnv, options);
  let env = processEnv;
  let target: OpenTarget | undefined;
  try {
    target = await openTarget({
      baseUrl: given.baseUrl,
      seed: given.seed,
      restRoot: given.restRoot,
      descriptors: localePlaces(given.restRoot, given.locales),
      // As `restconform run` does against the bundled server: log in as its administrator unless told otherwise.
      accounts: (bundled) => {
        if (bundled !== undefined && !given.user) env = { ...processEnv, [APP_PASSWORD_VARIABLE]: bundled.admin.password };
        const user = bundled !== undefined && !given.user ? bundled.admin.user : given.user;
        return { credentials: credentialsOf({ ...given, user, appPasswordEnv: user === given.user ? given.appPasswordEnv : APP_PASSWORD_VARIABLE }, env) };
      },
      transport: { timeoutMs: given.timeoutMs },
    });
    const { descriptors } = target;
    const settings: RunSettings & { baseUrl: string } =
      target.bundled === undefined || given.user
        ? { ...given, baseUrl: target.baseUrl }
        : { ...given, baseUrl: target.baseUrl, user: target.bundled.credentials.admin.user, appPasswordEnv: APP_PASSWORD_VARIABLE };
    const safeMethodsOnly = !settings.allowDestructive && !isLoopbackUrl(settings.baseUrl);
    const budget = settings.timeBudgetSeconds;
    return {
      settings,
      env,
      // The engine's own plan, so a shard's tests are the operations its run sends requests for.
      operations: planRun({
        descriptors,
        safeMethodsOnly,
        choice: settings,
        shard: settings.shard,
        phases: settings.phases,
        fuzzExamples: settings.fuzzExamples,
        hasContract: settings.contract !== 'none',
        hasCredentials: settings.user !== null,
      }).operations,
      checks: enabledChecks(settings),
      bundled: target.bundled !== undefined,
      runTimeoutMs: budget === null ? UNBOUNDED_RUN_TIMEOUT_MS : budget * 1000 + RUN_TIMEOUT_SLACK_MS,
      // The bundled server stays up for the run, which the tests start; closing stops it.
      close: () => target!.close(),
    };
  } catch (error) {
    await target?.close();
    throw new Error(`restconform conformance suite: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** A finished run with its findings filed by operation id and check. */
export class ConformanceOutcome {
  readonly #byOperation = new Map<string, Map<string, Finding[]>>();
  readonly #elsewhere = new Map<string, Finding[]>();

  constructor(
    readonly result: RunResult,
    operations: readonly Operation[],
  ) {
    const known = new Set(operations.map((operation) => operation.id));
    for (const finding of result.findings) {
      const id = `${finding.locale ?? '-'} ${finding.method} ${finding.route}`;
      if (known.has(id)) {
        const checks = this.#byOperation.get(id) ?? new Map<string, Finding[]>();
        this.#byOperation.set(id, checks);
        checks.set(finding.check, [...(checks.get(finding.check) ?? []), finding]);
      } else {
        this.#elsewhere.set(finding.check, [...(this.#elsewhere.get(finding.check) ?? []), finding]);
      }
    }
  }

  /** Findings of a check on one operation. */
  findings(operationId: string, check: string): Finding[] {
    return this.#byOperation.get(operationId)?.get(check) ?? [];
  }

  /** Findings of a check that name no listed operation (a missing route, a whole descriptor, `*` methods). */
  findingsElsewhere(check: string): Finding[] {
    return this.#elsewhere.get(check) ?? [];
  }

  /** Why no request reached an operation (e.g. the time budget ran out first), or undefined when some did. */
  notReached(operation: Operation): string | undefined {
    const entry = this.result.coverage.find(
      (candidate) => candidate.locale === operation.locale && candidate.method === operation.method && candidate.route === operation.route,
    );
    if (entry && entry.requests > 0) return undefined;
    return ['no request was sent', ...(entry?.notes ?? [])].join('; ');
  }
}

/** Runs the harness against the target, quietly (vitest reports), and files its findings. */
export async function runConformance(target: ConformanceTarget): Promise<ConformanceOutcome> {
  const { result } = await runJob(target.settings, { console: false, env: target.env });
  if (!result) throw new Error('restconform conformance suite: the run produced no result');
  return new ConformanceOutcome(result, target.operations);
}

/** A finding as a test failure message: what rule broke, how often, and the curl line that shows it. */
export function describeFinding(finding: Finding): string {
  const seen = finding.count > 1 ? ` (seen ${finding.count} times)` : '';
  const where = `${finding.locale ?? '-'} ${finding.method} ${finding.route}`;
  return [`${finding.id} ${finding.severity} ${finding.check} ${where}${seen}: ${finding.message}`, ...finding.curl.map((line) => `  ${line}`)].join('\n');
}
