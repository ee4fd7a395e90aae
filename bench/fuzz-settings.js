/**
 * The settings of the benchmark's `restconform run --phases fuzz`: the command line's own configuration with the
 * measured run's overrides, no report files. Shared by the children that run the harness (`harness-child.js`,
 * `harness-cpu-child.js`), so both measure the same run.
 */
import { loadRunSettings } from '../dist/jobs/index.js';

/**
 * @param {{ baseUrl: string, seed: number, examples: number, timeBudgetSeconds: number | null, concurrency: number,
 *   locales?: string[] | null, contract?: string, user?: string | null }} run by default both reference locales, the
 *   built-in contract and the `admin` account
 */
export function fuzzRunSettings(run) {
  return loadRunSettings({
    overrides: {
      baseUrl: run.baseUrl,
      seed: run.seed,
      fuzzExamples: run.examples,
      phases: ['fuzz'],
      timeBudgetSeconds: run.timeBudgetSeconds,
      connections: run.concurrency,
      locales: run.locales === undefined ? ['en_gb', 'el'] : run.locales,
      contract: run.contract ?? 'builtin',
      user: run.user === undefined ? 'admin' : run.user,
      reportDir: null,
    },
  });
}
