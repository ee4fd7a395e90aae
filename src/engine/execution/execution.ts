/**
 * The handle every phase holds on the run. It composes the run's parts, each a module of `execution/`: the control (why
 * the run stops, deadlines, a dead target), the identities, the transmitter (the write guards around the sender),
 * the check runner, the findings book and the recorder.
 */
import type { AnswerValidators } from '../../checks/answer-validators.js';
import type { CheckSelection } from '../../checks/registry.js';
import type { CheckFailure, EvidenceCheck, ExchangeCheck, Finding } from '../../checks/types.js';
import type { Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import type { Identity } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { TargetRate } from '../budget.js';
import type { AccessRow, CoverageEntry, RunEvent, RunSummary } from '../events.js';
import type { OwnAccount } from '../own-account.js';
import type { OwnedResources } from '../owned-resources.js';
import { CheckRunner, type CheckOutcome, type ExecutedCase, type JudgedAt } from './check-runner.js';
import { RunControl, stopText } from './control.js';
import { FindingsBook, type FindingInput } from './findings-book.js';
import type { PostTypeRoutes } from '../post-type-routes.js';
import { RunIdentities } from './identities.js';
import type { ExecuteOptions, ExecutionSetup } from './options.js';
import { RunRecorder } from './recorder.js';
import { pathInRoot, pathValues } from './rest-path.js';
import { Transmitter, type RaceEntry } from './transmitter.js';
import { writeGuards } from './write-guards/index.js';

export type { CheckOutcome, ExecutedCase, JudgedAt } from './check-runner.js';
export type { RaceEntry } from './transmitter.js';
export { findingFingerprint, type FindingInput } from './findings-book.js';
export type { ExecuteOptions, ExecutionSetup, Sender } from './options.js';

export class Execution {
  readonly seed: number;
  readonly checks: readonly ExchangeCheck[];
  readonly credentials: Credentials | undefined;
  /** Every identity of the run, least privileged first (see `RunIdentities.all`). */
  readonly identities: readonly Identity[];
  readonly secrets: string[];
  /** What the run made and saw, when it keeps track (see `owned-resources.ts`). */
  readonly owned: OwnedResources | undefined;
  /** True when writes go only to what the run made (a target that is not the bundled server, no --allow-destructive). */
  readonly ownedWritesOnly: boolean;
  /** Whether the run goes on, and if not, why (the typed reason). */
  readonly control: RunControl;
  readonly #options: ExecutionSetup;
  readonly #who: RunIdentities;
  readonly #book: FindingsBook;
  readonly #selection: CheckSelection | undefined;
  readonly #recorder: RunRecorder;
  readonly #checks: CheckRunner;
  readonly #transmitter: Transmitter;
  readonly #incomplete: string[] = [];

  constructor(options: ExecutionSetup) {
    this.#options = options;
    this.seed = options.seed;
    this.checks = options.checks;
    this.credentials = options.credentials;
    this.#who = new RunIdentities(options.credentials, options.accounts);
    this.identities = this.#who.all;
    this.secrets = options.secrets.filter((s) => s.length > 0);
    this.owned = options.owned;
    this.ownedWritesOnly = options.ownedWritesOnly === true;
    this.control = new RunControl(options);
    this.#selection = options.selection;
    this.#book = new FindingsBook({ ...options, secrets: this.secrets, curlOptions: (request) => this.#who.curlOptions(request) });
    this.#recorder = new RunRecorder({ pace: options.pace, runAuthorization: this.#who.runAuthorization });
    const parts = { secrets: this.secrets, book: this.#book, recorder: this.#recorder, control: this.control, identities: this.#who, owned: this.owned };
    this.#checks = new CheckRunner({ ...parts, checks: options.checks });
    const ownedOnly = this.ownedWritesOnly ? this.owned : undefined;
    const guards = writeGuards({ ...parts, pathIn: this.pathIn, note: this.note, ownedOnly, extraValues: options.extraValues });
    const restUrl = (locale: string | null): string => this.restUrl(locale);
    this.#transmitter = new Transmitter({ ...options, ...parts, checks: this.#checks, guards, restUrl });
  }

  /** Why the run stopped early, as reports word it (`control.reason` is the typed reason). */
  get stopReason(): string | undefined {
    const reason = this.control.reason;
    return reason && stopText(reason);
  }

  get stopped(): boolean {
    return this.control.stopped;
  }

  get phaseShareSpent(): boolean {
    return this.control.phaseShareSpent;
  }

  get requests(): number {
    return this.#recorder.requests;
  }

  get cutOff(): number {
    return this.#recorder.cutOff;
  }

  get answerSchemas(): AnswerValidators | undefined {
    return this.#checks.answerSchemas;
  }

  restUrl(locale: string | null): string {
    const url = this.#options.restUrls.get(locale);
    if (url === undefined) throw new Error(`no REST root known for locale ${String(locale)}`);
    return url;
  }

  /** The path `request` (a request to `op`) is sent to inside the REST root, as a route sees it: no query, decoded. */
  readonly pathIn = (request: HttpRequest, op: Operation): string => pathInRoot(request.url, this.restUrl(op.locale));

  /** Whether a write to `op` may carry credentials: always, but where writes go only to what the run made, there. */
  readonly mayWriteWithCredentials = (request: HttpRequest, op: Operation): boolean =>
    !this.ownedWritesOnly || this.owned === undefined || this.owned.allowsWrite(op, pathValues(op, request.url, this.restUrl(op.locale)));

  // The rest is the parts' work, documented there; bound, so a phase may hand a member on.
  readonly execute = (op: Operation, requestCase: RequestCase, phase: string, options?: ExecuteOptions): Promise<ExecutedCase> =>
    this.#transmitter.execute(op, requestCase, phase, options);
  readonly send = (request: HttpRequest, op: Operation, phase: string, kind: RequestCase['kind'] | 'sequence', probe?: boolean): Promise<Exchange> =>
    this.#transmitter.send(request, op, phase, kind, probe);
  readonly race = (entries: readonly RaceEntry[], phase: string): Promise<Exchange[]> => this.#transmitter.race(entries, phase);
  readonly check = (op: Operation, requestCase: RequestCase, exchange: Exchange, scope?: 'all' | 'answer'): CheckOutcome[] =>
    this.#checks.check(op, requestCase, exchange, scope);
  readonly reportOutcomes = (op: Operation, requestCase: RequestCase, executed: ExecutedCase, phase: string, outcomes?: CheckOutcome[]): void =>
    this.#checks.reportOutcomes(op, requestCase, executed, phase, outcomes);
  readonly judge = <E>(check: EvidenceCheck<E>, evidence: E, where: JudgedAt): CheckFailure[] =>
    this.selects(check) ? this.#checks.judge(check, evidence, where) : [];
  /** Whether the run judges with `check` (the run's selection: `--checks`, `checks:`); one it leaves out is not run. */
  readonly selects = (check: Pick<EvidenceCheck<never>, 'name'>): boolean => this.#selection?.includes(check.name) ?? true;
  /** What `check` finds in `evidence`, not reported (the caller reports it its own way); nothing when the run does not select it. */
  readonly verdictOf = <E>(check: EvidenceCheck<E>, evidence: E): CheckFailure[] => (this.selects(check) ? check.judge(evidence) : []);
  readonly declareRoute = (locale: string | null, route: string, methods: readonly string[]): void => this.#checks.declareRoute(locale, route, methods);
  readonly useAnswerSchemas = (schemas: AnswerValidators | undefined): void => this.#checks.useAnswerSchemas(schemas);
  readonly usePostTypeRoutes = (routes: PostTypeRoutes): void => this.#book.usePostTypeRoutes(routes);
  readonly report = (input: FindingInput): void => this.#book.report(input);
  readonly redact = (text: string): string => this.#book.redact(text);
  readonly findings = (): Finding[] => this.#book.findings();
  readonly cover = (op: Operation): CoverageEntry => this.#recorder.cover(op);
  readonly note = (op: Operation, note: string): void => this.#recorder.note(op, note);
  readonly recordAccess = (row: AccessRow): void => this.#recorder.recordAccess(row);
  readonly access = (): AccessRow[] => this.#recorder.access();
  readonly coverage = (phaseChecks?: (phases: ReadonlySet<string>) => readonly string[]): CoverageEntry[] => this.#recorder.coverage(phaseChecks);
  readonly pace = (): TargetRate => this.#recorder.pace();
  readonly summary = (): RunSummary => this.#recorder.summary(this.#book.tally());
  readonly identityOf = (request: HttpRequest): Identity | undefined => this.#who.identityOf(request);
  readonly protectOwnAccount = (account: OwnAccount | undefined, others?: ReadonlyMap<string, OwnAccount>): void => this.#who.protect(account, others);
  readonly accountOf = (identity: Identity): OwnAccount | undefined => this.#who.accountOf(identity);
  readonly accountAddressed = (locale: string | null, path: string): Identity | undefined => this.#who.accountAddressed(locale, path);
  readonly emit = (event: RunEvent): void => this.#options.emit(event);
  readonly limitPhase = (deadline: number | undefined): void => this.control.limitPhase(deadline);
  readonly setDeadline = (epochMs: number | undefined): void => this.control.setDeadline(epochMs);
  /** Says the run left out work it was asked for (the report's `incomplete`; `fail-on: incomplete` fails on it). */
  readonly markIncomplete = (reason: string): void => void this.#incomplete.push(reason);
  /** What `markIncomplete` was told. */
  get incompleteWork(): readonly string[] {
    return this.#incomplete;
  }
}
