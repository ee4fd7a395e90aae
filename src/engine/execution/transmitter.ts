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
import type { OperationRef, RunEvent } from '../events.js';
import type { OwnedResources } from '../owned-resources.js';
import type { CheckRunner, ExecutedCase } from './check-runner.js';
import type { RunControl } from './control.js';
import type { RunIdentities } from './identities.js';
import type { ExecuteOptions, Sender } from './options.js';
import { QuietGate } from './quiet-gate.js';
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
/** Methods that change nothing: such a request can be sent again without a second effect. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The operation as an `exchange` event names it. */
function operationOf(op: Operation): OperationRef {
  return { id: op.id, locale: op.locale, method: op.method, route: op.route, namespace: op.namespace };
}

/** One request of a race, and the operation it is a request to. */
export interface RaceEntry {
  request: HttpRequest;
  op: Operation;
}

export class Transmitter {
  readonly #options: TransmitterOptions;
  readonly #send: GuardedSend;
  readonly #quiet = new QuietGate();
  /** Requests to send with no other in flight (`ExecuteOptions.alone`). */
  readonly #alone = new WeakSet<Sending>();

  constructor(options: TransmitterOptions) {
    this.#options = options;
    const { sender, signal } = options;
    this.#send = composeGuards(options.guards, (request, sending) => {
      sending.sent = request;
      return this.#quiet.pass(() => sender.send(request, signal), this.#alone.has(sending));
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
    const exchange = await this.#transmit(request, op, phase, requestCase.kind, probe, options.unguarded === true, options.alone === true);
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

  /**
   * Sends requests together (a race): each passes the write guards as any request does, then waits at a gate
   * until every one that was not answered by a guard is there, and those go out at once (the sender's `together`,
   * else in parallel). Each exchange is told to the run as `send` tells one. The exchanges are in entry order.
   */
  async race(entries: readonly RaceEntry[], phase: string): Promise<Exchange[]> {
    const { sender, signal } = this.#options;
    const gate = new RaceGate(entries.length, (requests) =>
      sender.together ? sender.together(requests, signal) : Promise.all(requests.map((request) => sender.send(request, signal))),
    );
    const guarded = composeGuards(this.#options.guards, (request, sending) => {
      sending.sent = request;
      return gate.enter(request);
    });
    const prepared = entries.map(({ request, op }) => this.#prepare(request, op, phase, false, false));
    const exchanges = await Promise.all(
      prepared.map(async (sending, index) => {
        const exchange = await guarded(entries[index]!.request, sending);
        gate.settled(sending.sent);
        return exchange;
      }),
    );
    const { checks } = this.#options;
    return exchanges.map((exchange, index) => {
      const { op } = entries[index]!;
      this.#told(entries[index]!.request, prepared[index]!, exchange, 'sequence');
      const requestCase: RequestCase = { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined };
      checks.reportOutcomes(op, requestCase, { exchange, outcomes: checks.check(op, requestCase, exchange, 'answer') }, phase);
      return exchange;
    });
  }

  /** What the guards and the recorder know of a request about to be sent. */
  #prepare(request: HttpRequest, op: Operation, phase: string, probe: boolean, unguarded: boolean): Sending {
    const { owned, recorder } = this.#options;
    // A declared operation is in coverage before it is sent, so notes about this request have an entry to go to.
    if (!probe) recorder.cover(op);
    const values = owned === undefined ? NO_PATH_VALUES : pathValues(op, request.url, this.#options.restUrl(op.locale));
    recorder.sending();
    return { op, phase, probe, unguarded, pathValues: values, sent: request };
  }

  /** Tells what came back to all that keep track of it; `request` is the request as built, before the guards. */
  #told(request: HttpRequest, sending: Sending, exchange: Exchange, kind: RequestCase['kind'] | 'sequence'): void {
    const { owned, control, recorder } = this.#options;
    const { op, phase, probe } = sending;
    // A guard held the credentials back: a refusal for want of them judges nothing about the account (see the checks).
    if (request.headers.authorization !== undefined && sending.sent.headers.authorization === undefined) this.#options.checks.credentialsWithheld(exchange);
    owned?.observe(op, exchange, sending.pathValues, this.#options.identities.identityOf(sending.sent)?.credentials);
    control.onExchange(exchange);
    const cutOff = control.wasCutOff(exchange);
    recorder.onExchange(sending, exchange, cutOff);
    this.#options.emit({
      type: 'exchange',
      phase,
      operation: operationOf(op),
      caseKind: kind,
      status: exchange.response?.status ?? null,
      durationMs: exchange.durationMs,
    });
    if (!probe && !cutOff) this.#options.checks.checkEveryExchange(op, exchange, phase);
  }

  /** A try that is sent again: it counts as a request sent and judges nothing; only the try sent alone is judged. */
  #toldFirstTry(sending: Sending, exchange: Exchange, kind: RequestCase['kind'] | 'sequence'): void {
    const { op, phase } = sending;
    this.#options.recorder.onExchange({ ...sending, probe: true }, exchange, false);
    this.#options.emit({ type: 'exchange', phase, operation: operationOf(op), caseKind: kind, status: null, durationMs: exchange.durationMs });
  }

  /** Sends one request to `op` for `phase` and records it. `unguarded`: a deliberate access probe, sent as built. */
  async #transmit(
    request: HttpRequest,
    op: Operation,
    phase: string,
    kind: RequestCase['kind'] | 'sequence',
    probe: boolean,
    unguarded: boolean,
    alone = false,
  ): Promise<Exchange> {
    const sending = this.#prepare(request, op, phase, probe, unguarded);
    if (alone) this.#alone.add(sending);
    let exchange = await this.#send(request, sending);
    if (this.#resendsAlone(sending, exchange)) {
      this.#toldFirstTry(sending, exchange, kind);
      this.#alone.add(sending);
      exchange = await this.#send(request, sending);
    }
    this.#told(request, sending, exchange, kind);
    return exchange;
  }

  /**
   * A read that timed out among the run's other requests is sent again alone before its timeout is held against
   * the server (see `QuietGate`), in every phase: on a server with few workers the run's own requests queue in front
   * of it. A write is not: it may have been carried out. Not for the work before the phases, where timeouts in a row
   * tell a target that hangs, nor once the run has stopped.
   */
  #resendsAlone(sending: Sending, exchange: Exchange): boolean {
    const { control } = this.#options;
    if (exchange.error?.code !== 'timeout' || !READS.has(sending.sent.method) || this.#alone.has(sending)) return false;
    return !sending.probe && !control.countingTimeouts && control.reason === undefined;
  }
}

