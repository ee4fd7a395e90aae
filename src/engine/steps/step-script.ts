/**
 * A sequence of requests whose every step's failure is reported with the whole sequence so far as its
 * reproduction (one curl line per step, in order). Cleanup requests (deleting what the sequence created) are
 * sent after it ends and are not part of any reproduction.
 */
import type { CheckFailure, EvidenceCheck, Severity } from '../../checks/types.js';
import type { SequenceReplay } from '../../checks/sequences/evidence.js';
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest, withExtraValues } from '../../request/index.js';
import type { Credentials, UploadBody } from '../../request/types.js';
import type { SequenceStep } from '../events.js';
import type { PhaseContext } from '../phases/phase.js';
import type { StatusExpectation, StepStatus } from '../../checks/stateful/evidence.js';
import { answerOf, describeAnswer, type StepAnswer } from '../../checks/stateful/step-answer.js';
import { isGone } from '../execution/clean-up.js';
import { describedValue } from './described-value.js';
import { learnedArguments } from './learned-arguments.js';
import { seededToken } from './token.js';

/** Parameter values of one step; path values are strings, as in a generated case. */
export interface StepValues {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** A file sent as the raw body (a media create); `body`'s members then go in the query string. */
  upload?: UploadBody;
}

export interface StepOptions {
  /** `null` sends the step anonymously; default: the run's credentials. */
  credentials?: Credentials | null;
  /** Through which locale's REST root; default: the operation's own. */
  locale?: string | null;
}

/** Thrown to end a sequence early (after a finding was reported, or when it cannot go on). */
export class ScriptStopped extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ScriptStopped';
  }
}

/** A check a sequence reports under: its name and default severity. */
export interface ScriptCheck {
  name: string;
  severity: Severity;
}

/** One step of a sequence as the report shows it. */
export type StepRecord = SequenceStep;

/** How a sequence ended: every step as required, a finding that stopped it, or a stop without a finding. */
export interface ScriptOutcome {
  result: 'passed' | 'failed' | 'stopped';
  reason?: string;
}

export class StepScript {
  readonly exchanges: Exchange[] = [];
  readonly steps: StepRecord[] = [];
  /** Set by the first failure or stop; passed when neither happened. */
  outcome: ScriptOutcome | undefined;
  readonly #cleanups: Array<() => Promise<Exchange>> = [];
  /** Cleanup requests that did not remove what they were for, each with its answer. */
  readonly leftovers: string[] = [];
  /** What `replay` needs to run this sequence again (a model-based one's commands), given with each finding. */
  replay: Omit<SequenceReplay, 'steps'> | undefined;

  constructor(
    readonly ctx: PhaseContext,
    readonly phase: string,
    /** Says what the sequence does, for messages: `member create → read → …`. */
    readonly name: string,
  ) {}

  /**
   * Sends one step and records it in the reproduction. A refusal that names an argument the route needs but does
   * not declare teaches the run a value for it (`learned-arguments.ts`); the step is sent again with it.
   */
  async send(op: Operation, values: StepValues, options: StepOptions = {}): Promise<StepAnswer> {
    const exchange = await this.#sendRaw(op, values, options);
    this.exchanges.push(exchange);
    const answer = answerOf(exchange);
    const book = learnedArguments(this.ctx.execution);
    const learnt = book.learn(op, answer, seededToken(this.ctx.execution.seed, 'l', this.exchanges.length));
    if (learnt.length === 0) return answer;
    for (const name of learnt) {
      const described = await describedValue(this.ctx.allOperations, op, name, (read, values) => this.send(read, values, options));
      if (described !== undefined) book.describe(op, name, described);
    }
    this.record(
      `learnt ${learnt.join(', ')}`,
      'ok',
      `${describeAnswer(answer)} named ${learnt.join(', ')}, which the descriptor does not declare: sent again with a value`,
    );
    this.ctx.execution.note(op, `${this.phase}: learnt the undeclared argument(s) ${learnt.join(', ')} from a refusal; later requests give them a value`);
    return this.send(op, values, options);
  }

