/**
 * One abort listener per signal, however many requests wait on it. Every request in flight (and every one queued
 * for a connection) must end when its signal aborts; a listener each would put as many listeners on the run's one
 * signal as there are requests waiting, past Node's limit of ten (its `MaxListenersExceededWarning`). Here each
 * signal gets one listener, which calls the requests still waiting on it, and is removed when none is left.
 */

interface Watched {
  waiting: Set<() => void>;
  fire(): void;
}

const WATCHED = new WeakMap<AbortSignal, Watched>();

/** Calls `onAbort` once when `signal` aborts (not when it already has: the caller checks that). Returns what stops it. */
export function whenAborted(signal: AbortSignal, onAbort: () => void): () => void {
  let watched = WATCHED.get(signal);
  if (watched === undefined) {
    const waiting = new Set<() => void>();
    const fire = (): void => {
      WATCHED.delete(signal);
      for (const listener of waiting) listener();
    };
    watched = { waiting, fire };
    WATCHED.set(signal, watched);
    signal.addEventListener('abort', fire, { once: true });
  }
  const { waiting, fire } = watched;
  waiting.add(onAbort);
  return () => {
    if (!waiting.delete(onAbort) || waiting.size > 0 || WATCHED.get(signal) !== watched) return;
    WATCHED.delete(signal);
    signal.removeEventListener('abort', fire);
  };
}
