/**
 * Running the checks: the exchange checks over each exchange (those that hold for any exchange at once, when it
 * is sent), and the evidence a phase gathered handed to its check. What they find goes to the findings book; a
 * note goes on the operation's coverage.
 */
import type { AnswerValidators } from '../../checks/answer-validators.js';
import type { CheckFailure, EvidenceCheck, ExchangeCheck, Severity } from '../../checks/types.js';
import type { GatheredMarks } from '../../checks/regather.js';
import type { Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import type { RunControl } from './control.js';
import type { FindingInput, FindingsBook } from './findings-book.js';
import type { RunRecorder } from './recorder.js';

/** A broken rule found by a check, before it becomes a reported Finding. */
export interface CheckOutcome extends CheckFailure {
  check: string;
  severity: Severity;
}

export interface ExecutedCase {
  exchange: Exchange;
  outcomes: CheckOutcome[];
}

/** Where the evidence a check judges was gathered: the finding's operation, phase and reproduction. */
export type JudgedAt = Pick<FindingInput, 'phase' | 'exchanges' | 'requestCase' | 'race'> & {
  operation: Operation;
  /** The labelled requests the evidence was gathered from, for replay (`checks/regather.ts`). */
  gathered?: GatheredMarks;
};

export interface CheckRunnerOptions {
  checks: readonly ExchangeCheck[];
  /** Strings the checks look for in answers (an echoed password). */
  secrets: readonly string[];
  book: FindingsBook;
  recorder: RunRecorder;
  /** Tells an exchange the run cut off: no check judges it. */
  control: RunControl;
}

export class CheckRunner {
  readonly #secrets: string[];
  readonly #book: FindingsBook;
  readonly #recorder: RunRecorder;
  readonly #control: RunControl;
  readonly #everyExchangeChecks: readonly ExchangeCheck[];
  readonly #caseChecks: readonly ExchangeCheck[];
  /** Routes' declared methods per locale, so probes of undeclared methods can be judged. */
  readonly #routeMethods = new Map<string, readonly string[]>();
  /** Exchanges whose request a write guard sent without the credentials it was built with. */
  readonly #withheld = new WeakSet<Exchange>();
  #answerSchemas: AnswerValidators | undefined;

  constructor(options: CheckRunnerOptions) {
    this.#secrets = [...options.secrets];
    this.#book = options.book;
    this.#recorder = options.recorder;
    this.#control = options.control;
    this.#everyExchangeChecks = options.checks.filter((check) => check.everyExchange === true);
    this.#caseChecks = options.checks.filter((check) => check.everyExchange !== true);
  }

  /** Declares the methods of a route, once per locale, for `unsupported_method`. */
  declareRoute(locale: string | null, route: string, methods: readonly string[]): void {
    this.#routeMethods.set(`${locale} ${route}`, methods);
  }

  /** The item schemas the target published, once fetched. */
  get answerSchemas(): AnswerValidators | undefined {
    return this.#answerSchemas;
  }

  /** The item schemas the target published: from now on the checks judge answers with them. */
  useAnswerSchemas(schemas: AnswerValidators | undefined): void {
    this.#answerSchemas = schemas;
  }

  /** Marks an exchange whose request went without the credentials it was built with (a write guard held them back). */
  credentialsWithheld(exchange: Exchange): void {
    this.#withheld.add(exchange);
  }

  /** Runs the checks that hold for any exchange (`everyExchange`) and reports what they find at once. */
  checkEveryExchange(op: Operation, exchange: Exchange, phase: string): void {
    if (this.#everyExchangeChecks.length === 0) return;
    const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };
    const routeMethods = this.#routeMethods.get(`${op.locale} ${op.route}`) ?? [op.method];
    const ctx = { operation: op, requestCase, secrets: this.#secrets, routeMethods, credentialsWithheld: this.#withheld.has(exchange) };
    for (const check of this.#everyExchangeChecks) {
      this.#recorder.applied(op, check.name);
      for (const failure of check.judge({ context: ctx, exchange })) {
        if (failure.note) this.#note(op, check.name, failure.message);
        else
          this.#book.report({
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

  /**
   * Runs the checks over one exchange (not those that hold for any exchange: they ran when it was sent): all of
   * them, or with `answer` only those that judge any answer (not `needsCase`). An exchange the run cut off is
   * judged by none.
   */
  check(op: Operation, requestCase: RequestCase, exchange: Exchange, scope: 'all' | 'answer' = 'all'): CheckOutcome[] {
    if (this.#control.wasCutOff(exchange)) return [];
    const routeMethods = this.#routeMethods.get(`${op.locale} ${op.route}`) ?? [op.method];
    const credentialsWithheld = this.#withheld.has(exchange);
    const ctx = { operation: op, requestCase, secrets: this.#secrets, routeMethods, answerSchemas: this.#answerSchemas, credentialsWithheld };
    const outcomes: CheckOutcome[] = [];
    for (const check of this.#caseChecks) {
      if (scope === 'answer' && check.needsCase) continue;
      if (check.appliesTo && !check.appliesTo(ctx)) continue;
      this.#recorder.applied(op, check.name);
      for (const failure of check.judge({ context: ctx, exchange })) {
        if (failure.note) this.#note(op, check.name, failure.message);
        else outcomes.push({ ...failure, check: check.name, severity: failure.severity ?? check.severity });
      }
    }
    return outcomes;
  }

  /** Reports the outcomes of one executed case as findings. */
  reportOutcomes(op: Operation, requestCase: RequestCase, executed: ExecutedCase, phase: string, outcomes = executed.outcomes): void {
    for (const outcome of outcomes) {
      this.#book.report({
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
    const { gathered, ...at } = where;
    for (const failure of failures) {
      if (failure.note) this.#note(where.operation, check.name, failure.message);
      else
        this.#book.report({
          check: check.name,
          severity: failure.severity ?? check.severity,
          message: failure.message,
          cause: failure.cause,
          argument: failure.argument,
          ...at,
          // Only a check that can rebuild its evidence from them records the requests for replay.
          ...(gathered === undefined || check.judgeAgain === undefined ? {} : { gathered: { ...gathered, evidence } }),
        });
    }
    return failures;
  }

  #note(op: Operation, check: string, message: string): void {
    this.#recorder.note(op, `${check}: ${this.#book.redact(message)}`);
  }
}
