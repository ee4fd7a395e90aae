/**
 * `restconform resources`: prints the resource model the stateful phase works from (families, their routes,
 * parents, ids, writable fields, what came from hints), for a server, a saved descriptor or the bundled server.
 */
import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { parse as parseYaml } from 'yaml';
import { DescriptorError } from '../../descriptor/index.js';
import { didYouMean } from '../../config/did-you-mean.js';
import { describeModel, HINT_KEYS, inferResources, mergedHints, type ResourceHints } from '../../resources/index.js';
import { UsageError, type ExitCodeSink } from '../errors.js';
import { loadSource } from './export.js';

interface ResourcesFlags {
  baseUrl?: string;
  descriptor?: string;
  restRoot?: string;
  locale?: string;
  user?: string;
  appPasswordEnv?: string;
  hints?: string;
}

const DEFAULTS = { restRoot: 'wp-json', locale: 'en_gb', appPasswordEnv: 'RESTCONFORM_APP_PASSWORD' } as const;

/** Hints from a YAML or JSON file: an object keyed by collection template, or a config file's `resources.hints`. */
export async function readHints(path: string): Promise<ResourceHints> {
  let parsed: unknown;
  try {
    parsed = parseYaml(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`resources: cannot read hints from ${path}: ${(error as Error).message.split('\n')[0]}`);
  }
  const nested = (parsed as { resources?: { hints?: unknown } } | null)?.resources?.hints;
  const hints = nested ?? parsed;
  if (typeof hints !== 'object' || hints === null || Array.isArray(hints))
    throw new UsageError(`resources: ${path} holds no hints (an object keyed by collection route, e.g. "/wp/v2/posts")`);
  const problems = hintProblems(hints as Record<string, unknown>);
  if (problems.length > 0) throw new UsageError(`resources: ${path}: ${problems.join('; ')}`);
  return hints as ResourceHints;
}

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with an `upload` hint: three strings, a file name fit for a header. */
function uploadProblems(value: unknown): string[] {
  if (!isObject(value)) return ['is an object of filename, contentType, content'];
  const upload = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(upload)) if (!UPLOAD_KEYS.includes(key)) problems.push(`has an unknown key "${key}"${didYouMean(key, UPLOAD_KEYS)}`);
  for (const key of UPLOAD_KEYS) if (typeof upload[key] !== 'string' || upload[key] === '') problems.push(`needs ${key}, a string`);
  if (typeof upload.filename === 'string' && /["\\/\r\n]/.test(upload.filename)) problems.push('filename may not hold quotes, slashes or line breaks');
  if (typeof upload.contentType === 'string' && !/^[\w.+-]+\/[\w.+-]+$/.test(upload.contentType))
    problems.push(`contentType "${upload.contentType}" is not a media type (e.g. text/plain)`);
  return problems;
}

const UPLOAD_KEYS = ['filename', 'contentType', 'content'];

/** What is wrong with a hints object, one message per problem: a typo would otherwise be ignored in silence. */
export function hintProblems(hints: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const known = Object.keys(HINT_KEYS);
  for (const [route, hint] of Object.entries(hints)) {
    if (!route.startsWith('/')) problems.push(`"${route}" is not a collection route (it starts with "/", e.g. "/wp/v2/posts")`);
    if (!isObject(hint)) {
      problems.push(`${route}: a hint is an object of ${known.join(', ')}`);
      continue;
    }
    for (const [key, value] of Object.entries(hint as Record<string, unknown>)) {
      const kind = HINT_KEYS[key as keyof typeof HINT_KEYS];
      if (kind === undefined) problems.push(`${route}: unknown key "${key}"${didYouMean(key, known)}`);
      else if (kind === 'text' && typeof value !== 'string') problems.push(`${route}: ${key} is a string`);
      else if (kind === 'names' && !(Array.isArray(value) && value.every((name) => typeof name === 'string')))
        problems.push(`${route}: ${key} is a list of argument names`);
      else if (kind === 'object' && !isObject(value)) problems.push(`${route}: ${key} is an object`);
      else if (kind === 'false' && value !== false) problems.push(`${route}: ${key} can only be false`);
      else if (kind === 'upload') problems.push(...uploadProblems(value).map((problem) => `${route}: ${key} ${problem}`));
    }
  }
  return problems;
}

export function resourcesCommand(sink: ExitCodeSink): Command {
  return new Command('resources')
    .summary('Print the resource model the stateful phase infers from a descriptor')
    .description(
      'Print the resource families a descriptor reveals (collection and item routes, sub-resources and parents, create, update and delete, how a list is searched), which of them get a life cycle in the stateful phase, and what came from hints',
    )
    .option('--base-url <url>', 'read the descriptor from this server (default: the bundled reference server, started in-process)')
    .option('--descriptor <file>', 'read the descriptor from a saved JSON file instead of a server')
    .option('--rest-root <path>', `REST root path segment (default: ${DEFAULTS.restRoot})`)
    .option('--locale <locale|none>', `locale path segment to read, or "none" for plain WordPress (default: ${DEFAULTS.locale})`)
    .option('--user <login>', 'fetch the descriptor as this user (default: anonymous)')
    .option('--app-password-env <var>', `environment variable holding that user's application password (default: ${DEFAULTS.appPasswordEnv})`)
    .option('--hints <file>', 'resource hints (YAML or JSON, or a config file with resources.hints) over the built-in ones')
    .action(async (given: ResourcesFlags) => {
      const flags: ResourcesFlags & { restRoot: string; locale: string; appPasswordEnv: string } = {
        ...DEFAULTS,
        ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
      };
      if (flags.baseUrl !== undefined && flags.descriptor !== undefined) throw new UsageError('resources: give --base-url or --descriptor, not both');
      const locale = flags.locale === 'none' ? null : flags.locale;
      const hints = flags.hints === undefined ? undefined : await readHints(flags.hints);
      try {
        const { descriptor } = await loadSource(flags, locale, false);
        process.stdout.write(`${describeModel(inferResources(descriptor, mergedHints(hints)))}\n`);
      } catch (error) {
        if (error instanceof DescriptorError) throw new UsageError(`resources: ${error.message.split('\n')[0]}`);
        throw error;
      }
      sink(0);
    });
}
