/** The two ways reading a descriptor goes wrong: a malformed or unreachable descriptor, and a route key we cannot read. */

/**
 * The descriptor could not be used: unreachable, not 200, not JSON, or a field of the wrong shape.
 * The CLI turns it into exit code 2 with `message` (one line) on stderr.
 */
export class DescriptorError extends Error {
  /** Where the descriptor was read from (URL or file), when known. */
  readonly source: string | undefined;
  /** The bad field as a JSON path, e.g. `routes["/x"].endpoints[0].methods`; undefined when the whole document is at fault. */
  readonly field: string | undefined;
  /** The HTTP status the descriptor was answered with, when it was answered but not with 200. */
  readonly status: number | undefined;

  constructor(message: string, options: { source?: string; field?: string; status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DescriptorError';
    this.source = options.source;
    this.field = options.field;
    this.status = options.status;
  }
}

/** A route key uses regex syntax the harness cannot turn into a template (the route is then skipped with a warning). */
export class RoutePatternError extends Error {
  /** The route key, verbatim. */
  readonly route: string;
  /** Character offset in the key where reading stopped, when it applies. */
  readonly offset: number | undefined;

  constructor(route: string, reason: string, offset?: number) {
    super(`route ${JSON.stringify(route)}: ${reason}${offset === undefined ? '' : ` (at offset ${offset})`}`);
    this.name = 'RoutePatternError';
    this.route = route;
    this.offset = offset;
  }
}
