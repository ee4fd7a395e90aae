import { Command } from 'commander';
import { UsageError, type ExitCodeSink } from '../errors.js';

export function exportCommand(_sink: ExitCodeSink): Command {
  return new Command('export').description('(being built)').action(() => {
    throw new UsageError('export: not available yet');
  });
}
