import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Samples this process's memory on a timer (resident set, V8 heap, off-heap buffers) together with how many
 * requests were sent by then, so growth can be judged over the run rather than at its end.
 */

/**
 * @typedef {object} MemorySample
 * @property {number} atMs milliseconds since the sampler started
 * @property {number} requests requests sent by then
 * @property {number} rss resident set size, bytes
 * @property {number} heapTotal V8 heap reserved (what the garbage collector has grown it to), bytes
 * @property {number} heapUsed V8 heap in use (live objects and garbage not yet collected), bytes
 * @property {number} external memory outside the V8 heap held by JS objects (buffers), bytes
 * @property {number} [liveHeap] V8 heap in use right after a full garbage collection (live objects only), bytes
 */

/**
 * A function that runs a full garbage collection, obtained at run time so the process needs no `--expose-gc`.
 * @returns {() => void}
 */
function fullCollector() {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc');
}

/**
 * Starts sampling every `intervalMs` (the timer does not keep the process alive). With `liveEvery` n > 0, every
 * n-th sample first runs a full garbage collection and records the live heap: growth there is a leak, growth
 * elsewhere may be the collector sizing its heap.
 * @param {number} intervalMs
 * @param {number} [liveEvery]
 * @returns {{ setRequests(count: number): void, stop(): MemorySample[] }}
 */
export function createMemorySampler(intervalMs, liveEvery = 0) {
  const started = performance.now();
  const collect = liveEvery > 0 ? fullCollector() : undefined;
  let requests = 0;
  /** @type {MemorySample[]} */
  const samples = [];
  const sample = () => {
    const usage = process.memoryUsage();
    /** @type {MemorySample} */
    const entry = {
      atMs: Math.round(performance.now() - started),
      requests,
      rss: usage.rss,
      heapTotal: usage.heapTotal,
      heapUsed: usage.heapUsed,
      external: usage.external,
    };
    if (collect && samples.length % liveEvery === 0) {
      collect();
      entry.liveHeap = process.memoryUsage().heapUsed;
    }
    samples.push(entry);
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
