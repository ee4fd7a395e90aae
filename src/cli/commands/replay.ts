/** `restconform replay REPORT.json FINDING_ID`: re-send one finding's request and say whether it still fails. */
import { Command } from 'commander';
import { replayJob } from '../../jobs/index.js';
import type { ExitCodeSink } from '../errors.js';
import { addSettingOptions, settingValues, type Pick } from '../options.js';

const PICKS: Pick[] = [
  { key: 'baseUrl', help: "send to this server instead of the report's target" },
  { key: 'reference' },
  { key: 'user', help: "account for HTTP Basic (default: anonymous; the reference server's administrator with --reference)" },
  { key: 'appPasswordEnv' },
];

export function replayCommand(sink: ExitCodeSink): Command {
  const command = new Command('replay')
    .description('Re-send the request of one finding from a JSON report and run its check again (exit 0: fixed, 1: still fails)')
    .argument('<report>', 'a JSON report written by restconform run --json')
    .argument('<finding-id>', 'the finding to replay, e.g. F3');
  return addSettingOptions(command, PICKS).action(async (reportPath: string, findingId: string, flags: Record<string, unknown>) => {
    const { baseUrl, reference, user, appPasswordEnv } = settingValues(flags, PICKS) as {
      baseUrl?: string;
      reference?: boolean;
      user: string | null;
      appPasswordEnv: string;
    };
    sink(
      await replayJob({
        reportPath,
        findingId,
        ...(baseUrl === undefined ? {} : { baseUrl }),
        ...(user === null ? {} : { user }),
        reference,
        appPasswordEnv,
        out: process.stdout,
      }),
    );
  });
}
