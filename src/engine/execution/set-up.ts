/**
 * The run's work before the phases (its accounts' `…/me`, the published schemas) is bounded like the phases' own:
 * against a target that serves its descriptors and lets every other request hang, the schemas asked route by
 * route with OPTIONS once used to outlast any time budget. Here that work gets a cap (a part of the budget), its
 * requests stop when the run stops or the cap passes, and the dead-target rule applies to it with timeouts counted.
 */
import type { Exchange } from '../../http/types.js';
import type { HttpRequest } from '../../request/types.js';
import type { RunControl } from './control.js';
import type { Sender } from './options.js';

/** The share of the time budget the work before the phases may take at most. */
export const SET_UP_SHARE = 0.25;
/** A short budget still allows the work before the phases this long: a 1 s budget is not a reason to read no schemas. */
export const SET_UP_FLOOR_MS = 5000;

/** How long the work before the phases may take with a time budget of `budgetMs`: a quarter, at least 5 s. */
export function setUpCapMs(budgetMs: number): number {
  return Math.max(budgetMs * SET_UP_SHARE, SET_UP_FLOOR_MS);
}

/**
 * A window for the work before the phases: its `sender` tells the run's control every exchange (timeouts count
 * toward the dead-target rule meanwhile) and sends nothing once the run stopped; its `signal` aborts the requests
 * in flight when the run is interrupted or the cap passes. `close()` ends the window: a target that answered none
 * of its requests before the cap passed stops the run as a dead one.
 */
export class SetUpWindow {
  readonly sender: Sender;
  readonly signal: AbortSignal;
  readonly #control: RunControl;
  readonly #abort = new AbortController();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #onInterrupt: () => void;
  readonly #outer: AbortSignal | undefined;
  #answered = 0;
  #unanswered = 0;
  #capPassed = false;

  constructor(options: { control: RunControl; sender: Sender; signal?: AbortSignal; capMs?: number }) {
    this.#control = options.control;
    this.#outer = options.signal;
    this.signal = this.#abort.signal;
    this.#onInterrupt = () => this.#abort.abort();
    if (options.signal?.aborted) this.#abort.abort();
    else options.signal?.addEventListener('abort', this.#onInterrupt, { once: true });
    if (options.capMs !== undefined) {
      this.#timer = setTimeout(() => {
        this.#capPassed = true;
        this.#abort.abort();
      }, options.capMs);
    }
    options.control.countTimeouts(true);
    const control = options.control;
    this.sender = {
      send: async (request: HttpRequest, signal?: AbortSignal): Promise<Exchange> => {
        if (control.stopped || this.signal.aborted)
          return { request, error: { code: 'aborted', message: 'not sent: the run stopped before its phases' }, durationMs: 0 };
        const exchange = await options.sender.send(
          request,
          signal === undefined || signal === this.signal ? this.signal : AbortSignal.any([signal, this.signal]),
        );
        if (exchange.error?.code === 'timeout') this.#unanswered += 1;
        else if (exchange.error?.code !== 'aborted') this.#answered += 1;
        control.onExchange(exchange);
        if (control.stopped) this.#abort.abort();
        return exchange;
      },
    };
  }

  /** Ends the window; a cap that passed with every request unanswered stops the run (the target answers nothing). */
  close(): void {
    clearTimeout(this.#timer);
    this.#outer?.removeEventListener('abort', this.#onInterrupt);
    this.#control.countTimeouts(false);
    if (this.#capPassed && this.#answered === 0 && this.#unanswered > 0) this.#control.stop({ kind: 'target-silent', unanswered: this.#unanswered });
  }
}
