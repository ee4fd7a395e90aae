/**
 * Runs `work` over `items` with at most `concurrency` in flight, starting no new item once `stopped()` says
 * so. Order of start is the order of `items`, which keeps runs deterministic per operation.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !stopped()) {
      const item = items[next++]!;
      await work(item);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker);
  await Promise.all(workers);
}
