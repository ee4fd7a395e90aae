/**
 * The benchmark's command line: `node bench/bench.js [--duration S] [--requests N] [--connections N] [--seed N]
 * [--examples N] [--rounds N] [--cpu-prof DIR] [--memory-log FILE]`. Plain values in, one resolved options object out.
 */

/**
 * @typedef {object} BenchOptions
 * @property {number} durationSeconds how long each side-by-side measurement runs (limit, harness, bare)
 * @property {number | null} requests long-run mode: run the harness until this many requests, else null
 * @property {number} connections the harness's concurrency, and autocannon's connections
 * @property {number} seed the seed of the reference server and of the harness
 * @property {number} examples examples per operation of the harness runs (default: 60 per second of duration, more
 *   than the harness sends in that time, so its time budget ends the run, not a tail of the last few operations)
 * @property {string | null} cpuProfileDir write `node --cpu-prof` profiles of the server and harness children here
 * @property {string | null} memoryLog long-run mode: write the memory samples here (tab-separated)
 */

const USAGE =
  'usage: node bench/bench.js [--duration S] [--requests N] [--connections N] [--seed N] [--examples N] [--rounds N] [--cpu-prof DIR] [--memory-log FILE]';

/** @type {Record<string, {key: keyof BenchOptions, min: number} | {key: keyof BenchOptions, text: true}>} */
const FLAGS = {
  '--duration': { key: 'durationSeconds', min: 1 },
  '--requests': { key: 'requests', min: 1 },
  '--connections': { key: 'connections', min: 1 },
  '--seed': { key: 'seed', min: 0 },
  '--examples': { key: 'examples', min: 1 },
  '--rounds': { key: 'rounds', min: 1 },
  '--cpu-prof': { key: 'cpuProfileDir', text: true },
  '--memory-log': { key: 'memoryLog', text: true },
};

/**
 * Parses the benchmark's arguments.
 * @param {string[]} argv arguments after the script name
 * @returns {BenchOptions}
 * @throws {Error} with the usage line on an unknown flag or a bad value
 */
export function parseBenchArgs(argv) {
  /** @type {BenchOptions} */
  const options = { durationSeconds: 10, requests: null, connections: 16, seed: 1, examples: 0, rounds: 3, cpuProfileDir: null, memoryLog: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const spec = FLAGS[flag];
    if (!spec) throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    if ('text' in spec) {
      options[spec.key] = /** @type {never} */ (value);
      continue;
    }
    const number = Number(value);
    if (!Number.isInteger(number) || number < spec.min) throw new Error(`${flag} takes a whole number of at least ${spec.min}, not "${value}"\n${USAGE}`);
    options[spec.key] = /** @type {never} */ (number);
  }
  if (options.examples === 0) options.examples = 60 * options.durationSeconds;
  return options;
}
