/**
 * Run control: whether the run goes on, and if not, why. A run stops early for one of three reasons (an
 * interrupt, the time budget, a target that stopped answering); a phase also stops when it has spent its share
 * of the budget, while the run goes on with the next phase.
 */
import type { Exchange } from '../../http/types.js';

/** Why a run stopped early. */
export type StopReason =
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'time-budget' }
  /** Connections in a row that could not be made: refused, or (`unresolved` of them) the host name did not resolve. */
  | { readonly kind: 'target-dead'; readonly refusals: number; readonly unresolved?: number }
  | { readonly kind: 'target-silent'; readonly unanswered: number };

export const INTERRUPTED: StopReason = { kind: 'interrupted' };
export const TIME_BUDGET: StopReason = { kind: 'time-budget' };

/** Consecutive refused connections after which the target counts as gone (also: timeouts in a row before the phases). */
export const DEFAULT_DEAD_AFTER_REFUSALS = 25;

/** The words a report gives a stop reason (its `stoppedEarly`): reports, merges, scripts and tests read them. */
export function stopText(reason: StopReason): string {
  switch (reason.kind) {
    case 'interrupted':
      return 'interrupted';
    case 'time-budget':
      return 'time budget';
    case 'target-dead':
      return `target stopped answering: ${deadTargetText(reason.refusals, reason.unresolved ?? 0)}`;
    case 'target-silent':
      return `target stopped answering: ${reason.unanswered} requests in a row before the phases got no answer in time`;
  }
}

/** Why no connection could be made, in a row: a name that does not resolve is a DNS failure, not a refusal. */
function deadTargetText(failures: number, unresolved: number): string {
  if (unresolved === 0) return `${failures} connections refused in a row`;
  if (unresolved === failures) return `its host name did not resolve (DNS) ${failures} times in a row`;
  return `${failures} connections in a row could not be made (${failures - unresolved} refused, ${unresolved} host name lookups failed)`;
}

/** True when a report's `stoppedEarly` says the run was interrupted (SIGINT, SIGTERM). */
export function isInterrupted(stoppedEarly: string | undefined): boolean {
  return stoppedEarly === stopText(INTERRUPTED);
}

/** True when a report's `stoppedEarly` says the time budget ran out: the run ended as planned, only sooner. */
export function isTimeBudget(stoppedEarly: string | undefined): boolean {
  return stoppedEarly === stopText(TIME_BUDGET);
}

export interface RunControlOptions {
  /** Aborts the run (Ctrl-C): the reason becomes `interrupted`. */
  signal?: AbortSignal;
  /** Epoch milliseconds after which no new request is sent (see also `setDeadline`). */
  deadline?: number;
  /** Consecutive refused connections after which the target counts as gone. */
  deadAfterRefusals?: number;
}

/** The run's stop conditions: the first reason to stop wins and stays. */
export class RunControl {
  #reason: StopReason | undefined;
  #deadline: number | undefined;
  #phaseDeadline: number | undefined;
  #consecutiveRefusals = 0;
  /** How many of `#consecutiveRefusals` were host names that did not resolve. */
  #consecutiveUnresolved = 0;
  #consecutiveTimeouts = 0;
  #countTimeouts = false;
  readonly #deadAfterRefusals: number;

  constructor(options: RunControlOptions = {}) {
    this.#deadline = options.deadline;
    this.#deadAfterRefusals = options.deadAfterRefusals ?? DEFAULT_DEAD_AFTER_REFUSALS;
    if (options.signal) {
      options.signal.addEventListener('abort', () => this.stop(INTERRUPTED), { once: true });
    }
  }

  /** Why the run stopped early, if it did (a deadline that passed counts from the first time it is asked). */
  get reason(): StopReason | undefined {
    if (this.#reason === undefined && this.#deadline !== undefined && Date.now() >= this.#deadline) this.#reason = TIME_BUDGET;
    return this.#reason;
  }

  /** True when the run stopped, or when the current phase has spent its share of the time budget. */
  get stopped(): boolean {
    return this.reason !== undefined || this.phaseShareSpent;
  }

  /** The current phase has spent its share of the time budget (the run goes on with the next phase). */
  get phaseShareSpent(): boolean {
    return this.#phaseDeadline !== undefined && Date.now() >= this.#phaseDeadline;
  }

  /** Stops the run, unless it already stopped for another reason. */
  stop(reason: StopReason): void {
    this.#reason ??= reason;
  }

  /** Starts the time budget: no new request after `epochMs` (the engine sets it when the phases start). */
  setDeadline(epochMs: number | undefined): void {
    this.#deadline = epochMs;
  }

  /** From now until the next call, phases stop sending at `deadline` (epoch ms); undefined: no share. */
  limitPhase(deadline: number | undefined): void {
    this.#phaseDeadline = deadline;
  }

  /** An exchange the run itself aborted (Ctrl-C): no answer, and no verdict on the server either. */
  wasCutOff(exchange: Exchange): boolean {
    return exchange.error?.code === 'aborted' && this.stopped;
  }

  /**
   * While on (the run's work before the phases: plain reads a live target answers at once), a request that timed
   * out counts toward the dead-target rule too. The phases' requests do not: a fuzzed request may be slow to answer.
   */
  countTimeouts(on: boolean): void {
    this.#countTimeouts = on;
    this.#consecutiveTimeouts = 0;
  }

  /** True while timeouts count toward the dead-target rule (see `countTimeouts`). */
  get countingTimeouts(): boolean {
    return this.#countTimeouts;
  }

  /** Requests in a row that timed out while timeouts count (see `countTimeouts`). */
  get timeoutsInARow(): number {
    return this.#consecutiveTimeouts;
  }

  /**
   * The dead-target rule: so many connections in a row that could not be made (refused, or the host name no longer
   * resolves), and the target is gone; while timeouts count, so many requests in a row that timed out. Told every
   * exchange; one the run itself aborted tells nothing about the target.
   */
  onExchange(exchange: Exchange): void {
    if (exchange.error?.code === 'aborted') return;
    if (this.#countTimeouts && exchange.error?.code === 'timeout') {
      this.#consecutiveRefusals = 0;
      this.#consecutiveTimeouts += 1;
      if (this.#consecutiveTimeouts >= this.#deadAfterRefusals) this.stop({ kind: 'target-silent', unanswered: this.#consecutiveTimeouts });
      return;
    }
    this.#consecutiveTimeouts = 0;
    if (exchange.error?.code !== 'connection_refused' && exchange.error?.code !== 'name_not_resolved') {
      this.#consecutiveRefusals = 0;
      this.#consecutiveUnresolved = 0;
      return;
    }
    this.#consecutiveRefusals += 1;
    if (exchange.error.code === 'name_not_resolved') this.#consecutiveUnresolved += 1;
    if (this.#consecutiveRefusals >= this.#deadAfterRefusals) {
      const unresolved = this.#consecutiveUnresolved;
      this.stop({ kind: 'target-dead', refusals: this.#consecutiveRefusals, ...(unresolved > 0 ? { unresolved } : {}) });
    }
  }
}
