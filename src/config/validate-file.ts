/**
 * Validates configuration data against the configuration schema (derived from the settings table, shipped as
 * `config/schema.json`) with ajv and words each error for a person:
 * the key path as written, what was expected, what was found, and a suggestion for a misspelt key.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { didYouMean } from './did-you-mean.js';
import type { ConfigIssue } from './errors.js';
import { configSchema } from './schema.js';
import type { KeyPath } from './yaml-source.js';

const addFormats = addFormatsModule.default;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    // verbose: errors carry their schema node, where `x-expected` phrases what a value should be.
    // Every `restconform run` starts here, so the schema is compiled lean: not checked against the 2020-12
    // meta-schema (compiling that cost 30-35 ms of a 45-60 ms start-up step; schema.test.ts checks the file once
    // instead), and without optimising the code of a validator that runs once per file.
    const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, validateSchema: false, code: { optimize: false } });
    ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
    addFormats(ajv);
    compiled = ajv.compile(configSchema());
  }
  return compiled;
}

/** Where an issue points: the source name, how a key path is shown, and the line of a key or value. */
export interface IssueLocator {
  source: string;
  showKey(path: KeyPath): string;
  lineOf(path: KeyPath, part: 'key' | 'value'): number | undefined;
}

/** Schema problems of `data`, in document order; empty when it is valid. */
export function validateConfigData(data: unknown, locate: IssueLocator): ConfigIssue[] {
  const validate = validator();
  if (validate(data)) return [];
  return describeErrors(validate.errors ?? [], data, locate);
}

function describeErrors(errors: ErrorObject[], data: unknown, locate: IssueLocator): ConfigIssue[] {
  // Errors inside an anyOf branch are noise: the anyOf error itself says what was expected.
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.schemaPath}/`);
  const relevant = errors.filter((e) => !anyOfPaths.some((prefix) => e.schemaPath.startsWith(prefix)));
  const issues = new Map<string, ConfigIssue>();
  for (const error of relevant) {
    const path = pointerToPath(error.instancePath, data);
    let issue: ConfigIssue;
    if (error.keyword === 'additionalProperties') {
      const name = String((error.params as { additionalProperty: string }).additionalProperty);
      const keyPath = [...path, name];
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      issue = {
        source: locate.source,
        line: locate.lineOf(keyPath, 'key'),
        key: locate.showKey(keyPath),
        message: `unknown key "${locate.showKey(keyPath)}"${passwordHint(name) || didYouMean(name, known)}`,
      };
    } else {
      const shown = path.length === 0 ? 'the configuration' : `"${locate.showKey(path)}"`;
      issue = {
        source: locate.source,
        line: locate.lineOf(path, 'value'),
        key: path.length === 0 ? undefined : locate.showKey(path),
        message: path.length === 0 ? 'the configuration must be a mapping of keys to values' : `${shown} ${expectation(error)}`,
      };
    }
    issues.set(`${issue.key}\u0000${issue.message}`, issue);
  }
  return [...issues.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** `must be an integer (got "16x")`: what the schema wanted, what it found, and a suggestion for a typo. */
function expectation(error: ErrorObject): string {
  const got = `got ${showValue(error.data)}`;
  const expected = (error.parentSchema as { 'x-expected'?: string } | undefined)?.['x-expected'];
  if (expected) return `must be ${expected} (${got})`;
  switch (error.keyword) {
    case 'type':
      return `must be ${String((error.params as { type: string | string[] }).type)
        .split(',')
        .map(typeName)
        .join(' or ')} (${got})`;
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const suggestion = typeof error.data === 'string' ? didYouMean(error.data, allowed).replace(/^ \((.*)\)$/, '; $1') : '';
      return `must be one of ${allowed.join(', ')} (${got}${suggestion})`;
    }
    default:
      return `${error.message ?? 'is not valid'} (${got})`;
  }
}

function typeName(type: string): string {
  const names: Record<string, string> = {
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'true or false',
    array: 'a list',
    object: 'a mapping',
    null: 'null',
  };
  return names[type] ?? type;
}

function passwordHint(key: string): string {
  return /pass(word)?$/i.test(key) ? '; a password is never a configuration value: put it in the environment variable named by app-password-env' : '';
}

function showValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** `/phases/2` → `['phases', 2]` (numbers for array indices). */
function pointerToPath(pointer: string, data: unknown): KeyPath {
  const path: KeyPath = [];
  let node = data;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const step: string | number = Array.isArray(node) ? Number(segment) : segment;
    path.push(step);
    node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[step] : undefined;
  }
  return path;
}
