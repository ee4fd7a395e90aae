/**
 * How many cases the slowest property suites try. `npm test` runs every test, the slow property suites with
 * fewer generated cases so that the whole suite stays quick on a small machine; under `CI=true` or
 * `npm run test:deep` (which `.ci/run` calls) they run at full size. The seeds stay fixed either way, so a quick
 * run tries the first cases of the deep one.
 */

/** `deep`: full size; `quick`: the reduced default. */
export type TestDepth = 'deep' | 'quick';

/** The depth an environment asks for: `CI=true` or `RESTCONFORM_TEST_DEPTH=deep` for full size. */
export function testDepth(env: NodeJS.ProcessEnv = process.env): TestDepth {
  if (env.RESTCONFORM_TEST_DEPTH === 'deep' || env.RESTCONFORM_TEST_DEPTH === 'quick') return env.RESTCONFORM_TEST_DEPTH;
  return env.CI === 'true' || env.CI === '1' ? 'deep' : 'quick';
}

/** Cases for one property: `full` in a deep run, `quick` otherwise. */
export function propertyRuns(full: number, quick: number, depth: TestDepth = testDepth()): number {
  return depth === 'deep' ? full : quick;
}
