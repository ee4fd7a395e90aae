/** A run refused before it started, or a report it could not write: the command line turns it into exit code 2 with a one-line reason on stderr. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
