/**
 * The engine: given loaded descriptors and a sender, runs the selected phases over every operation and
 * emits the typed event stream. It never writes output itself; reporters consume the events.
 */
import { loadAnswerSchemas } from './fetch-answer-schemas.js';
import type { AnyEvidenceCheck, ExchangeCheck, Finding } from '../checks/types.js';
import type { CheckSelection } from '../checks/registry.js';
import type { RunSettings } from '../config/index.js';
import type { Contract } from '@restconform/interface';
import { type LoadedDescriptor, type Operation } from '../descriptor/types.js';
import { credentialSecrets } from '../request/index.js';
import type { Identity } from '../request/identity.js';
import type { Credentials } from '../request/types.js';
import { BudgetPlan, budgetShortfall, phaseFiguresWithPace, type BudgetSplit, type TargetRate } from './budget.js';
import { judgeBaseline, type Baseline } from './baseline.js';
import type { AccessRow, CoverageEntry, RunEvent, RunSummary, ShardRef } from './events.js';
import { buildWhileWaiting, generatorCache } from './generators.js';
import { choiceOf, choosesDeclared, coverageOfChoice, reachedOutsideMessage, runOperations } from './chosen-operations.js';
import { PHASES } from './phases/index.js';
import type { Phase, PhaseContext, PlanningContext } from './phases/phase.js';
import { findOwnAccount, type OwnAccount } from './own-account.js';
import { findPostTypeRoutes } from './post-type-routes.js';
import { OwnedResources } from './owned-resources.js';
import type { ResourceHints } from '../resources/index.js';
import { CallbackRefusals } from './callback-refusals.js';
import { Execution, type Sender } from './execution/execution.js';
import { cleanUp } from './execution/clean-up.js';
import { SetUpWindow, setUpCapMs } from './execution/set-up.js';
import { planShards, WHOLE_RUN, type ShardPlan } from './shard-plan.js';

/**
 * What a run is given: its resolved settings, whole (the engine reads seed, phases, fuzz examples, connections, time
 * budget, shard, strictness, clean-up, extra values and severities from them), and what is not a setting: the
 * target, its descriptors, the sender, the resolved credentials and accounts, the loaded contract, hints and
 * baseline, and the check selection resolved against the registry.
 */
export interface EngineOptions {
  settings: RunSettings;
  /** The phases the engine can run, in running order (default: every phase of `PHASES`); `settings.phases` picks among them. */
  catalogue?: readonly Phase[];
  tool: string;
  version: string;
  /** A readable name of the target, e.g. its base URL. */
  target: string;
  /** The target is the bundled reference server this run started (recorded so shards' reports can be merged). */
  bundledServer: boolean;
  /** Only GET, HEAD and OPTIONS are sent: the target is not on loopback and `allowDestructive` is off. */
  safeMethodsOnly: boolean;
  descriptors: readonly LoadedDescriptor[];
  /** REST root URL per locale; defaults to each descriptor's source. */
  restUrls?: ReadonlyMap<string | null, string>;
  sender: Sender;
  /** The stateless checks run over every exchange: the selection's (`selection.exchangeChecks()`). */
  checks: readonly ExchangeCheck[];
  /**
   * The run's checks, stateless and phase checks alike (`settings.checks` with former names read, `settings.severity`
   * applied): one a phase's check it leaves out is not run. Undefined: all, at their own severities.
   */
  selection?: CheckSelection;
  /** The run's account (`settings.user` with its password), when it has one. */
  credentials?: Credentials;
  /** More named accounts (members, a moderator…) for the access matrix of the auth phase. */
  accounts?: readonly Identity[];
  /** The contract `settings.contract` names, loaded; undefined for `none`. */
  contract?: Contract;
  /** The file `settings.resourceHints` names, read: hints a descriptor cannot give, over the built-in ones. */
  resourceHints?: ResourceHints;
  /** The file `settings.baseline` names, read: known findings, reported as known, do not fail the run. */
  baseline?: Baseline;
  /** The shipped WordPress baseline, read: a finding on a WordPress route it lists says it is WordPress's own behaviour. */
  wordpressOwn?: Baseline;
  signal?: AbortSignal;
  emit(event: RunEvent): void;
}

