/** `restconform cleanup REPORT.json`: delete what a run left on its target, as listed in its JSON report. */
import { Command } from 'commander';
import { cleanupJob } from '../../jobs/cleanup-job.js';
import type { ExitCodeSink } from '../errors.js';

interface CleanupFlags {
  user?: string;
  appPasswordEnv: string;
  account?: string[];
  resourceHints?: string;
  timeoutMs?: string;
}

export function cleanupCommand(sink: ExitCodeSink): Command {
  return new Command('cleanup')
    .description(
      'Delete what a run made and left on its target (listed in its JSON report: a second Ctrl-C, a refused delete, --no-cleanup), as the run deletes it (exit 0: nothing left, 1: some left)',
    )
    .argument('<report>', 'a JSON report written by restconform run (--json or the report folder)')
    .option('--user <login>', "the run's account (its application password in --app-password-env)")
    .option('--app-password-env <var>', 'environment variable holding the application password', 'RESTCONFORM_APP_PASSWORD')
    .option(
      '--account <role:login:env>',
      'one more account as run takes it: what it made is deleted as it first; repeat for each',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--resource-hints <file>', 'the resource hints the run was given (YAML or JSON)')
    .option('--timeout-ms <ms>', 'longest wait for each answer', '10000')
    .action(async (reportPath: string, flags: CleanupFlags) => {
      const timeoutMs = Number(flags.timeoutMs);
      sink(
        await cleanupJob({
          reportPath,
          user: flags.user,
          appPasswordEnv: flags.appPasswordEnv,
          accounts: flags.account,
          resourceHints: flags.resourceHints,
          timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 10_000,
          out: process.stdout,
        }),
      );
    });
}
