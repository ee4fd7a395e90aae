/**
 * Samples this process's memory on a timer (resident set, V8 heap, off-heap buffers) together with how many
 * requests were sent by then, so growth can be judged over the run rather than at its end.
 */

/**
 * @typedef {object} MemorySample
 * @property {number} atMs milliseconds since the sampler started
 * @property {number} requests requests sent by then
 * @property {number} rss resident set size, bytes
 * @property {number} heapUsed V8 heap in use, bytes
 * @property {number} external memory outside the V8 heap held by JS objects (buffers), bytes
 */

/**
 * Starts sampling every `intervalMs` (the timer does not keep the process alive).
 * @param {number} intervalMs
 * @returns {{ setRequests(count: number): void, stop(): MemorySample[] }}
 */
export function createMemorySampler(intervalMs) {
  const started = performance.now();
  let requests = 0;
  /** @type {MemorySample[]} */
  const samples = [];
  const sample = () => {
    const usage = process.memoryUsage();
    samples.push({ atMs: Math.round(performance.now() - started), requests, rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external });
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    setRequests(count) {
      requests = count;
    },
    stop() {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}
