/**
 * How many cases the server's slow property suites try. The depth is the workspace's test run's to decide, not the
 * package's: the root vitest config provides `testDepth` (`deep` under `CI=true` or `RESTCONFORM_TEST_DEPTH=deep`,
 * as it decides for the harness's own suites), and a run that provides none gets the quick size.
 */
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    testDepth: 'deep' | 'quick';
  }
}

/** Cases for one property: `full` in a deep run, `quick` otherwise. */
export function propertyRuns(full: number, quick: number): number {
  return inject('testDepth') === 'deep' ? full : quick;
}