export interface RunResult {
  summary: RunSummary;
  coverage: CoverageEntry[];
  findings: Finding[];
  /** The access matrix, when the auth phase ran. */
  access?: AccessRow[];
  stoppedEarly?: string;
  /** Why the run did not test everything it was asked to; empty when it did. */
  incomplete: string[];
  durationMs: number;
  /** The target's median latency and the rate reached over the whole run. */
  rate?: TargetRate;
  /** With a time budget: each phase's share and how it was spent. */
  budget?: BudgetSplit;
}

/** The pace is measured over the run's first requests: this many per request in flight, at least eight. */
const PACE_REQUESTS_PER_SLOT = 4;

export { runOperations } from './chosen-operations.js';

/** What decides how a split run shares its work: every shard must be given the same. */
export interface ShardingInput {
  descriptors: readonly LoadedDescriptor[];
  safeMethodsOnly: boolean;
  /** The operations chosen (`--include`, `--exclude`); absent: every one. The shard plan deals out the chosen ones. */
  choice?: Pick<RunSettings, 'include' | 'exclude'>;
  shard?: ShardRef | null;
  phases: readonly string[];
  fuzzExamples: number;
  hasContract: boolean;
  hasCredentials: boolean;
  /** The phases the engine can run, in running order (default: every phase of `PHASES`). */
  catalogue?: readonly Phase[];
}

/**
 * The run's share of the work: every operation of the run, the plan (which routes and whole-run pieces of
 * work are this shard's, dealt out by estimated cost), and this shard's operations.
 */
export function planRun(input: ShardingInput): { allOperations: Operation[]; plan: ShardPlan; operations: Operation[] } {
  const allOperations = runOperations(input.descriptors, input.safeMethodsOnly, input.choice && choiceOf(input.choice));
  if (!input.shard || input.shard.count <= 1) return { allOperations, plan: WHOLE_RUN, operations: allOperations };
  const planning: PlanningContext = { ...input, allOperations };
  const units = (input.catalogue ?? PHASES).filter((phase) => input.phases.includes(phase.name)).flatMap((phase) => phase.units?.(planning) ?? []);
  const plan = planShards(input.shard, allOperations, units, input.fuzzExamples);
  return { allOperations, plan, operations: allOperations.filter((op) => plan.ownsOperation(op)) };
}

/** The enabled checks of the phases that ran, each with its phase. */
function phaseChecksThatRan(options: EngineOptions, phasesRun: readonly string[]): Array<AnyEvidenceCheck & { phase: string }> {
  return (options.catalogue ?? PHASES)
    .filter((phase) => phasesRun.includes(phase.name))
    .flatMap((phase) => phase.checks.map((check) => ({ ...check, phase: phase.name })))
    .filter((check) => options.selection?.includes(check.name) ?? true);
}

/** The stateless checks, and the enabled checks of the phases that ran: what reporters count as passed or failed. */
function checksThatRan(options: EngineOptions, phasesRun: readonly string[]): string[] {
  return [...options.checks.map((check) => check.name), ...phaseChecksThatRan(options, phasesRun).map((check) => check.name)];
}

/** Why a run did not test everything it was asked to. */
function incompleteness(stoppedEarly: string | undefined, stoppedPhases: readonly string[], coverage: readonly CoverageEntry[], cutOff: number): string[] {
  const reasons: string[] = [];
  if (stoppedEarly !== undefined) reasons.push(`stopped early: ${stoppedEarly}`);
  if (stoppedPhases.length > 0) reasons.push(`phases not run, the run had stopped: ${stoppedPhases.join(', ')}`);
  const unreached = coverage.filter((entry) => entry.requests === 0).length;
  if (unreached > 0) reasons.push(`${unreached} of ${coverage.length} operations got no request`);
  if (cutOff > 0) reasons.push(`${cutOff} requests cut off unanswered`);
  return reasons;
}

