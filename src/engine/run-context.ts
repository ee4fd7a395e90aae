/**
 * The state of one run that every phase shares: sending a request and checking its answer, coverage,
 * de-duplicated findings, the stop conditions (interrupt, time budget, a target that died).
 */
import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { AnswerSchemas } from '../checks/answer-schemas.js';
import type { CheckFailure, EvidenceCheck, ExchangeCheck, Finding, Severity } from '../checks/types.js';
import { SAFE_METHODS, type HttpMethod, type Operation } from '../descriptor/types.js';
import type { RequestCase } from '../generate/types.js';
import type { Exchange } from '../http/types.js';
import { basicAuthorization, buildRequest, redactRequest, redactSecrets, toCurl, withExtraValues, type CurlOptions } from '../request/index.js';
import { ANONYMOUS, byPrivilege, type Identity } from '../request/identity.js';
import type { Credentials, HttpRequest } from '../request/types.js';
import { knownEntry, type Baseline } from './baseline.js';
import { LatencyHistogram, type TargetRate } from './budget.js';
import type { AccessRow, CoverageEntry, OperationRef, RunEvent, RunSummary } from './events.js';
import { tallyFindings } from './finding-tally.js';
import type { OwnAccount } from './own-account.js';
import type { OwnedResources } from './owned-resources.js';

/** Sends one request; the transport stage implements it. */
export interface Sender {
  send(request: HttpRequest, signal?: AbortSignal): Promise<Exchange>;
}

/** A broken rule found by a check, before it becomes a reported Finding. */
export interface CheckOutcome extends CheckFailure {
  check: string;
  severity: Severity;
}

export interface ExecutedCase {
  exchange: Exchange;
  outcomes: CheckOutcome[];
}

/** What a phase reports that is not tied to one request (contract drift, locale differences, sequences). */
export interface FindingInput {
  check: string;
  severity: Severity;
  operation: Pick<OperationRef, 'locale' | 'method' | 'route'> & { id?: string };
  message: string;
  cause?: string;
  /** The request argument it is about, when it is about one. */
  argument?: string;
  phase: string;
  /** The exchanges that reproduce it, in order (empty for a descriptor comparison). */
  exchanges: Exchange[];
  requestCase?: RequestCase;
}

/** Where the evidence a check judges was gathered: the finding's operation, phase and reproduction. */
export type JudgedAt = Pick<FindingInput, 'phase' | 'exchanges' | 'requestCase'> & { operation: Operation };

export interface RunContextOptions {
  seed: number;
  sender: Sender;
  checks: readonly ExchangeCheck[];
  /** The REST root URL of each locale (`null` key for a plain WordPress without locales). */
  restUrls: ReadonlyMap<string | null, string>;
  credentials?: Credentials;
  /** More named accounts besides `credentials` (the access matrix tries each). */
  accounts?: readonly Identity[];
  /** Strings that must never appear in reports (the application passwords). */
  secrets: string[];
  emit(event: RunEvent): void;
  signal?: AbortSignal;
  /** Epoch milliseconds after which no new request is sent (see also `setDeadline`). */
  deadline?: number;
  /** Consecutive refused connections after which the target counts as gone. */
  deadAfterRefusals?: number;
  /** Response bodies in findings are cut to this many characters. */
  findingBodyChars?: number;
  /** Check names whose findings are reported; undefined: all. Phases report under their own check names. */
  enabledChecks?: ReadonlySet<string>;
  /** Severity overrides by check name, applied to every finding. */
  severityOverrides?: Readonly<Record<string, Severity>>;
  /** Values of arguments a route needs but does not declare, by route key then name (`extra-values`). */
  extraValues?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Told the target's pace once, when `after` requests have been answered (the run's first ones, no extra). */
  pace?: { after: number; measured(rate: TargetRate): void };
  /** What the run made and saw; with `ownedWritesOnly`, writes to anything else go out without credentials. */
  owned?: OwnedResources;
  ownedWritesOnly?: boolean;
  /** Known findings: a finding it lists is reported as known and does not fail the run. */
  baseline?: Baseline;
}

