/** The verdict of `npm run test:wordpress` on one run: exit code, lines to log, problems that fail it. */
export function judge(options: {
  report: Record<string, unknown>;
  exitCode: number;
  seconds: string | number;
  accountProblem: string | undefined;
  siteChanges: readonly string[];
  listed: readonly unknown[];
  reportPath: string;
}): { code: number; log: string[]; problems: string[] };
