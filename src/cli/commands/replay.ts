/** `restconform replay REPORT.json FINDING_ID`: re-send one finding's request and say whether it still fails. */
import { Command } from 'commander';
import type { ExitCodeSink } from '../errors.js';
import { replayJob } from '../../jobs/replay/replay-job.js';

interface ReplayFlags {
  baseUrl?: string;
  reference?: boolean;
  user?: string;
  appPasswordEnv: string;
}

export function replayCommand(sink: ExitCodeSink): Command {
  return new Command('replay')
    .description('Re-send the request of one finding from a JSON report and run its check again (exit 0: fixed, 1: still fails)')
    .argument('<report>', 'a JSON report written by restconform run --json')
    .argument('<finding-id>', 'the finding to replay, e.g. F3')
    .option('--base-url <url>', "send to this server instead of the report's target")
    .option('--reference', "start the bundled reference server with the report's seed and replay against it")
    .option('--user <login>', "account for HTTP Basic (default: anonymous; the reference server's administrator with --reference)")
    .option('--app-password-env <var>', 'environment variable holding the application password', 'RESTCONFORM_APP_PASSWORD')
    .action(async (reportPath: string, findingId: string, flags: ReplayFlags) => {
      sink(await replayJob({ reportPath, findingId, ...flags, out: process.stdout }));
    });
}
