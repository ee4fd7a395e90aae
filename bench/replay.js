/**
 * autocannon as the benchmark's load generator: the recorded harness mix replayed against the reference server
 * (the physical limit for that mix), or one fixed request against any server. Requests are pre-encoded by
 * autocannon, so the generator spends nearly nothing per request.
 */
import autocannon from 'autocannon';
import { evenlySpaced } from './recording-sender.js';

/**
 * @typedef {object} LoadResult
 * @property {number} rps completed requests per second over the measured time
 * @property {number} requests completed requests
 * @property {number} seconds measured time
 * @property {number} errors connection errors and timeouts
 * @property {Record<string, number>} statusClasses answers by class: 1xx … 5xx
 * @property {number} bytesPerAnswer mean bytes received per answer, status line and headers included
 */

/** autocannon encodes every request of the list once per connection before it starts: keep the list short. */
export const MAX_REPLAYED = 2000;

/**
 * The recorded requests as autocannon request objects, relative to the server they were recorded against. A long
 * recording is thinned evenly (every k-th request), which keeps the proportions of its mix.
 * @param {import('./recording-sender.js').RecordedRequest[]} recorded
 * @returns {Array<{ method: string, path: string, headers: Record<string, string>, body?: string }>}
 */
export function toAutocannonRequests(recorded) {
  return evenlySpaced(recorded, MAX_REPLAYED).map((request) => {
    const url = new URL(request.url);
    return {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    };
  });
}

/**
 * Runs autocannon for `durationSeconds` over `connections` keep-alive connections, cycling through `requests`
 * (or one GET of `url` when there are none).
 * @param {{ url: string, connections: number, durationSeconds: number, requests?: ReturnType<typeof toAutocannonRequests> }} options
 * @returns {Promise<LoadResult>}
 */
export async function measureLoad(options) {
  let startedAt = 0;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    ...(options.requests ? { requests: options.requests } : {}),
  });
  // Its own duration includes encoding the request list and winding down: count answers between the first and
  // the last one instead.
  let answers = 0;
  let lastAnswerAt = startedAt;
  instance.on('response', () => {
    if (answers === 0) startedAt = performance.now();
    answers += 1;
    lastAnswerAt = performance.now();
  });
  const result = await instance;
  const seconds = (lastAnswerAt - startedAt) / 1000;
  const requests = answers - 1;
  return {
    rps: requests / seconds,
    requests,
    seconds,
    errors: result.errors + result.timeouts,
    statusClasses: { '1xx': result['1xx'], '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    bytesPerAnswer: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}
