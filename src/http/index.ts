/** The transport stage: HTTP over undici pools with timeouts, a body cap, redirects, 429 retries and a rate limit. */
export { BodyCollector, parseJsonBody } from './body.js';
export { ExchangeHandler } from './exchange-handler.js';
export { toTransportError } from './errors.js';
export { composeLayers, type Layer } from './layer.js';
export { DEFAULT_TRANSPORT_OPTIONS, resolveTransportOptions, type ResolvedTransportOptions, type TransportOptions } from './options.js';
export { createPoolSend, type PoolSend } from './pool-send.js';
export { rateLimit } from './rate-limit.js';
export { followRedirects } from './redirect.js';
export { retryDelayMs, retryTooManyRequests } from './retry-429.js';
export { openBurst, sendTogether, type Burst, type TogetherResult } from './together.js';
export { createTransport } from './transport.js';
export type * from './types.js';
