/**
 * `--resource-hints FILE` (and `restconform resources --hints FILE`): resource hints from a YAML or JSON file,
 * checked key by key so that a typo is an error rather than a hint ignored in silence.
 */
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { didYouMean } from '../config/did-you-mean.js';
import { HINT_KEYS, type ResourceHints } from '../resources/index.js';
import { UsageError } from './errors.js';

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
