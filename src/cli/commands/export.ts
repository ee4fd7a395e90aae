/**
 * `restconform export json-schema|openapi|types|contract`: a descriptor as documents other tools read. The
 * descriptor comes from a server (`--base-url`), a saved file (`--descriptor`), or, with neither, the bundled
 * reference server started in-process. `contract` without a source writes the built-in contract itself.
 */
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { INTERFACE_CONTRACT } from '../../contract/interface.js';
import { ContractFileError } from '../../contract/io.js';
import {
  DescriptorError,
  fetchDescriptor,
  fetchItemSchemas,
  readDescriptorFile,
  restUrl,
  type ItemSchema,
  type LoadedDescriptor,
} from '../../descriptor/index.js';
import {
  buildExport,
  EXPORT_FORMATS,
  EXPORT_TARGETS,
  isExportFormat,
  TYPE_LISTS_HELP,
  writeExportFiles,
  type ExportFile,
  type ExportFormat,
  type ExportInput,
} from '../../export/index.js';
import { createTransport } from '../../http/index.js';
import { basicAuthorization } from '../../request/index.js';
import type { Credentials } from '../../request/types.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { VERSION } from '../../run/index.js';

interface ExportFlags {
  baseUrl?: string;
  descriptor?: string;
  restRoot?: string;
  locales?: string;
  /** The former spelling of `--locales`, still read. */
  locale?: string;
  out?: string;
  user?: string;
  appPasswordEnv?: string;
  typeLists?: boolean;
}

/** The flags with every default applied. */
type ExportSettings = Required<Omit<ExportFlags, 'baseUrl' | 'descriptor' | 'user' | 'locale' | 'typeLists'>> &
  Pick<ExportFlags, 'baseUrl' | 'descriptor' | 'user' | 'typeLists'>;

// Defaults are applied here rather than by commander, so help shows each once, in the same words as `run`.
const DEFAULTS = { restRoot: 'wp-json', locales: 'en_gb', out: 'reports/export', appPasswordEnv: 'RESTCONFORM_APP_PASSWORD' } as const;

/** The address `restconform serve` listens on by default: exports of the bundled server point there. */
const SERVE_DEFAULT_URL = 'http://127.0.0.1:8080';

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

/** The help line of `--locales` for a command that reads one descriptor. */
export const ONE_LOCALE_HELP = `locale path segment to read, or "none" for plain WordPress (default: ${DEFAULTS.locales})`;

/** A former option name, still read but hidden from help: its use prints one line naming the option to use. */
export function deprecatedOption(command: string, old: string, current: string): Option {
  return new Option(`${old} <value>`, `deprecated: use ${current}`).hideHelp().argParser((value: string) => {
    process.stderr.write(`restconform: ${command}: ${old} is deprecated; use ${current}, the name restconform run uses\n`);
    return value;
  });
}

function credentialsOf(flags: DescriptorSourceFlags): Credentials | undefined {
  if (!flags.user) return undefined;
  const password = process.env[flags.appPasswordEnv];
  if (!password)
    throw new UsageError(`export: --user ${flags.user} needs the application password in the environment variable ${flags.appPasswordEnv}, which is empty`);
  return { user: flags.user, password };
}

/** What an export is built from: the descriptor, the REST root its requests go to, the item schemas published. */
interface ExportSource {
  descriptor: LoadedDescriptor;
  serverUrl: string;
  schemas?: ReadonlyMap<string, ItemSchema>;
}

/** Where a command reads a descriptor from: a server, a saved file, or the bundled server. */
export type DescriptorSourceFlags = Pick<ExportSettings, 'baseUrl' | 'descriptor' | 'restRoot' | 'user' | 'appPasswordEnv'>;

