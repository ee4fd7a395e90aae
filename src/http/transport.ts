/**
 * The transport: the pool layer wrapped in redirect, 429-retry and rate-limit layers, and a guard that turns
 * anything thrown into an exchange. `send` never rejects. A race (`together`) goes through the same layers that
 * every request passes, down to a burst of connections opened for it instead of the pool.
 */
import { toTransportError } from './errors.js';
import { composeLayers, type Layer } from './layer.js';
import { resolveTransportOptions, type TransportOptions } from './options.js';
import { createPoolSend } from './pool-send.js';
import { rateLimit } from './rate-limit.js';
import { followRedirects } from './redirect.js';
import { retryTooManyRequests } from './retry-429.js';
import { openBurst } from './together.js';
import type { Exchange, SendFn, Transport } from './types.js';

const closedExchange = (request: Exchange['request']): Exchange => ({ request, error: { code: 'aborted', message: 'transport closed' }, durationMs: 0 });

/**
 * Creates a transport over undici pools, one per origin, made on first use (so one transport serves several
 * base URLs). Layers, outermost first: redirects, 429 retries, rate limit, then the pool. A race passes the rate
 * limit, then its burst; it follows no redirect and retries no 429: a race is judged as it was answered. Every
 * request, a race's included, is read by the same handler: the body cap and the timeouts hold on every path.
 *
 * @throws RangeError when an option is out of range
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const resolved = resolveTransportOptions(options);
  const pool = createPoolSend(resolved);
  // The layers every request passes, a race's included (one rate limit: its slots are shared by both paths).
  const everyRequest: Layer[] = resolved.rateLimit === null ? [] : [rateLimit(resolved.rateLimit)];
  // The layers only a request sent alone passes: they send it again, which would take a race's request out of it.
  const aloneOnly: Layer[] = [followRedirects(resolved.maxRedirects), ...(resolved.retry429 ? [retryTooManyRequests(resolved.retry429)] : [])];
  let closed = false;

  /** Never rejects: a transport that is closed sends nothing, and anything thrown below becomes the exchange's error. */
  const guarded =
    (send: SendFn): SendFn =>
    async (request, signal) => {
      if (closed) return closedExchange(request);
      const start = performance.now();
      try {
        return await send(request, signal);
      } catch (error) {
        // Layers resolve their own errors; this guards the promise `send` makes.
        return { request, error: toTransportError(error, { timeoutMs: resolved.timeoutMs, signal }), durationMs: performance.now() - start };
      }
    };
  const alone = (maxBodyBytes: number): SendFn =>
    guarded(composeLayers([...aloneOnly, ...everyRequest], maxBodyBytes === resolved.maxBodyBytes ? pool.send : pool.withBodyCap(maxBodyBytes)));

  return {
    send: alone(resolved.maxBodyBytes),
    withBodyCap: (maxBodyBytes) => ({ send: alone(resolveTransportOptions({ ...options, maxBodyBytes }).maxBodyBytes) }),
    together: (requests, signal) => together(requests, signal),
    async close() {
      closed = true;
      await pool.close();
    },
  };

  async function together(requests: Parameters<Transport['together']>[0], signal?: AbortSignal): Promise<Exchange[]> {
    if (closed) return requests.map(closedExchange);
    const burst = await openBurst(requests, resolved);
    try {
      return await Promise.all(
        requests.map(async (request) => {
          let reached = false;
          const send = guarded(
            composeLayers(everyRequest, (arrived, arrivedSignal) => {
              reached = true;
              return burst.send(arrived, arrivedSignal);
            }),
          );
          const exchange = await send(request, signal);
          // A layer answered it (the rate limit's wait was aborted): the others do not wait for it.
          if (!reached) burst.left();
          return exchange;
        }),
      );
    } finally {
      await burst.close();
    }
  }
}