export async function executePhases(options: EngineOptions): Promise<RunResult> {
  const started = Date.now();
  const restUrls = options.restUrls ?? new Map(options.descriptors.map((d) => [d.locale, d.source.replace(/\/$/, '')]));
  // Set once the phases are planned; the run calls it after its first requests.
  let onPaceMeasured: (rate: TargetRate) => void = () => {};
  // Findings and coverage are of the chosen operations only; requests a chosen one needed elsewhere are named apart.
  const choice = choiceOf(options.settings);
  const chosen = choosesDeclared(choice, options.descriptors);
  const execution = new Execution({
    seed: options.settings.seed,
    sender: options.sender,
    checks: options.checks,
    restUrls,
    credentials: options.credentials,
    accounts: options.accounts,
    secrets: [options.credentials, ...(options.accounts ?? []).map((account) => account.credentials)].flatMap((credentials) =>
      credentials ? credentialSecrets(credentials) : [],
    ),
    emit: options.emit,
    signal: options.signal,
    selection: options.selection,
    extraValues: options.settings.extraValues,
    baseline: options.baseline,
    chosen,
    wordpressOwn: options.wordpressOwn,
    // Measured on the run's own first requests, so no request is sent only to time the target.
    pace: { after: Math.max(8, options.settings.connections * PACE_REQUESTS_PER_SLOT), measured: (rate) => onPaceMeasured(rate) },
    owned: new OwnedResources(options.descriptors, options.resourceHints),
    ownedWritesOnly: !options.bundledServer && !options.settings.allowDestructive,
  });
  const { allOperations, plan, operations } = planRun({
    ...options,
    choice: options.settings,
    shard: options.settings.shard,
    phases: options.settings.phases,
    fuzzExamples: options.settings.fuzzExamples,
    hasContract: options.contract !== undefined,
    hasCredentials: options.credentials !== undefined || (options.accounts?.length ?? 0) > 0,
  });
  for (const descriptor of options.descriptors) {
    for (const [route, value] of Object.entries(descriptor.root.routes)) execution.declareRoute(descriptor.locale, route, value.methods);
  }
  for (const op of operations) execution.cover(op);

  options.emit({
    type: 'run_started',
    tool: options.tool,
    version: options.version,
    seed: options.settings.seed,
    target: options.target,
    locales: options.descriptors.map((d) => d.locale),
    phases: [...options.settings.phases],
    startedAt: new Date(started).toISOString(),
    safeMethodsOnly: options.safeMethodsOnly,
    ...(options.settings.shard && options.settings.shard.count > 1 ? { shard: options.settings.shard } : {}),
    ...(options.bundledServer ? { bundledServer: true } : {}),
  });
  for (const descriptor of options.descriptors) {
    options.emit({
      type: 'descriptor_loaded',
      locale: descriptor.locale,
      source: descriptor.source,
      routes: Object.keys(descriptor.root.routes).length,
      operations: descriptor.operations.length,
      warnings: descriptor.warnings,
    });
  }

  // Each operation's generators are built when a phase first needs them, not all before the first request: building
  // them all took about 0.45 s of the start on the bundled server (322 operations). The phases walk every operation
  // early (the fuzz phase's first round starts each one within its first 16,000 requests or so), so a long run's
  // memory still levels off soon after it starts. While the run waits for its target below, they are built ahead.
  const generators = generatorCache(options.settings.seed);
  const prebuilding = buildWhileWaiting(operations, generators);
  const budgetMs = options.settings.timeBudgetSeconds ? options.settings.timeBudgetSeconds * 1000 : undefined;
  // The work before the phases is bounded too: a part of the budget at most, and the dead-target rule (timeouts
  // counted) stops a run whose target answers nothing but its descriptors.
  const setUp = new SetUpWindow({
    control: execution.control,
    sender: options.sender,
    signal: options.signal,
    capMs: budgetMs === undefined ? undefined : setUpCapMs(budgetMs),
  });
  try {
    // Before any write: which paths are the run's own account, so no phase can lock the run out of its target.
    if (!options.safeMethodsOnly) {
      const find = (credentials: Credentials | undefined) =>
        findOwnAccount({ descriptors: options.descriptors, restUrls, sender: setUp.sender, credentials, signal: setUp.signal });
      const others = new Map<string, OwnAccount>();
      for (const account of options.accounts ?? []) {
        const found = await find(account.credentials);
        if (found !== undefined) others.set(account.name, found);
      }
      const own = await find(options.credentials);
      execution.protectOwnAccount(own, others);
      // The run's accounts exist: a post's author can name one before any list of users has been read.
      for (const account of [own, ...others.values()]) {
        for (const { locale, route } of account?.collections ?? [])
          if (account?.id !== undefined) execution.owned?.seeSettled(locale, route, String(account.id));
      }
    }

    // Which wp/v2 routes are a plugin's post types served by WordPress's posts controller: a finding there that the
    // shipped WordPress baseline lists for the core route of that controller is WordPress's, not the site's.
    if (options.wordpressOwn !== undefined && !execution.stopped) {
      execution.usePostTypeRoutes(
        await findPostTypeRoutes({ descriptors: options.descriptors, restUrls, sender: setUp.sender, credentials: options.credentials, signal: setUp.signal }),
      );
    }

    // The item schemas the target publishes, once, before any phase: the checks judge every answer with them.
    const wanted = options.checks.some((check) => check.name === 'response_schema') || options.settings.phases.includes('schemas');
    if (wanted && !execution.stopped) {
      execution.useAnswerSchemas(
        await loadAnswerSchemas({ ...options, sender: setUp.sender, signal: setUp.signal, concurrency: options.settings.connections, execution, restUrls }),
      );
    }
  } finally {
    setUp.close();
    prebuilding.stop();
  }

  // The budget is for the phases' sending, counted from here: the run's set-up (its own accounts, the published
  // schemas, generators built ahead meanwhile) has its own cap above, so a short budget is not eaten before the first request.
  const sendingFrom = Date.now();
  if (budgetMs !== undefined) execution.setDeadline(sendingFrom + budgetMs);

  const phaseContext: PhaseContext = {
    execution,
    descriptors: options.descriptors,
    operations,
    allOperations,
    shard: plan,
    generators,
    settings: options.settings,
    safeMethodsOnly: options.safeMethodsOnly,
    contract: options.contract,
    resourceHints: options.resourceHints,
    refusals: new CallbackRefusals(),
  };
  const catalogue = options.catalogue ?? PHASES;
  const toRun = catalogue.filter((phase) => options.settings.phases.includes(phase.name) && phase.skipReason(phaseContext) === undefined);
  const budgetPlan = budgetMs === undefined ? undefined : new BudgetPlan(budgetMs, sendingFrom + budgetMs, toRun);
  onPaceMeasured = (measured) => {
    options.emit({ type: 'target_measured', rate: measured });
    const shortfall = options.settings.timeBudgetSeconds
      ? budgetShortfall(
          options.settings.timeBudgetSeconds,
          measured,
          toRun.map((phase) => ({ phase: phase.name, requests: phase.workload(phaseContext) })),
        )
      : undefined;
    if (shortfall) options.emit({ type: 'warning', message: shortfall });
  };

  const phasesRun: string[] = [];
  const stoppedPhases: string[] = [];
  for (const phase of catalogue) {
    if (!options.settings.phases.includes(phase.name)) continue;
    if (execution.stopped) {
      stoppedPhases.push(phase.name);
      options.emit({ type: 'phase_skipped', phase: phase.name, reason: `run stopped: ${execution.stopReason}` });
      continue;
    }
    const skip = phase.skipReason(phaseContext);
    if (skip) {
      options.emit({ type: 'phase_skipped', phase: phase.name, reason: skip });
      continue;
    }
    const phaseStart = Date.now();
    const requestsBefore = execution.requests;
    // Each phase stops at its share of the budget, so the phases after it still get theirs.
    const phaseDeadline = budgetPlan?.deadlineFor(phase.name, phaseStart);
    execution.limitPhase(phaseDeadline);
    options.emit({ type: 'phase_started', phase: phase.name, operations: operations.length });
    phasesRun.push(phase.name);
    const figures = await phase.gather(phaseContext);
    const cutShort = execution.phaseShareSpent;
    execution.limitPhase(undefined);
    const spentMs = Date.now() - phaseStart;
    const requests = execution.requests - requestsBefore;
    const pace = phaseFiguresWithPace(figures, spentMs);
    if (budgetPlan && phaseDeadline !== undefined)
      budgetPlan.record({ phase: phase.name, allowedMs: phaseDeadline - phaseStart, spentMs, requests, cutShort, ...pace });
    options.emit({ type: 'phase_finished', phase: phase.name, requests, durationMs: spentMs, ...pace });
  }
  const durationMs = Date.now() - started;
  const rate = execution.pace();

  if (!options.bundledServer && !options.safeMethodsOnly) await cleanUp(execution, { keepCreated: !options.settings.cleanup, emit: options.emit });

  // A phase check applies to the operations its phase sent requests to; a descriptor comparison to all of them.
  const phaseChecks = phaseChecksThatRan(options, phasesRun);
  const descriptorChecks = phaseChecks.filter((check) => check.judges === 'descriptor').map((check) => check.name);
  const checksFor = (phases: ReadonlySet<string>): string[] => [
    ...descriptorChecks,
    ...phaseChecks.filter((check) => check.judges !== 'descriptor' && phases.has(check.phase)).map((check) => check.name),
  ];
  // A shard's whole-run work (a sequence, a probe) may reach another shard's operations: their entries stay, so a
  // merge sums every request, but are marked, and the shard's tallies count its own operations only.
  const ofChoice = coverageOfChoice(execution.coverage(checksFor), choice, chosen);
  const outsideMessage = reachedOutsideMessage(ofChoice.report);
  if (outsideMessage !== undefined) options.emit({ type: 'warning', message: outsideMessage });
  const coverage = ofChoice.coverage.map((entry) => (plan.ownsOperation(entry) ? entry : { ...entry, otherShard: true }));
  const own = coverage.filter((entry) => entry.otherShard !== true);
  const checks = checksThatRan(options, phasesRun);
  const findings = execution.findings();
  const result: RunResult = {
    summary: { ...execution.summary(), operations: own.length },
    coverage,
    findings,
    ...(phasesRun.includes('auth') ? { access: execution.access() } : {}),
    stoppedEarly: execution.stopReason,
    incomplete: [...incompleteness(execution.stopReason, stoppedPhases, own, execution.cutOff), ...execution.incompleteWork],
    durationMs,
    rate,
    ...(budgetPlan ? { budget: budgetPlan.split() } : {}),
  };
  options.emit({
    type: 'run_finished',
    durationMs: result.durationMs,
    summary: result.summary,
    coverage: result.coverage,
    findings: result.findings,
    stoppedEarly: result.stoppedEarly,
    checks,
    incomplete: result.incomplete,
    ...(result.access !== undefined ? { access: result.access } : {}),
    rate,
    ...(result.budget ? { budget: result.budget } : {}),
    ...(ofChoice.report ? { choice: ofChoice.report } : {}),
    ...(options.baseline
      ? { baseline: judgeBaseline(options.baseline, findings, checks, coverage, execution.stopReason === undefined && stoppedPhases.length === 0) }
      : {}),
  });
  return result;
}
