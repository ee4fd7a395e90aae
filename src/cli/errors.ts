/** Errors the CLI turns into exit code 2 with a one-line reason on stderr (the run's own, and the commands'). */
export { UsageError } from '../jobs/index.js';

/** How a subcommand reports its exit code to `main`. */
export type ExitCodeSink = (code: number) => void;
