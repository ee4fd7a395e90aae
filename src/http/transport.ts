/**
 * The transport: the pool layer wrapped in redirect, 429-retry and rate-limit layers, and a guard that turns
 * anything thrown into an exchange. `send` never rejects.
 */
import { toTransportError } from './errors.js';
import { composeLayers, type Layer } from './layer.js';
import { resolveTransportOptions, type TransportOptions } from './options.js';
import { createPoolSend } from './pool-send.js';
import { rateLimit } from './rate-limit.js';
import { followRedirects } from './redirect.js';
import { retryTooManyRequests } from './retry-429.js';
import { sendTogether } from './together.js';
import type { SendFn, Transport } from './types.js';

/**
 * Creates a transport over undici pools, one per origin, made on first use (so one transport serves several
 * base URLs). Layers, outermost first: redirects, 429 retries, rate limit, then the pool.
 *
 * @throws RangeError when an option is out of range
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const resolved = resolveTransportOptions(options);
  const pool = createPoolSend(resolved);
  const layers: Layer[] = [followRedirects(resolved.maxRedirects)];
  if (resolved.retry429) layers.push(retryTooManyRequests(resolved.retry429));
  if (resolved.rateLimit !== null) layers.push(rateLimit(resolved.rateLimit));
  const layered = composeLayers(layers, pool.send);
  let closed = false;

  const send: SendFn = async (request, signal) => {
    if (closed) return { request, error: { code: 'aborted', message: 'transport closed' }, durationMs: 0 };
    const start = performance.now();
    try {
      return await layered(request, signal);
    } catch (error) {
      // Layers resolve their own errors; this guards the promise `send` makes.
      return { request, error: toTransportError(error, { timeoutMs: resolved.timeoutMs, signal }), durationMs: performance.now() - start };
    }
  };

  return {
    send,
    async together(requests, signal) {
      if (closed) return requests.map((request) => ({ request, error: { code: 'aborted', message: 'transport closed' }, durationMs: 0 }));
      return (await sendTogether(requests, resolved, signal)).exchanges;
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
