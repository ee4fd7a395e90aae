/**
 * One table declares every option a command takes (`SETTINGS` and `COMMAND_OPTIONS` of `config/settings-table.ts`):
 * no command-line file spells an option of its own, so `--json` or `--user` cannot come to mean two things.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestCode, SRC, sourceFiles } from './testing/import-graph.js';

/** An option spelt in the code: `.option('--x …')`, `.requiredOption('--x …')` or `new Option('--x …')`. */
const SPELT_OPTION = /(?:\.option|\.requiredOption|new Option)\(\s*['"`]-/g;

/** The options `source` spells itself, each as the call that spells it. */
function speltOptions(source: string): string[] {
  return [...source.matchAll(SPELT_OPTION)].map((match) => match[0]);
}

describe('the options of the commands', () => {
  it('are all picked from the settings table, none spelt in src/cli', () => {
    const files = sourceFiles('cli').filter((file) => !isTestCode(file));
    expect(files).toEqual(expect.arrayContaining(['cli/commands/run.ts', 'cli/commands/serve.ts', 'cli/options.ts']));
    const spelt = files.flatMap((file) => speltOptions(readFileSync(join(SRC, file), 'utf8')).map((call) => `${file}: ${call}`));
    expect(spelt).toEqual([]);
  });

  it('finds an option spelt by hand, and not one taken from a row', () => {
    expect(speltOptions(`command.option('--json <file>', 'write it').addOption(new Option("--profile <name>"))`)).toEqual([".option('-", 'new Option("-']);
    expect(speltOptions('command.option(row.flag!.option, help); new Option(`${old} <value>`)')).toEqual([]);
  });
});
