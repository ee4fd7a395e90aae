/**
 * The JSON Schema (draft 2020-12) of the JSON report, for tools that validate a report before reading it
 * (`replay`, tests). Kept apart from the reporter so that writing a report never loads it.
 */
import reportSchema from './report.schema.json' with { type: 'json' };

export const JSON_REPORT_SCHEMA: Record<string, unknown> = reportSchema;
