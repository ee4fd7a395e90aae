import { Command } from 'commander';
import { UsageError, type ExitCodeSink } from '../errors.js';

export function runCommand(_sink: ExitCodeSink): Command {
  return new Command('run').description('(being built)').action(() => {
    throw new UsageError('run: not available yet');
  });
}
