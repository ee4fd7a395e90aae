/** Errors the CLI turns into exit code 2 with a one-line reason on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** How a subcommand reports its exit code to `main`. */
export type ExitCodeSink = (code: number) => void;