/**
 * Where the requests of a race wait for each other: once every request still on its way has arrived (a guard may
 * answer one itself, which then never comes), they are sent at once.
 */
class RaceGate {
  #expected: number;
  readonly #waiting: Array<{ request: HttpRequest; resolve(exchange: Exchange): void }> = [];
  readonly #entered = new Set<HttpRequest>();
  #fired = false;

  constructor(
    expected: number,
    readonly fire: (requests: HttpRequest[]) => Promise<Exchange[]>,
  ) {
    this.#expected = expected;
  }

  enter(request: HttpRequest): Promise<Exchange> {
    this.#entered.add(request);
    return new Promise((resolve) => {
      this.#waiting.push({ request, resolve });
      this.#open();
    });
  }

  /** A request's guards are done with it: when it never reached the gate, the others wait for one fewer. */
  settled(request: HttpRequest): void {
    if (this.#entered.has(request)) return;
    this.#expected -= 1;
    this.#open();
  }

  #open(): void {
    if (this.#fired || this.#waiting.length < this.#expected || this.#waiting.length === 0) return;
    this.#fired = true;
    const waiting = [...this.#waiting];
    void this.fire(waiting.map((entry) => entry.request)).then((exchanges) => waiting.forEach((entry, index) => entry.resolve(exchanges[index]!)));
  }
}
