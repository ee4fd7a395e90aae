/** `restconform cleanup REPORT.json`: delete what a run left on its target, as listed in its JSON report. */
import { Command } from 'commander';
import type { AccountSetting } from '../../config/index.js';
import { cleanupJob } from '../../jobs/index.js';
import type { ExitCodeSink } from '../errors.js';
import { addSettingOptions, settingValues, type Pick } from '../options.js';

/** The run's own options, read as the run reads them: the clean-up deletes as the run's accounts, with its hints. */
const PICKS: Pick[] = [
  { key: 'user', help: "the run's account (its application password in --app-password-env)" },
  { key: 'appPasswordEnv' },
  { key: 'accounts', help: 'one more account as run takes it: what it made is deleted as it first; repeat for each' },
  { key: 'resourceHints', help: 'the resource hints the run was given (YAML or JSON)' },
  { key: 'timeoutMs' },
];

export function cleanupCommand(sink: ExitCodeSink): Command {
  const command = new Command('cleanup')
    .description(
      'Delete what a run made and left on its target (listed in its JSON report: a second Ctrl-C, a refused delete, --no-cleanup), as the run deletes it (exit 0: nothing left, 1: some left)',
    )
    .argument('<report>', 'a JSON report written by restconform run (--json or the report folder)');
  return addSettingOptions(command, PICKS).action(async (reportPath: string, flags: Record<string, unknown>) => {
    const values = settingValues(flags, PICKS) as {
      user: string | null;
      appPasswordEnv: string;
      accounts: AccountSetting[];
      resourceHints: string | null;
      timeoutMs: number;
    };
    sink(
      await cleanupJob({
        reportPath,
        user: values.user ?? undefined,
        appPasswordEnv: values.appPasswordEnv,
        accounts: values.accounts,
        resourceHints: values.resourceHints ?? undefined,
        timeoutMs: values.timeoutMs,
        out: process.stdout,
      }),
    );
  });
}
