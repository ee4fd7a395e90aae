/**
 * `restconform export json-schema|openapi|types|contract`: a descriptor as documents other tools read. The
 * descriptor comes from a server (`--base-url`), a saved file (`--descriptor`), or, with neither, the bundled
 * reference server started in-process. `contract` without a source writes the built-in contract itself.
 */
import { join } from 'node:path';
import { Command } from 'commander';
import { ContractFileError } from '../../contract/io.js';
import { DescriptorError } from '../../descriptor/index.js';
import { EXPORT_FORMATS, EXPORT_TARGETS, isExportFormat, writeExportFiles, type ExportFile, type ExportFormat } from '../../export/index.js';
import { exportJob } from '../../jobs/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { addChoiceOptions, choiceFor, chosenDescriptor, type ChoiceFlags } from './choice-options.js';
import { addSettingOptions, deprecatedOption, settingValues, type Pick } from '../options.js';

/** The default locale of a command that reads one descriptor. */
const ONE_LOCALE = 'en_gb';

/** What export writes and where, besides the descriptor it reads. */
const WRITE_PICKS: readonly Pick[] = [{ key: 'out', default: 'reports/export' }, { key: 'typeLists' }];

/**
 * `--locales` of a command that reads one descriptor (`export`, `resources`): one locale path segment, or `none`
 * for plain WordPress. The name is `restconform run`'s; a list of several is refused, since one descriptor is read.
 */
export function oneLocale(command: string, flag: string): string | null {
  if (flag === 'none') return null;
  if (flag.includes(',')) throw new UsageError(`${command}: --locales takes one locale here (one descriptor is read), such as en_gb, or "none", not "${flag}"`);
  if (!/^[A-Za-z0-9_-]+$/.test(flag)) throw new UsageError(`${command}: --locales takes a locale path segment such as en_gb, or "none", not "${flag}"`);
  return flag;
}

/** The settings a command that reads one descriptor takes, as rows of the settings table. */
export function descriptorSourcePicks(command: string, readAs: string): Pick[] {
  return [
    { key: 'baseUrl', help: 'read the descriptor from this server (default: the bundled reference server, started in-process)' },
    { key: 'descriptor' },
    { key: 'restRoot' },
    {
      key: 'locales',
      valueName: 'locale|none',
      help: `locale path segment to read, or "none" for plain WordPress (default: ${ONE_LOCALE})`,
      default: ONE_LOCALE,
      parse: (given) => String(given),
    },
    { key: 'user', help: `${readAs} (default: anonymous)` },
    { key: 'appPasswordEnv' },
  ];
}

/** The values of `descriptorSourcePicks`, `--locale` (the former spelling) read too, checked for one command. */
export function descriptorSourceOf(command: string, flags: Record<string, unknown>, picks: readonly Pick[]) {
  const values = settingValues({ ...flags, locales: flags.locales ?? flags.locale }, picks) as {
    baseUrl?: string;
    descriptor?: string;
    restRoot: string;
    locales: string;
    user: string | null;
    appPasswordEnv: string;
  };
  if (values.baseUrl !== undefined && values.descriptor !== undefined) throw new UsageError(`${command}: give --base-url or --descriptor, not both`);
  const { locales, user, ...rest } = values;
  return { command, ...rest, locale: oneLocale(command, locales), ...(user === null ? {} : { user }) };
}

async function writeOut(format: ExportFormat, files: ExportFile[], out: string): Promise<void> {
  if (out === '-') {
    process.stdout.write(files[0]!.content);
    return;
  }
  const written = await writeExportFiles(out, files);
  const shown = written.length === 1 ? written[0] : `${written.length} files in ${join(out, EXPORT_TARGETS[format]).replace(/[\\/]+$/, '')}`;
  process.stdout.write(`wrote ${shown}\n`);
}

export function exportCommand(sink: ExitCodeSink): Command {
  const picks = descriptorSourcePicks('export', 'fetch the descriptor as this user (an authenticated index may list more routes)');
  const command = new Command('export')
    .summary('Write a descriptor as JSON Schema, OpenAPI 3.1, TypeScript request types or a contract file')
    .description(
      `Write a descriptor as ${EXPORT_FORMATS.join(', ')}: ` +
        `JSON Schema per operation (${EXPORT_TARGETS['json-schema']}), one OpenAPI 3.1 document (${EXPORT_TARGETS.openapi}), ` +
        `TypeScript request types (${EXPORT_TARGETS.types}), or a contract file for run --contract (${EXPORT_TARGETS.contract})`,
    )
    .argument('<format>', `what to write: ${EXPORT_FORMATS.join(' | ')}`);
  addSettingOptions(command, [...picks.slice(0, 4), ...WRITE_PICKS, ...picks.slice(4)]).addOption(deprecatedOption('export', '--locale', '--locales'));
  return addChoiceOptions(command)
    .addHelpText(
      'after',
      '\nWithout --base-url or --descriptor, "contract" writes the built-in contract (the interface document as data);\nwith one, it writes the contract of that descriptor.',
    )
    .action(async (format: string, flags: Record<string, unknown>) => {
      if (!isExportFormat(format)) throw new UsageError(`export: unknown format "${format}"; formats: ${EXPORT_FORMATS.join(', ')}`);
      const source = descriptorSourceOf('export', flags, picks);
      const { out, typeLists } = settingValues(flags, WRITE_PICKS) as { out: string; typeLists?: boolean };
      if (out === '-' && format === 'json-schema')
        throw new UsageError('export: json-schema writes one file per operation; --out - (stdout) takes openapi, types or contract');
      try {
        const files = await exportJob(format, source, {
          choose: (descriptor) => chosenDescriptor(descriptor, choiceFor('export', flags as ChoiceFlags, descriptor)),
          typeLists: typeLists === true,
        });
        await writeOut(format, files, out);
      } catch (error) {
        if (error instanceof DescriptorError || error instanceof ContractFileError) throw new UsageError(`export: ${oneLine(error.message)}`);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EACCES' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'EROFS') throw new UsageError(`export: cannot write to ${out}: ${code}`);
        throw error;
      }
      sink(0);
    });
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
