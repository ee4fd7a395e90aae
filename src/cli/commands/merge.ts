/** `restconform merge REPORT.json…`: one verdict from the JSON reports of every shard of a split run. */
import { Command } from 'commander';
import type { ExitCodeSink } from '../errors.js';
import { mergeJob } from '../../jobs/merge-job.js';

interface MergeFlags {
  json?: string;
  junit?: string;
  html?: string;
}

export function mergeCommand(sink: ExitCodeSink): Command {
  return new Command('merge')
    .description(
      'Merge the JSON reports of every shard of one run (--shard I/N) into one report: coverage summed, findings de-duplicated with stable ids; exit code as one unsharded run (0 no failure, 1 failures, 2 reports that do not belong together or a shard missing)',
    )
    .argument('<reports...>', 'the JSON reports of the shards (restconform run --shard I/N --json FILE), in any order')
    .option('--json <file>', 'write the merged JSON report')
    .option('--junit <file>', 'write the merged JUnit XML report')
    .option('--html <file>', 'write the merged HTML report')
    .action(async (reports: string[], flags: MergeFlags) => {
      sink(await mergeJob({ reports, ...flags }));
    });
}
