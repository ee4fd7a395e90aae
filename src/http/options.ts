/** Transport settings as a caller gives them, and resolved with defaults and checked once, up front. */
import type { LookupFunction } from 'node:net';

export interface TransportOptions {
  /** Connections per origin (keep-alive, no pipelining): the most requests in flight to one server. Default 16. */
  connections?: number;
  /**
   * Longest wait for the connection, for the response headers, and between two body chunks. Default 10 000 ms.
   * undici checks header and body timeouts on a ~0.5 s tick, so one may fire up to half a second late.
   */
  timeoutMs?: number;
  /** Response bodies are kept up to this many bytes; a longer body is cut (`truncated`, `body_too_large`). Default 1 MiB. */
  maxBodyBytes?: number;
  /** Redirects followed before giving up with `redirect_loop`; 0 returns 3xx responses as they are. Default 5. */
  maxRedirects?: number;
  /** Retrying 429 answers (`false` to return them at once). Defaults: 2 retries, waiting at most 5 000 ms each. */
  retry429?: { maxRetries?: number; maxWaitMs?: number } | false;
  /** At most this many requests per second, across all origins (retries and redirects count). Default: unlimited. */
  rateLimit?: number;
  /** Resolves host names instead of the system resolver (`dns.lookup` signature); tests map a name to 127.0.0.1. */
  lookup?: LookupFunction;
}

/** Options with every default filled in and every value checked; `null` where a layer is off. */
export interface ResolvedTransportOptions {
  connections: number;
  timeoutMs: number;
  maxBodyBytes: number;
  maxRedirects: number;
  retry429: { maxRetries: number; maxWaitMs: number } | null;
  rateLimit: number | null;
  lookup: LookupFunction | null;
}

/** The defaults `createTransport` uses. */
export const DEFAULT_TRANSPORT_OPTIONS: Readonly<ResolvedTransportOptions> = Object.freeze({
  connections: 16,
  timeoutMs: 10_000,
  maxBodyBytes: 1024 * 1024,
  maxRedirects: 5,
  retry429: Object.freeze({ maxRetries: 2, maxWaitMs: 5_000 }),
  rateLimit: null,
  lookup: null,
});

/**
 * Fills in defaults and checks every value.
 * @throws RangeError naming the option when a value is out of range
 */
export function resolveTransportOptions(options: TransportOptions = {}): ResolvedTransportOptions {
  const d = DEFAULT_TRANSPORT_OPTIONS;
  const retry =
    options.retry429 === false
      ? null
      : { maxRetries: options.retry429?.maxRetries ?? d.retry429!.maxRetries, maxWaitMs: options.retry429?.maxWaitMs ?? d.retry429!.maxWaitMs };
  const resolved: ResolvedTransportOptions = {
    connections: integerAtLeast('connections', options.connections ?? d.connections, 1),
    timeoutMs: integerAtLeast('timeoutMs', options.timeoutMs ?? d.timeoutMs, 1),
    maxBodyBytes: integerAtLeast('maxBodyBytes', options.maxBodyBytes ?? d.maxBodyBytes, 0),
    maxRedirects: integerAtLeast('maxRedirects', options.maxRedirects ?? d.maxRedirects, 0),
    retry429: retry && {
      maxRetries: integerAtLeast('retry429.maxRetries', retry.maxRetries, 0),
      maxWaitMs: integerAtLeast('retry429.maxWaitMs', retry.maxWaitMs, 0),
    },
    rateLimit: options.rateLimit === undefined ? null : positive('rateLimit', options.rateLimit),
    lookup: options.lookup ?? null,
  };
  return resolved;
}

function integerAtLeast(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`transport option ${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`transport option ${name} must be a positive number, got ${value}`);
  return value;
}
