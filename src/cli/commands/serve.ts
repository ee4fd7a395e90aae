import { Command } from 'commander';
import { UsageError, type ExitCodeSink } from '../errors.js';

export function serveCommand(_sink: ExitCodeSink): Command {
  return new Command('serve').description('(being built)').action(() => {
    throw new UsageError('serve: not available yet');
  });
}
