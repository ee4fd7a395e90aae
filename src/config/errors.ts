/** The one error type of configuration: a bad file, key, value or option. The CLI turns it into exit code 2. */

/** One problem, located where it was found. */
export interface ConfigIssue {
  /** Where the value came from: a file path, `profile ci`, or `command line`. */
  source: string;
  /** 1-based line in the file, when the source is a file. */
  line?: number;
  /** The key path as the user wrote it: `concurrency`, `severity.error_shape`, `phases[2]`, `--shard`. */
  key?: string;
  /** What is wrong, without the location. */
  message: string;
}

/** Renders an issue as `config.yaml:7: unknown key "concurency"`. */
export function formatIssue(issue: ConfigIssue): string {
  const where = issue.line === undefined ? issue.source : `${issue.source}:${issue.line}`;
  return `${where}: ${issue.message}`;
}

/** Thrown by `loadConfig` and the option parsers; the message lists every issue, one per line. */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[] | string) {
    const list = typeof issues === 'string' ? [{ source: 'configuration', message: issues }] : issues;
    super(typeof issues === 'string' ? issues : list.map(formatIssue).join('\n'));
    this.name = 'ConfigError';
    this.issues = list;
  }
}