  /** Reports `message` under `check` with the sequence so far; the sequence goes on. */
  #report(check: ScriptCheck, op: Operation, message: string, severity: Severity = check.severity): void {
    this.steps.push({ step: check.name, outcome: severity === 'failure' ? 'failed' : 'warned', detail: message });
    if (severity === 'failure') this.outcome = { result: 'failed', reason: `${check.name}: ${message}` };
    this.ctx.execution.report({
      check: check.name,
      severity,
      operation: op,
      message: `${this.name}: ${message}`,
      cause: `${this.name}: ${message.replace(/\d+/g, 'N')}`,
      phase: this.phase,
      exchanges: [...this.exchanges],
      ...(this.replay === undefined
        ? {}
        : { sequence: { ...this.replay, steps: this.steps.map(({ step, detail }) => (detail === undefined ? step : `${step}: ${detail}`)) } }),
    });
  }

  /**
   * Hands what the sequence saw to `check` and reports each rule it found broken with the sequence so far (see
   * `#report`); the sequence goes on. Returns what the check found, so the caller can stop the sequence.
   */
  judge<E>(check: EvidenceCheck<E>, op: Operation, evidence: E): CheckFailure[] {
    const failures = this.ctx.execution.verdictOf(check, evidence);
    for (const failure of failures) this.#report(check, op, failure.message, failure.severity ?? check.severity);
    return failures;
  }

  /** `judge`, then stops the sequence when the check found a rule broken (the rule said the sequence cannot go on). */
  judgeOrStop<E>(check: EvidenceCheck<E>, op: Operation, evidence: E): void {
    const last = this.judge(check, op, evidence).at(-1);
    if (last === undefined) return;
    this.outcome = { result: 'failed', reason: `${check.name}: ${last.message}` };
    throw new ScriptStopped(last.message);
  }

  /**
   * Hands the step's status to `check` as a `StepStatus` and stops the sequence when it does not meet `expectation`.
   * A 401 or 403 where success was expected is no finding (the interface does not say who may do what): the
   * sequence stops with a note.
   */
  expectStatus(check: EvidenceCheck<StepStatus>, op: Operation, answer: StepAnswer, expectation: StatusExpectation, what: string): void {
    this.#stopWhenNotAllowed(answer, op, expectation, what);
    this.judgeOrStop(check, op, { step: 'status', what, expected: expectation, answer });
  }

  /** Records a step of the sequence for the report (what ran, and how it went). */
  record(step: string, outcome: StepRecord['outcome'] = 'ok', detail?: string): void {
    this.steps.push(detail === undefined ? { step, outcome } : { step, outcome, detail });
  }

  /** Stops the sequence, with no finding, when a step that had to succeed answered 401 or 403. */
  #stopWhenNotAllowed(answer: StepAnswer, op: Operation, expectation: StatusExpectation, what: string): void {
    const status = answer.status;
    if (expectation === 'success' && (status === 401 || status === 403)) this.stop(op, `${what} answered ${status}: the credentials lack the right`);
  }

  /** Ends the sequence without a finding, noting why on the operation's coverage entry. */
  stop(op: Operation, reason: string): never {
    this.ctx.execution.note(op, `${this.phase}: ${this.name} not completed: ${reason}`);
    this.outcome ??= { result: 'stopped', reason };
    throw new ScriptStopped(reason);
  }

  /** Registers a request to send when the sequence ends (last registered, first sent); returns its cancel. */
  cleanup(op: Operation, values: StepValues, options: StepOptions = {}): () => void {
    const send = (): Promise<Exchange> => this.#sendRaw(op, values, options);
    this.#cleanups.push(send);
    return () => {
      const index = this.#cleanups.indexOf(send);
      if (index !== -1) this.#cleanups.splice(index, 1);
    };
  }

  /**
   * Sends the cleanup requests. One that is neither a success nor a 404/410 (already gone) left something
   * behind: it is listed in `leftovers` with its answer.
   */
  async finish(): Promise<void> {
    while (this.#cleanups.length > 0) {
      const exchange = await this.#cleanups.pop()!();
      if (isGone(exchange.response?.status)) continue;
      const { method, url } = exchange.request;
      this.leftovers.push(`${method} ${url.replace(/\?.*$/, '')}: ${describeAnswer(answerOf(exchange))}`);
    }
  }

  async #sendRaw(op: Operation, values: StepValues, options: StepOptions): Promise<Exchange> {
    const { execution } = this.ctx;
    const locale = options.locale === undefined ? op.locale : options.locale;
    const credentials = options.credentials === null ? undefined : (options.credentials ?? execution.credentials);
    const request = buildRequest({
      restUrl: execution.restUrl(locale),
      operation: op,
      requestCase: { operationId: op.id, kind: 'valid', path: values.path ?? {}, query: values.query ?? {}, body: values.body },
      credentials,
      upload: values.upload,
    });
    const learnt = learnedArguments(execution).valuesFor(op);
    const sent = Object.keys(learnt).length === 0 ? request : withExtraValues(request, learnt);
    const counted = locale === op.locale ? op : { ...op, locale, id: `${locale ?? '-'} ${op.method} ${op.route}` };
    return execution.send(sent, counted, this.phase, 'sequence');
  }
}

/**
 * Runs `body` as one sequence: a stop ends it quietly, and its cleanup always runs. Undefined when the run had
 * stopped. `pastPhaseShare`: a security probe, sent even when its phase has spent its share (only a stop of the
 * whole run leaves it out).
 */
export async function runStepScript(
  ctx: PhaseContext,
  phase: string,
  name: string,
  body: (script: StepScript) => Promise<void>,
  options: { pastPhaseShare?: boolean } = {},
): Promise<StepScript | undefined> {
  if (options.pastPhaseShare === true ? ctx.execution.control.reason !== undefined : ctx.execution.stopped) return undefined;
  const script = new StepScript(ctx, phase, name);
  try {
    await body(script);
  } catch (error) {
    if (!(error instanceof ScriptStopped)) throw error;
  } finally {
    await script.finish();
  }
  return script;
}
