/** Retrying "429 Too Many Requests", honouring Retry-After within a bound. */
import type { Layer } from './layer.js';
import { sleep } from './sleep.js';

/** Waits without a Retry-After header: 250 ms, then 500 ms, doubling. */
const BACKOFF_BASE_MS = 250;

/**
 * Retries a 429 up to `maxRetries` times. It waits as long as `Retry-After` says (seconds or an HTTP date) when
 * that is at most `maxWaitMs`; a longer demand is not waited for: the 429 is returned. Without the header it
 * backs off briefly. The exchange counts the time of every attempt, not the waits.
 */
export function retryTooManyRequests({ maxRetries, maxWaitMs }: { maxRetries: number; maxWaitMs: number }): Layer {
  return (next) => async (request, signal) => {
    let exchange = await next(request, signal);
    let durationMs = exchange.durationMs;
    for (let attempt = 0; attempt < maxRetries && exchange.response?.status === 429; attempt++) {
      const waitMs = retryDelayMs(exchange.response.headers['retry-after'], attempt, Date.now());
      if (waitMs > maxWaitMs) break;
      if (!(await sleep(waitMs, signal))) break;
      exchange = await next(request, signal);
      durationMs += exchange.durationMs;
    }
    return durationMs === exchange.durationMs ? exchange : { ...exchange, durationMs };
  };
}

/** How long to wait before retry number `attempt` (0-based): Retry-After when it can be read, else a backoff. */
export function retryDelayMs(retryAfter: string | undefined, attempt: number, now: number): number {
  if (retryAfter !== undefined) {
    const trimmed = retryAfter.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
    // An HTTP date names its weekday or month; Date.parse alone would also take "-5" as a year.
    const date = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return BACKOFF_BASE_MS * 2 ** attempt;
}
