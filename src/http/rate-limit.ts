/** Spacing requests evenly to stay under a number of requests per second. */
import type { Layer } from './layer.js';
import { sleep } from './sleep.js';

/**
 * Gives each request a time slot `1000 / requestsPerSecond` ms after the previous one and waits for it.
 * Slots are shared by everything sent through the layer (all origins, retries, redirect hops).
 */
export function rateLimit(requestsPerSecond: number): Layer {
  const intervalMs = 1000 / requestsPerSecond;
  let nextSlot = 0;
  return (next) => async (request, signal) => {
    const now = performance.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + intervalMs;
    if (slot > now && !(await sleep(slot - now, signal))) {
      return { request, error: { code: 'aborted', message: 'request aborted while waiting for the rate limit' }, durationMs: 0 };
    }
    return next(request, signal);
  };
}
