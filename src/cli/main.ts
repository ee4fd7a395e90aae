/**
 * The command line: `restconform run | serve | export | replay | merge | resources | cleanup`. Each subcommand lives in `commands/`, builds
 * its own commander `Command`, and reports its exit code through `ExitCode`. Exit codes: 0 no failure,
 * 1 at least one failure, 2 usage or configuration error, 130 interrupted.
 */
import { Command, CommanderError } from 'commander';
import { cleanupCommand } from './commands/cleanup.js';
import { exportCommand } from './commands/export.js';
import { mergeCommand } from './commands/merge.js';
import { replayCommand } from './commands/replay.js';
import { resourcesCommand } from './commands/resources.js';
import { runCommand } from './commands/run.js';
import { serveCommand } from './commands/serve.js';
import { UsageError, type ExitCodeSink } from './errors.js';
import { VERSION } from '../jobs/index.js';

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const sink: ExitCodeSink = (code) => {
    exitCode = code;
  };
  const program = new Command('restconform')
    .description('Conformance harness and property-based fuzzer for WordPress-style REST interfaces')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  for (const make of [runCommand, serveCommand, exportCommand, replayCommand, mergeCommand, resourcesCommand, cleanupCommand]) {
    program.addCommand(make(sink).exitOverride());
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`restconform: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
