import { Command } from 'commander';
import { UsageError, type ExitCodeSink } from '../errors.js';

export function replayCommand(_sink: ExitCodeSink): Command {
  return new Command('replay').description('(being built)').action(() => {
    throw new UsageError('replay: not available yet');
  });
}
