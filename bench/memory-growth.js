/**
 * Memory growth over a long run: the mean of the samples taken in the last tenth of the requests against the
 * mean of those in the first tenth. Samples before the first request (start-up) are left out.
 */

/**
 * @param {import('./memory-sampler.js').MemorySample[]} samples
 * @param {'rss' | 'heapUsed' | 'external'} field
 * @returns {{ first: number, last: number, growthPercent: number } | null} null when either tenth has no sample
 */
export function growthBetweenTenths(samples, field) {
  const running = samples.filter((s) => s.requests > 0);
  if (running.length === 0) return null;
  const total = running[running.length - 1].requests;
  const mean = (list) => list.reduce((sum, s) => sum + s[field], 0) / list.length;
  const firstTenth = running.filter((s) => s.requests <= total / 10);
  const lastTenth = running.filter((s) => s.requests >= total * 0.9);
  if (firstTenth.length === 0 || lastTenth.length === 0) return null;
  const first = mean(firstTenth);
  const last = mean(lastTenth);
  return { first, last, growthPercent: ((last - first) / first) * 100 };
}
