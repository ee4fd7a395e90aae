/** Reading a JSON report back (`replay`, `merge`): one usage error line for a file that is not one. */
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

/** Reads one JSON report and checks it against the report schema; a one-line usage error otherwise. */
export async function readJsonReport(path: string): Promise<JsonReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read report ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not JSON (write one with restconform run --json FILE)`);
  }
  const validate = validator();
  if (!validate(report)) {
    const error = validate.errors?.[0];
    throw new UsageError(`${path} is not a restconform JSON report: ${error ? `${error.instancePath || '(top)'} ${error.message ?? ''}`.trim() : 'schema mismatch'}`);
  }
  return report;
}

