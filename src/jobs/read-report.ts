/**
 * Reading a JSON report back (`replay`, `merge`, `--baseline`): one usage error line for a file that cannot be
 * read, is not JSON, or does not match the report schema.
 */
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonReport } from '../report/json.js';
import { JSON_REPORT_SCHEMA } from '../report/report-schema.js';
import { UsageError } from './errors.js';

let reportValidator: ValidateFunction<JsonReport> | undefined;

/** The report schema's validator, compiled on first use (only commands that read reports need it). */
function validator(): ValidateFunction<JsonReport> {
  if (!reportValidator) {
    const ajv = new Ajv2020({ allErrors: false, allowUnionTypes: true });
    addFormatsModule.default(ajv);
    reportValidator = ajv.compile<JsonReport>(JSON_REPORT_SCHEMA);
  }
  return reportValidator;
}

/** The JSON value of a file; a usage error naming the file (as `what`) when it cannot be read or parsed. */
export async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Whether a JSON value claims to be a restconform report (it is then held to the report schema). */
export function looksLikeReport(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { tool?: unknown }).tool === 'restconform';
}

/** `value` (read from `path`) as a JSON report once it matches the report schema; a one-line usage error otherwise. */
export function validatedReport(value: unknown, path: string): JsonReport {
  const validate = validator();
  if (validate(value)) return value;
  const error = validate.errors?.[0];
  const where = error === undefined ? '' : error.instancePath || '(top)';
  const extra = error?.keyword === 'additionalProperties' ? ` "${(error.params as { additionalProperty: string }).additionalProperty}"` : '';
  throw new UsageError(
    `${path} is not a restconform JSON report: ${error ? `${where} ${error.message ?? ''}${extra}`.trim() : 'schema mismatch'} (write one with restconform run --json FILE)`,
  );
}

/** Reads one JSON report and checks it against the report schema; a one-line usage error otherwise. */
export async function readJsonReport(path: string): Promise<JsonReport> {
  return validatedReport(await readJsonFile(path, 'report'), path);
}
