/**
 * The run's way out: each request goes through the write guards to the sender, and what came back is told, from
 * this one place, to all that keep track of it: what the run owns, the control (a dead target), the recorder, the
 * event stream, and the checks (those that hold for any exchange at once, the others as the phase asks).
 */
import type { Operation } from '../../descriptor/types.js';
import type { RequestCase } from '../../generate/types.js';
import type { Exchange } from '../../http/types.js';
import { buildRequest } from '../../request/index.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { RunEvent } from '../events.js';
import type { OwnedResources } from '../owned-resources.js';
import type { CheckRunner, ExecutedCase } from './check-runner.js';
import type { RunControl } from './control.js';
import type { RunIdentities } from './identities.js';
import type { ExecuteOptions, Sender } from './options.js';
import type { RunRecorder } from './recorder.js';
import { pathValues } from './rest-path.js';
import { composeGuards, type GuardedSend, type Sending, type WriteGuard } from './write-guards/index.js';

export interface TransmitterOptions {
  sender: Sender;
  signal?: AbortSignal;
  /** Outermost first. */
  guards: readonly WriteGuard[];
  restUrl(locale: string | null): string;
  /** The run's own credentials: a case is sent with them unless told otherwise. */
  credentials?: Credentials;
  owned: OwnedResources | undefined;
  identities: RunIdentities;
  control: RunControl;
  recorder: RunRecorder;
  checks: CheckRunner;
  emit(event: RunEvent): void;
}

const NO_PATH_VALUES: readonly string[] = [];

export class Transmitter {
  readonly #options: TransmitterOptions;
  readonly #send: GuardedSend;

  constructor(options: TransmitterOptions) {
    this.#options = options;
    const { sender, signal } = options;
    this.#send = composeGuards(options.guards, (request, sending) => {
      sending.sent = request;
      return sender.send(request, signal);
    });
  }

  /**
   * Builds, sends and checks one request. With `judgeCase` the caller reports the outcomes it keeps; otherwise
   * the findings of the checks that judge any answer are reported here (and returned too).
   */
  async execute(op: Operation, requestCase: RequestCase, phase: string, options: ExecuteOptions = {}): Promise<ExecutedCase> {
    const { checks } = this.#options;
    const credentials = options.credentials === null ? undefined : (options.credentials ?? this.#options.credentials);
    const request = buildRequest({ restUrl: this.#options.restUrl(op.locale), operation: op, requestCase, credentials });
    const probe = options.probe === true;
    const exchange = await this.#transmit(request, op, phase, requestCase.kind, probe, options.unguarded === true);
    if (options.judgeCase) return { exchange, outcomes: checks.check(op, requestCase, exchange) };
    const executed = { exchange, outcomes: checks.check(op, requestCase, exchange, 'answer') };
    if (!probe) checks.reportOutcomes(op, requestCase, executed, phase);
    return executed;
  }

  /** Sends a request not built from a generated case (sequences, batch); the checks that judge any answer report on it. */
  async send(request: HttpRequest, op: Operation, phase: string, kind: RequestCase['kind'] | 'sequence', probe = false): Promise<Exchange> {
    const { checks } = this.#options;
    const exchange = await this.#transmit(request, op, phase, kind, probe, false);
    const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };
    const outcomes = checks.check(op, requestCase, exchange, 'answer');
    if (!probe) checks.reportOutcomes(op, requestCase, { exchange, outcomes }, phase);
    return exchange;
  }

  /** Sends one request to `op` for `phase` and records it. `unguarded`: a deliberate access probe, sent as built. */
  async #transmit(
    request: HttpRequest,
    op: Operation,
    phase: string,
    kind: RequestCase['kind'] | 'sequence',
    probe: boolean,
    unguarded: boolean,
  ): Promise<Exchange> {
    const { owned, control, recorder } = this.#options;
    // A declared operation is in coverage before it is sent, so notes about this request have an entry to go to.
    if (!probe) recorder.cover(op);
    const values = owned === undefined ? NO_PATH_VALUES : pathValues(op, request.url, this.#options.restUrl(op.locale));
    const sending: Sending = { op, phase, probe, unguarded, pathValues: values, sent: request };
    recorder.sending();
    const exchange = await this.#send(request, sending);
    // A guard held the credentials back: a refusal for want of them judges nothing about the account (see the checks).
    if (request.headers.authorization !== undefined && sending.sent.headers.authorization === undefined) this.#options.checks.credentialsWithheld(exchange);
    owned?.observe(op, exchange, values, this.#options.identities.identityOf(sending.sent)?.credentials);
    control.onExchange(exchange);
    const cutOff = control.wasCutOff(exchange);
    recorder.onExchange(sending, exchange, cutOff);
    const operation = { id: op.id, locale: op.locale, method: op.method, route: op.route, namespace: op.namespace };
    this.#options.emit({ type: 'exchange', phase, operation, caseKind: kind, status: exchange.response?.status ?? null, durationMs: exchange.durationMs });
    if (!probe && !cutOff) this.#options.checks.checkEveryExchange(op, exchange, phase);
    return exchange;
  }
}
