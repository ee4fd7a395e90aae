/**
 * Memory growth over a long run: the mean of the samples taken in the last tenth of the requests against the
 * mean of those in the first tenth. Samples before the first request (start-up) are left out.
 */

/**
 * @param {import('./memory-sampler.js').MemorySample[]} samples
 * @param {'rss' | 'heapTotal' | 'heapUsed' | 'external' | 'liveHeap'} field
 * @returns {{ first: number, last: number, growthPercent: number } | null} null when either tenth has no sample
 */
export function growthBetweenTenths(samples, field) {
  const running = samples.filter((s) => s.requests > 0 && s[field] !== undefined);
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

/**
 * The samples as tab-separated lines with a header: seconds, requests, then memory in MB.
 * @param {import('./memory-sampler.js').MemorySample[]} samples
 * @returns {string}
 */
export function memoryTable(samples) {
  const mb = (bytes) => (bytes / (1024 * 1024)).toFixed(1);
  const rows = samples.map((s) =>
    [(s.atMs / 1000).toFixed(0), s.requests, mb(s.rss), mb(s.heapTotal), mb(s.heapUsed), mb(s.external), s.liveHeap === undefined ? '' : mb(s.liveHeap)].join(
      '\t',
    ),
  );
  return `${['seconds', 'requests', 'rss_mb', 'heap_total_mb', 'heap_used_mb', 'external_mb', 'live_heap_mb'].join('\t')}\n${rows.join('\n')}\n`;
}
