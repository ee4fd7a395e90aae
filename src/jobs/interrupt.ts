/**
 * What an interrupt (Ctrl-C, SIGTERM) means for the requests of a run: those in flight are cut off at once, but for
 * those that may make a resource (POST, PUT), which get their answers; the phases send no more. What is sent
 * afterwards is the clean-up of what the run made (a sequence's deletes, the end-of-run clean-up), which goes out
 * under a signal of its own, so the interrupt does not abort it. That signal ends the clean-up when it is skipped (a
 * second Ctrl-C) or when its cap runs out: a hanging target cannot hold the user hostage. An aborted clean-up request
 * says which, in its error message, for the report.
 */
import type { Exchange } from '../http/types.js';
import type { Sender } from '../engine/execution/execution.js';
import type { HttpRequest } from '../request/types.js';

/** How long the clean-up after an interrupt may take, counted from the interrupt. */
export const CLEAN_UP_CAP_MS = 30_000;

/** The methods whose requests may make a resource. */
const MAKES: ReadonlySet<string> = new Set(['POST', 'PUT']);

/** The reason a skipped clean-up gives when the skip signal carries none of its own. */
export const CLEAN_UP_SKIPPED = 'clean-up skipped';

export interface InterruptOptions {
  /** The interrupt: it stops the run and cuts off the requests in flight. */
  interrupt: AbortSignal | undefined;
  /** Skips what is left of the clean-up (a second Ctrl-C); its abort reason, when a string, is what the report says. */
  skip?: AbortSignal;
  /** The clean-up's cap, counted from the interrupt. */
  capMs?: number;
}

/** A sender whose requests after an interrupt are the clean-up's; `close` ends the cap's timer. */
export interface InterruptibleSender extends Sender {
  close(): void;
}

function reasonText(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : CLEAN_UP_SKIPPED;
}

/** Wraps `sender`: before the interrupt, requests go out as asked; after it, with the clean-up's own signal. */
export function interruptibleSender(sender: Sender, options: InterruptOptions): InterruptibleSender {
  const { interrupt, skip } = options;
  const capMs = options.capMs ?? CLEAN_UP_CAP_MS;
  const cap = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const startCap = (): void => {
    timer = setTimeout(
      () => cap.abort(`clean-up stopped: its ${capMs >= 1000 ? `${Math.round(capMs / 1000)} s` : `${capMs} ms`} cap after the interrupt ran out`),
      capMs,
    );
    timer.unref();
  };
  if (interrupt?.aborted) startCap();
  else interrupt?.addEventListener('abort', startCap, { once: true });
  const cleanUpSignal = AbortSignal.any([cap.signal, ...(skip ? [skip] : [])]);
  const why = (): string => (skip?.aborted ? reasonText(skip) : reasonText(cap.signal));

  // A request the clean-up's signal aborted says why, so the clean-up can report it.
  const told = (exchange: Exchange): Exchange =>
    exchange.error?.code === 'aborted' && cleanUpSignal.aborted ? { ...exchange, error: { ...exchange.error, message: why() } } : exchange;
  // Only requests sent under the run's own signal become the clean-up's: one under a signal of its own (the set-up
  // window's) keeps it, aborted or not. A request that may make something (POST, PUT) goes under the clean-up's signal
  // from the start: cut off by the interrupt, a create the server carried out would leave a resource whose id the
  // run never read, which no clean-up could find. It ends with its answer, or with the clean-up's cap or skip.
  const signalFor = (request: HttpRequest, asked: AbortSignal | undefined): AbortSignal | undefined => {
    const runs = asked === undefined || asked === interrupt;
    return runs && interrupt !== undefined && (interrupt.aborted || MAKES.has(request.method)) ? cleanUpSignal : asked;
  };

  return {
    send: async (request: HttpRequest, signal?: AbortSignal) => {
      const chosen = signalFor(request, signal);
      const exchange = await sender.send(request, chosen);
      return chosen === cleanUpSignal ? told(exchange) : exchange;
    },
    ...(sender.together
      ? {
          together: async (requests: readonly HttpRequest[], signal?: AbortSignal) => {
            const chosen = requests.some((request) => signalFor(request, signal) === cleanUpSignal) ? cleanUpSignal : signal;
            const exchanges = await sender.together!(requests, chosen);
            return chosen === cleanUpSignal ? exchanges.map(told) : exchanges;
          },
        }
      : {}),
    close: () => {
      clearTimeout(timer);
      interrupt?.removeEventListener('abort', startCap);
    },
  };
}
