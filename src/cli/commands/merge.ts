/** `restconform merge REPORT.json…`: one verdict from the JSON reports of every shard of a split run. */
import { Command } from 'commander';
import type { ExitCodeSink } from '../errors.js';
import { mergeJob } from '../../jobs/merge-job.js';
import { addSettingOptions, settingValues, type Pick } from '../options.js';

/**
 * The report options of `run`, spelt as `run` spells them; here each writes the merged report, and none is written
 * unless asked for (no `--report-dir` default).
 */
const PICKS: readonly Pick[] = [
  { key: 'json', help: 'write the merged JSON report', default: undefined },
  { key: 'junit', help: 'write the merged JUnit XML report', default: undefined },
  { key: 'html', help: 'write the merged HTML report', default: undefined },
];

export function mergeCommand(sink: ExitCodeSink): Command {
  const command = new Command('merge')
    .description(
      'Merge the JSON reports of every shard of one run (--shard I/N) into one report: coverage summed, findings de-duplicated with stable ids; exit code as one unsharded run (0 no failure, 1 failures, 2 reports that do not belong together or a shard missing)',
    )
    .argument('<reports...>', 'the JSON reports of the shards (restconform run --shard I/N --json FILE), in any order');
  return addSettingOptions(command, PICKS).action(async (reports: string[], flags: Record<string, unknown>) => {
    const written = settingValues(flags, PICKS) as { json?: string; junit?: string; html?: string };
    sink(await mergeJob({ reports, ...written }));
  });
}
