/**
 * `restconform export json-schema`: one JSON Schema (draft 2020-12) file per operation describing its request as
 * `{path, query, body}`, plus `index.json` listing every operation with its file.
 */
import type { LoadedDescriptor } from '../descriptor/types.js';
import { operationSlug, uniqueNames } from './names.js';
import { JSON_SCHEMA_DIALECT, operationParts, REQUEST_PARTS, requiredOf } from './operation-parts.js';
import { jsonText, type ExportFile } from './types.js';

/** The `format` of `index.json`, so readers can tell its version. */
export const JSON_SCHEMA_INDEX_FORMAT = 'restconform-json-schema-export/1';

export interface JsonSchemaIndexEntry {
  id: string;
  method: string;
  route: string;
  template: string;
  namespace: string;
  file: string;
}

export interface JsonSchemaIndex {
  format: typeof JSON_SCHEMA_INDEX_FORMAT;
  source: string;
  locale: string | null;
  operations: JsonSchemaIndexEntry[];
  /** Routes the descriptor had that could not be read, one line each. */
  warnings: string[];
}

/**
 * The files of a JSON Schema export: `<slug>.schema.json` per operation and `index.json`. A part is required
 * in the request schema when it has a required member.
 */
export function jsonSchemaExport(descriptor: LoadedDescriptor): ExportFile[] {
  const files = uniqueNames(descriptor.operations, (operation) => `${operationSlug(operation)}.schema.json`);
  const out: ExportFile[] = [];
  const entries: JsonSchemaIndexEntry[] = [];
  for (const operation of descriptor.operations) {
    const file = files.get(operation)!;
    const parts = operationParts(operation);
    const label = `${operation.method} ${operation.pattern.template}`;
    const schema = {
      $schema: JSON_SCHEMA_DIALECT,
      title: label,
      description: `Request of ${label}${operation.locale ? ` (locale ${operation.locale})` : ''}: path variables, query parameters and JSON body members.`,
      $comment: `WordPress route ${operation.route}`,
      type: 'object',
      properties: parts,
      required: REQUEST_PARTS.filter((part) => requiredOf(parts[part]).length > 0),
    };
    out.push({ path: file, content: jsonText(schema) });
    entries.push({
      id: operation.id,
      method: operation.method,
      route: operation.route,
      template: operation.pattern.template,
      namespace: operation.namespace,
      file,
    });
  }
  const index: JsonSchemaIndex = {
    format: JSON_SCHEMA_INDEX_FORMAT,
    source: descriptor.source,
    locale: descriptor.locale,
    operations: entries,
    warnings: descriptor.warnings,
  };
  out.push({ path: 'index.json', content: jsonText(index) });
  return out;
}