/** How `execute` sends a case and treats its outcomes. */
export interface ExecuteOptions {
  /** Marks a method the route does not declare. */
  probe?: boolean;
  /** Other credentials for this request; `null` for none. */
  credentials?: Credentials | null;
  /** Sends a write to a run identity's account with its credentials (a deliberate access-control probe). */
  unguarded?: boolean;
  /**
   * True when the phase judges the case itself (examples, fuzz, collections, schemas): every check runs and the
   * phase reports the outcomes it keeps. Otherwise (auth, access, locale…) the checks that judge any answer run
   * and their findings are reported at once, so no exchange of any phase goes unchecked.
   */
  judgeCase?: boolean;
}

const DEFAULT_DEAD_AFTER_REFUSALS = 25;
const DEFAULT_FINDING_BODY_CHARS = 2000;

/** A request path as a route sees it; a malformed escape (a fuzzed value) stays as sent. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The de-duplication key of a finding as 16 hex digits (see `Finding.fingerprint`). */
export function findingFingerprint(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function operationRef(op: Operation): OperationRef {
  return { id: op.id, locale: op.locale, method: op.method, route: op.route, namespace: op.namespace };
}

export class RunContext {
  readonly seed: number;
  readonly checks: readonly ExchangeCheck[];
  readonly credentials: Credentials | undefined;
  /**
   * Every identity of the run, least privileged first: anonymous, then the named accounts by role; the main
   * account (`credentials`) counts as an administrator.
   */
  readonly identities: readonly Identity[];
  readonly secrets: string[];
  requests = 0;
  #stopReason: string | undefined;
  #deadline: number | undefined;
  #phaseDeadline: number | undefined;
  /** Every request's time to an answer, for the median latency of the summary. */
  readonly #latencies = new LatencyHistogram();
  #firstSentAt: number | undefined;
  #consecutiveRefusals = 0;
  /** Requests cut off by the end of the run (an interrupt): unanswered, but no fault of the server. */
  #cutOff = 0;
  /** Answers to requests sent as the run's own identity, and those that refused access (401/403). */
  #answeredAsRun = 0;
  #refusedAsRun = 0;
  /** The Authorization header of the run's own identity (undefined: anonymous). */
  readonly #runAuthorization: string | undefined;
  /** Per operation id: the stateless checks that had something to judge in at least one of its exchanges. */
  readonly #applied = new Map<string, Set<string>>();
  /** Per operation id: the phases that sent it requests. */
  readonly #phasesOf = new Map<string, Set<string>>();
  readonly #options: RunContextOptions;
  readonly #coverage = new Map<string, CoverageEntry>();
  readonly #findings = new Map<string, Finding>();
  readonly #access: AccessRow[] = [];
  /** Routes' declared methods per locale, so probes of undeclared methods can be judged. */
  readonly #routeMethods = new Map<string, readonly string[]>();
  #ownAccount: OwnAccount | undefined;
  #otherAccounts: ReadonlyMap<string, OwnAccount> = new Map();
  #answerSchemas: AnswerSchemas | undefined;
  readonly #everyExchangeChecks: readonly ExchangeCheck[];
  readonly #caseChecks: readonly ExchangeCheck[];

  constructor(options: RunContextOptions) {
    this.#options = options;
    this.seed = options.seed;
    this.checks = options.checks;
    this.credentials = options.credentials;
    const main: Identity[] = options.credentials ? [{ name: options.credentials.user, role: 'administrator', credentials: options.credentials }] : [];
    this.identities = [ANONYMOUS, ...byPrivilege([...(options.accounts ?? []), ...main])];
    this.secrets = options.secrets.filter((s) => s.length > 0);
    this.#deadline = options.deadline;
    this.#runAuthorization = options.credentials ? basicAuthorization(options.credentials) : undefined;
    this.#everyExchangeChecks = options.checks.filter((check) => check.everyExchange === true);
    this.#caseChecks = options.checks.filter((check) => check.everyExchange !== true);
    if (options.signal) {
      // Every request in flight listens for the interrupt: as many listeners as the concurrency.
      setMaxListeners(0, options.signal);
      options.signal.addEventListener('abort', () => this.stop('interrupted'), { once: true });
    }
  }

  emit(event: RunEvent): void {
    this.#options.emit(event);
  }

  /** Why the run stopped early, if it did. */
  get stopReason(): string | undefined {
    if (!this.#stopReason && this.#deadline !== undefined && Date.now() >= this.#deadline) {
      this.#stopReason = 'time budget';
    }
    return this.#stopReason;
  }

  /** True when the run stopped, or when the current phase has spent its share of the time budget. */
  get stopped(): boolean {
    return this.stopReason !== undefined || this.phaseShareSpent;
  }

  /** The current phase has spent its share of the time budget (the run goes on with the next phase). */
  get phaseShareSpent(): boolean {
    return this.#phaseDeadline !== undefined && Date.now() >= this.#phaseDeadline;
  }

  /** From now until the next call, phases stop sending at `deadline` (epoch ms); undefined: no share. */
  limitPhase(deadline: number | undefined): void {
    this.#phaseDeadline = deadline;
  }

  stop(reason: string): void {
    this.#stopReason ??= reason;
  }

  /** Starts the time budget: no new request after `epochMs` (the engine sets it when the phases start). */
  setDeadline(epochMs: number | undefined): void {
    this.#deadline = epochMs;
  }

  /** Requests cut off by the end of the run, unanswered. */
  get cutOff(): number {
    return this.#cutOff;
  }

  restUrl(locale: string | null): string {
    const url = this.#options.restUrls.get(locale);
    if (url === undefined) throw new Error(`no REST root known for locale ${String(locale)}`);
    return url;
  }

  /** Declares the methods of a route, once per locale, for `unsupported_method`. */
  declareRoute(locale: string | null, route: string, methods: readonly string[]): void {
    this.#routeMethods.set(`${locale} ${route}`, methods);
  }

  /** Registers a declared operation in coverage even if no request reaches it (so gaps show). */
  cover(op: Operation): CoverageEntry {
    let entry = this.#coverage.get(op.id);
    if (!entry) {
      entry = { locale: op.locale, method: op.method, route: op.route, namespace: op.namespace, requests: 0, statuses: {}, notes: [] };
      this.#coverage.set(op.id, entry);
    }
    return entry;
  }

  /**
   * Builds, sends and checks one request. With `judgeCase` the caller reports the outcomes it keeps; otherwise
   * the findings of the checks that judge any answer are reported here (and returned too).
   */
  async execute(op: Operation, requestCase: RequestCase, phase: string, options: ExecuteOptions = {}): Promise<ExecutedCase> {
    const credentials = options.credentials === null ? undefined : (options.credentials ?? this.credentials);
    const request = buildRequest({ restUrl: this.restUrl(op.locale), operation: op, requestCase, credentials });
    const probe = options.probe === true;
    const exchange = await this.#transmit(request, op, phase, requestCase.kind, probe, options.unguarded === true);
    if (options.judgeCase) return { exchange, outcomes: this.check(op, requestCase, exchange) };
    const executed = { exchange, outcomes: this.check(op, requestCase, exchange, 'answer') };
    if (!probe) this.reportOutcomes(op, requestCase, executed, phase);
    return executed;
  }

  /**
   * Sends a request that is not built from a generated case (sequences, batch) and records it; the checks that
   * judge any answer run on it and report what they find, the phase judges the rest.
   */
  async send(request: HttpRequest, op: Operation, phase: string, kind: RequestCase['kind'] | 'sequence', probe = false): Promise<Exchange> {
    const exchange = await this.#transmit(request, op, phase, kind, probe, false);
    const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };
    const outcomes = this.check(op, requestCase, exchange, 'answer');
    if (!probe) this.reportOutcomes(op, requestCase, { exchange, outcomes }, phase);
    return exchange;
  }

  /**
   * Sends and records one request. `unguarded` sends a write to a run identity's account with its credentials
   * (a deliberate access-control probe).
   */
  async #transmit(
    request: HttpRequest,
    op: Operation,
    phase: string,
    kind: RequestCase['kind'] | 'sequence',
    probe: boolean,
    unguarded: boolean,
  ): Promise<Exchange> {
    // A declared operation is in coverage before it is sent, so notes about this request have an entry to go to.
    if (!probe) this.cover(op);
    const pathValues = this.#options.owned === undefined ? [] : this.#pathValues(request, op);
    const guarded = unguarded ? request : this.#sparingOthers(this.#sparingOwnAccount(request, op), op, phase, pathValues);
    const outgoing = probe ? guarded : this.#withExtraValues(guarded, op);
    this.#firstSentAt ??= Date.now();
    const exchange = await this.#options.sender.send(outgoing, this.#options.signal);
    this.#options.owned?.observe(op, exchange, pathValues, this.identityOf(outgoing)?.credentials);
    this.requests += 1;
    this.#latencies.add(exchange.durationMs);
    if (this.requests === this.#options.pace?.after) this.#options.pace.measured(this.#pace());
    this.#watchForDeadTarget(exchange);
    const status = exchange.response?.status ?? null;
    if (!probe) {
      this.#record(op, status);
      if (status !== null && outgoing.headers.authorization === this.#runAuthorization) {
        this.#answeredAsRun += 1;
        if (status === 401 || status === 403) this.#refusedAsRun += 1;
      }
      this.#mark(this.#phasesOf, op.id, phase);
      if (this.#wasCutOff(exchange)) {
        this.#cutOff += 1;
        this.note(op, 'requests cut off unanswered by the end of the run');
      }
    }
    this.emit({ type: 'exchange', phase, operation: operationRef(op), caseKind: kind, status, durationMs: exchange.durationMs });
    if (!probe && this.#everyExchangeChecks.length > 0 && !this.#wasCutOff(exchange)) this.#checkEveryExchange(op, exchange, phase);
    return exchange;
  }

  /** An exchange the run itself aborted (Ctrl-C): no answer, and no verdict on the server either. */
  #wasCutOff(exchange: Exchange): boolean {
    return exchange.error?.code === 'aborted' && this.stopped;
  }

  #mark(map: Map<string, Set<string>>, key: string, value: string): void {
    const set = map.get(key);
    if (set) set.add(value);
    else map.set(key, new Set([value]));
  }

  /** The item schemas the target published: from now on the checks judge answers with them. */
  useAnswerSchemas(schemas: AnswerSchemas | undefined): void {
    this.#answerSchemas = schemas;
  }

  /** The item schemas the target published, once fetched. */
  get answerSchemas(): AnswerSchemas | undefined {
    return this.#answerSchemas;
  }

  /** The target's pace so far: the median time to an answer and the requests per second since the first was sent. */
  #pace(): TargetRate {
    const elapsedMs = this.#firstSentAt === undefined ? 0 : Date.now() - this.#firstSentAt;
    return { medianLatencyMs: this.#latencies.median(), requestsPerSecond: elapsedMs > 0 ? (this.requests * 1000) / elapsedMs : 0, requests: this.requests };
  }

  /** The target's pace over every request sent so far. */
  pace(): TargetRate {
    return this.#pace();
  }

  /**
   * From now on, writes to the account the run logs in as (and, given, to each further identity's account) go
   * out without credentials (see `own-account.ts`), unless sent as a deliberate probe.
   */
  protectOwnAccount(account: OwnAccount | undefined, others: ReadonlyMap<string, OwnAccount> = new Map()): void {
    this.#ownAccount = account;
    this.#otherAccounts = others;
  }

  /** The account (`…/me` paths and its id) of a named identity, when the descriptor has a `…/me` route. */
  accountOf(identity: Identity): OwnAccount | undefined {
    if (identity.credentials === undefined) return undefined;
    if (this.credentials !== undefined && identity.credentials.user === this.credentials.user) return this.#ownAccount;
    return this.#otherAccounts.get(identity.name);
  }

  /** The identity whose account `path` (inside the REST root, no query) addresses, if any. */
  accountAddressed(locale: string | null, path: string): Identity | undefined {
    return this.identities.find((identity) => this.accountOf(identity)?.addresses(locale, path));
  }

  /** The path `request` (a request to `op`) is sent to inside the REST root, as a route sees it: no query, decoded. */
  pathIn(request: HttpRequest, op: Operation): string {
    return decodedPath(request.url.slice(this.restUrl(op.locale).length).split('?')[0]!);
  }

  /** `request` without credentials when it is a write carrying a run identity's credentials to a run identity's account. */
  #sparingOwnAccount(request: HttpRequest, op: Operation): HttpRequest {
    if (this.#ownAccount === undefined && this.#otherAccounts.size === 0) return request;
    if (SAFE_METHODS.includes(request.method as HttpMethod) || this.identityOf(request)?.credentials === undefined) return request;
    const addressed = this.accountAddressed(op.locale, this.pathIn(request, op));
    if (addressed === undefined) return request;
    this.note(
      op,
      addressed.credentials?.user === this.credentials?.user
        ? 'writes to the account the run logs in as were sent without credentials, so they could not change it'
        : "writes to the run's other accounts were sent without credentials, so they could not change them",
    );
    const { authorization: _sentWithout, ...headers } = request.headers;
    return { ...request, headers };
  }

  /** The identity whose credentials a request carries (anonymous for none, undefined for other credentials). */
  identityOf(request: HttpRequest): Identity | undefined {
    const authorization = request.headers.authorization;
    if (authorization === undefined) return ANONYMOUS;
    return this.identities.find((identity) => identity.credentials !== undefined && basicAuthorization(identity.credentials) === authorization);
  }

  /** A further account's curl line names its login and its own password variable; the main account keeps the defaults. */
  #curlOptions(request: HttpRequest): CurlOptions {
    const identity = this.identityOf(request);
    if (identity?.passwordEnv === undefined || identity.credentials === undefined) return {};
    return { userLogin: identity.credentials.user, passwordVariable: identity.passwordEnv };
  }

  /** `request` with the configured values of arguments the route needs but does not declare (`extra-values`). */
  #withExtraValues(request: HttpRequest, op: Operation): HttpRequest {
    const configured = this.#options.extraValues?.[op.route];
    if (configured === undefined) return request;
    // Declared arguments are the generators' to fill (and to leave out, in a case about a missing one).
    const undeclared = Object.fromEntries(Object.entries(configured).filter(([name]) => !Object.hasOwn(op.args, name)));
    return withExtraValues(request, undeclared);
  }

  /** Runs the checks that hold for any exchange (`everyExchange`) and reports what they find at once. */
  #checkEveryExchange(op: Operation, exchange: Exchange, phase: string): void {
    const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };
    const ctx = { operation: op, requestCase, secrets: this.secrets, routeMethods: this.#routeMethods.get(`${op.locale} ${op.route}`) ?? [op.method] };
    for (const check of this.#everyExchangeChecks) {
      this.#mark(this.#applied, op.id, check.name);
      for (const failure of check.judge({ context: ctx, exchange })) {
        if (failure.note) this.note(op, `${check.name}: ${this.redact(failure.message)}`);
        else
          this.report({
            check: check.name,
            severity: failure.severity ?? check.severity,
            operation: op,
            message: failure.message,
            cause: failure.cause,
            argument: failure.argument,
            phase,
            exchanges: [exchange],
          });
      }
    }
  }

  /** True when writes go only to what the run made (a target that is not the bundled server, no --allow-destructive). */
  get ownedWritesOnly(): boolean {
    return this.#options.ownedWritesOnly === true;
  }

  /** What the run made and saw, when it keeps track (see `owned-resources.ts`). */
  get owned(): OwnedResources | undefined {
    return this.#options.owned;
  }

  /**
   * Whether the run may send `request` (a write to `op`) with credentials: always, but on a target where writes
   * go only to what the run made, where it addresses something else.
   */
  mayWriteWithCredentials(request: HttpRequest, op: Operation): boolean {
    const owned = this.#options.owned;
    return !this.ownedWritesOnly || owned === undefined || owned.allowsWrite(op, this.#pathValues(request, op));
  }

  /** The values of `op`'s path variables in the request's URL, in the route's order. */
  #pathValues(request: HttpRequest, op: Operation): string[] {
    if (op.pattern.variables.length === 0) return [];
    const groups = op.pattern.matcher.exec(this.pathIn(request, op))?.groups ?? {};
    return op.pattern.variables.map((variable) => groups[variable.name] ?? '');
  }

  /**
   * `request` without the run's credentials when it writes to something the run did not make, on a target where
   * writes go only to its own resources: the server refuses it and nothing of its own changes. The stateful and
   * batch phases write only to what their sequences made (members made by an activation, blocks of their own
   * members), so they keep theirs.
   */
  #sparingOthers(request: HttpRequest, op: Operation, phase: string, pathValues: readonly string[]): HttpRequest {
    const owned = this.#options.owned;
    if (!this.ownedWritesOnly || owned === undefined || phase === 'batch' || phase === 'stateful' || SAFE_METHODS.includes(request.method as HttpMethod))
      return request;
    // Only the run's own credentials are held back: a probe with wrong ones changes nothing and must go as it is.
    if (this.identityOf(request)?.credentials === undefined || owned.allowsWrite(op, pathValues)) return request;
    const { authorization: _dropped, ...headers } = request.headers;
    this.note(
      op,
      'writes to resources the run did not make were sent without credentials, so they could not change them (--allow-destructive sends them as they are)',
    );
    return { ...request, headers };
  }

  /**
   * Runs the enabled checks over one exchange (those run over every exchange already ran when it was sent): all
   * of them, or with `answer` only those that judge any answer (not `needsCase`). An exchange the run cut off
   * is judged by none.
   */
  check(op: Operation, requestCase: RequestCase, exchange: Exchange, scope: 'all' | 'answer' = 'all'): CheckOutcome[] {
    if (this.#wasCutOff(exchange)) return [];
    const routeMethods = this.#routeMethods.get(`${op.locale} ${op.route}`) ?? [op.method];
    const ctx = { operation: op, requestCase, secrets: this.secrets, routeMethods, answerSchemas: this.#answerSchemas };
    const outcomes: CheckOutcome[] = [];
    for (const check of this.#caseChecks) {
      if (scope === 'answer' && check.needsCase) continue;
      if (check.appliesTo && !check.appliesTo(ctx)) continue;
      this.#mark(this.#applied, op.id, check.name);
      for (const failure of check.judge({ context: ctx, exchange })) {
        if (failure.note) this.note(op, `${check.name}: ${this.redact(failure.message)}`);
        else outcomes.push({ ...failure, check: check.name, severity: failure.severity ?? check.severity });
      }
    }
    return outcomes;
  }

  /** Reports the outcomes of one executed case as findings. */
  reportOutcomes(op: Operation, requestCase: RequestCase, executed: ExecutedCase, phase: string, outcomes = executed.outcomes): void {
    for (const outcome of outcomes) {
      this.report({
        check: outcome.check,
        severity: outcome.severity,
        operation: op,
        message: outcome.message,
        cause: outcome.cause,
        argument: outcome.argument,
        phase,
        exchanges: [executed.exchange],
        requestCase,
      });
    }
  }

  /**
   * Hands the evidence a phase gathered to `check` and reports each rule it saw broken (a note goes on the
   * operation's coverage), with `exchanges` as the reproduction. Returns what the check found.
   */
  judge<E>(check: EvidenceCheck<E>, evidence: E, where: JudgedAt): CheckFailure[] {
    const failures = check.judge(evidence);
    for (const failure of failures) {
      if (failure.note) this.note(where.operation, `${check.name}: ${this.redact(failure.message)}`);
      else
        this.report({
          check: check.name,
          severity: failure.severity ?? check.severity,
          message: failure.message,
          cause: failure.cause,
          argument: failure.argument,
          ...where,
        });
    }
    return failures;
  }

  /**
   * Records a finding, or counts it again when the same check, operation, argument and cause was seen before:
   * a rule broken a hundred times is one finding with a count and its first request as the example.
   */
  report(input: FindingInput): void {
    if (this.#options.enabledChecks && !this.#options.enabledChecks.has(input.check)) return;
    const severity = this.#options.severityOverrides?.[input.check] ?? input.severity;
    const { locale, method, route } = input.operation;
    const known = knownEntry(this.#options.baseline, { check: input.check, locale, method, route });
    const operationId = input.operation.id ?? `${locale ?? '-'} ${method} ${route}`;
    const key = [input.check, operationId, input.argument ?? '', input.cause ?? input.message].join('\u0000');
    const seen = this.#findings.get(key);
    if (seen) {
      seen.count += 1;
      return;
    }
    const last = input.exchanges.at(-1);
    const finding: Finding = {
      id: `F${this.#findings.size + 1}`,
      check: input.check,
      severity,
      locale,
      method,
      route,
      message: this.redact(input.message),
      ...(input.argument === undefined ? {} : { argument: input.argument }),
      request: last ? redactRequest(last.request, this.secrets) : { method, url: '', headers: {} },
      response: last?.response && {
        status: last.response.status,
        // A server may echo credentials in a header (a debug header, a cookie) as well as in its body.
        headers: Object.fromEntries(Object.entries(last.response.headers).map(([name, value]) => [name, this.redact(value)])),
        body: this.redact(last.response.bodyText.slice(0, this.#options.findingBodyChars ?? DEFAULT_FINDING_BODY_CHARS)),
      },
      curl: input.exchanges.map((exchange) => toCurl(exchange.request, this.secrets, this.#curlOptions(exchange.request))),
      replay: { seed: this.seed, operationId, phase: input.phase, case: input.requestCase },
      count: 1,
      fingerprint: findingFingerprint(key),
      ...(known ? { known: known.reason } : {}),
    };
    this.#findings.set(key, finding);
    this.emit({ type: 'finding', finding });
  }

  /**
   * Adds a note to a declared operation's coverage entry (e.g. "valid requests answered 401"). Probes of
   * undeclared methods are not operations: a note about one is dropped rather than listing it as covered.
   */
  note(op: Operation, note: string): void {
    const entry = this.#coverage.get(op.id);
    if (entry && !entry.notes.includes(note)) entry.notes.push(note);
  }

  /** `text` with every secret replaced, in each form it takes on the wire (percent-encoded, JSON-escaped…). */
  redact(text: string): string {
    return redactSecrets(text, this.secrets);
  }

  /** Adds a row to the access matrix. */
  recordAccess(row: AccessRow): void {
    this.#access.push(row);
  }

  /** The access matrix, in a stable order (operation id), whatever order concurrent requests finished in. */
  access(): AccessRow[] {
    return [...this.#access].sort((a, b) => (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0));
  }

  findings(): Finding[] {
    return [...this.#findings.values()];
  }

  /**
   * Coverage of every operation, each with the checks that applied to it: the stateless checks that had something
   * to judge in one of its exchanges, and `phaseChecks` of the phases that sent it requests.
   */
  coverage(phaseChecks: (phases: ReadonlySet<string>) => readonly string[] = () => []): CoverageEntry[] {
    return [...this.#coverage].map(([id, entry]) => ({
      ...entry,
      applied: [...(this.#applied.get(id) ?? []), ...phaseChecks(this.#phasesOf.get(id) ?? new Set())],
    }));
  }

  summary(): RunSummary {
    return {
      requests: this.requests,
      operations: this.#coverage.size,
      ...tallyFindings(this.#findings.values()),
      unanswered: this.#cutOff,
      answeredAsRun: this.#answeredAsRun,
      refusedAsRun: this.#refusedAsRun,
    };
  }

  #record(op: Operation, status: number | null): void {
    const entry = this.cover(op);
    entry.requests += 1;
    const key = String(status ?? 0);
    entry.statuses[key] = (entry.statuses[key] ?? 0) + 1;
  }

  #watchForDeadTarget(exchange: Exchange): void {
    if (exchange.error?.code === 'connection_refused') {
      this.#consecutiveRefusals += 1;
      if (this.#consecutiveRefusals >= (this.#options.deadAfterRefusals ?? DEFAULT_DEAD_AFTER_REFUSALS)) {
        this.stop(`target stopped answering: ${this.#consecutiveRefusals} connections refused in a row`);
      }
    } else {
      this.#consecutiveRefusals = 0;
    }
  }
}