/** The descriptor to export and the REST root its requests go to. */
export async function loadSource(flags: DescriptorSourceFlags, locale: string | null, withSchemas: boolean): Promise<ExportSource> {
  const credentials = credentialsOf(flags);
  if (flags.descriptor !== undefined) {
    const descriptor = await readDescriptorFile(flags.descriptor, locale);
    return { descriptor, serverUrl: restUrl(descriptor.root.url, flags.restRoot, locale) };
  }
  if (flags.baseUrl !== undefined) {
    if (!/^https?:\/\//i.test(flags.baseUrl)) throw new UsageError(`export: --base-url must be an http:// or https:// URL, not "${flags.baseUrl}"`);
    const descriptor = await fetchDescriptor({ baseUrl: flags.baseUrl, restRoot: flags.restRoot, locale, credentials });
    const schemas = withSchemas ? await publishedSchemas(flags.baseUrl, flags.restRoot, descriptor, credentials) : undefined;
    return { descriptor, serverUrl: restUrl(flags.baseUrl, flags.restRoot, locale), schemas };
  }
  const server = await (await import('../../server/index.js')).startReferenceServer({ port: 0, restRoot: flags.restRoot });
  try {
    const descriptor = await fetchDescriptor({ baseUrl: server.url, restRoot: flags.restRoot, locale, credentials });
    const schemas = withSchemas ? await publishedSchemas(server.url, flags.restRoot, descriptor, credentials) : undefined;
    // Name the bundled server, not its throwaway port, so the export is the same on every run.
    const source = `restconform ${VERSION} reference server`;
    return { descriptor: { ...descriptor, source }, serverUrl: restUrl(SERVE_DEFAULT_URL, flags.restRoot, locale), schemas };
  } finally {
    await server.close();
  }
}

/** The item schemas the server publishes (`?context=help`, `OPTIONS`), so the OpenAPI export can type answers. */
async function publishedSchemas(
  baseUrl: string,
  restRoot: string,
  descriptor: LoadedDescriptor,
  credentials: Credentials | undefined,
): Promise<ReadonlyMap<string, ItemSchema>> {
  const transport = createTransport();
  try {
    const headers = credentials ? { authorization: basicAuthorization(credentials) } : undefined;
    return (await fetchItemSchemas({ baseUrl, restRoot, descriptor, transport, headers })).schemas;
  } finally {
    await transport.close();
  }
}

async function exportInput(format: string, flags: ExportSettings): Promise<ExportInput> {
  const locale = oneLocale('export', flags.locales);
  if (format === 'contract' && flags.baseUrl === undefined && flags.descriptor === undefined) return { contract: INTERFACE_CONTRACT };
  const { descriptor, serverUrl, schemas } = await loadSource(flags, locale, format === 'openapi');
  return { descriptor, openapi: { serverUrl, source: descriptor.source, version: 'unversioned', typeLists: flags.typeLists, ...(schemas ? { schemas } : {}) } };
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
  return new Command('export')
    .summary('Write a descriptor as JSON Schema, OpenAPI 3.1, TypeScript request types or a contract file')
    .description(
      `Write a descriptor as ${EXPORT_FORMATS.join(', ')}: ` +
        `JSON Schema per operation (${EXPORT_TARGETS['json-schema']}), one OpenAPI 3.1 document (${EXPORT_TARGETS.openapi}), ` +
        `TypeScript request types (${EXPORT_TARGETS.types}), or a contract file for run --contract (${EXPORT_TARGETS.contract})`,
    )
    .argument('<format>', `what to write: ${EXPORT_FORMATS.join(' | ')}`)
    .option('--base-url <url>', 'read the descriptor from this server (default: the bundled reference server, started in-process)')
    .option('--descriptor <file>', 'read the descriptor from a saved JSON file instead of a server')
    .option('--rest-root <path>', `REST root path segment (default: ${DEFAULTS.restRoot})`)
    .option('--locales <locale|none>', ONE_LOCALE_HELP)
    .addOption(deprecatedOption('export', '--locale', '--locales'))
    .option('--out <dir>', `folder to write into, or "-" to print a one-file format on stdout (default: ${DEFAULTS.out})`)
    .option('--user <login>', 'fetch the descriptor as this user (an authenticated index may list more routes) (default: anonymous)')
    .option('--app-password-env <var>', `environment variable holding that user's application password (default: ${DEFAULTS.appPasswordEnv})`)
    .option('--type-lists', TYPE_LISTS_HELP)
    .addHelpText(
      'after',
      '\nWithout --base-url or --descriptor, "contract" writes the built-in contract (the interface document as data);\nwith one, it writes the contract of that descriptor.',
    )
    .action(async (format: string, given: ExportFlags) => {
      const { locale, ...current } = definedOnly(given);
      const flags: ExportSettings = { ...DEFAULTS, ...(locale === undefined ? {} : { locales: locale }), ...current };
      if (!isExportFormat(format)) throw new UsageError(`export: unknown format "${format}"; formats: ${EXPORT_FORMATS.join(', ')}`);
      if (flags.baseUrl !== undefined && flags.descriptor !== undefined) throw new UsageError('export: give --base-url or --descriptor, not both');
      if (flags.out === '-' && format === 'json-schema')
        throw new UsageError('export: json-schema writes one file per operation; --out - (stdout) takes openapi, types or contract');
      try {
        const files = await buildExport(format, await exportInput(format, flags));
        await writeOut(format, files, flags.out);
      } catch (error) {
        if (error instanceof DescriptorError || error instanceof ContractFileError) throw new UsageError(`export: ${oneLine(error.message)}`);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EACCES' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'EROFS')
          throw new UsageError(`export: cannot write to ${flags.out}: ${code}`);
        throw error;
      }
      sink(0);
    });
}

function definedOnly(flags: ExportFlags): ExportFlags {
  return Object.fromEntries(Object.entries(flags).filter(([, value]) => value !== undefined));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
