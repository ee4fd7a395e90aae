/** Waiting that an abort signal can cut short. */
import { setTimeout as delay } from 'node:timers/promises';

/** Resolves true after `ms`, or false as soon as `signal` aborts (never rejects). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return false;
  if (ms <= 0) return true;
  try {
    await delay(ms, undefined, signal ? { signal } : undefined);
    return true;
  } catch {
    return false;
  }
}
