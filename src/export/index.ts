/**
 * The export stage: a loaded descriptor (or the contract) as documents other tools read — JSON Schema per
 * operation, one OpenAPI 3.1 document, TypeScript request types, or a contract file for `--contract FILE`.
 */
import { serializeContract } from '../contract/io.js';
import type { Contract } from '@restconform/interface';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { contractFromDescriptors } from './contract.js';
import { jsonSchemaExport } from './json-schema.js';
import { buildOpenApiDocument, type OpenApiOptions } from './openapi.js';
import { jsonText, type ExportFile } from './types.js';
import { typeScriptExport } from './typescript.js';

export const EXPORT_FORMATS = ['json-schema', 'openapi', 'types', 'contract'] as const;

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** What an export is made from: a descriptor, or (for `contract` only) a contract as it is. */
export type ExportInput = { descriptor: LoadedDescriptor; openapi?: OpenApiOptions } | { contract: Contract };

/** The folder (json-schema) or file each format writes under the output folder. */
export const EXPORT_TARGETS: Record<ExportFormat, string> = {
  'json-schema': 'json-schema/',
  openapi: 'openapi.json',
  types: 'request-types.ts',
  contract: 'contract.json',
};

/**
 * The files of one export, by path under the output folder (`EXPORT_TARGETS`).
 *
 * @throws Error when a contract is given for a format other than `contract`
 */
export async function buildExport(format: ExportFormat, input: ExportInput): Promise<ExportFile[]> {
  const target = EXPORT_TARGETS[format];
  if ('contract' in input) {
    if (format !== 'contract') throw new Error(`export ${format} needs a descriptor`);
    return [{ path: target, content: serializeContract(input.contract) }];
  }
  const descriptor = input.descriptor;
  switch (format) {
    case 'json-schema':
      return jsonSchemaExport(descriptor).map((file) => ({ ...file, path: `${target}${file.path}` }));
    case 'openapi':
      return [{ path: target, content: jsonText(buildOpenApiDocument(descriptor, input.openapi).document) }];
    case 'types':
      return [{ path: target, content: await typeScriptExport(descriptor) }];
    case 'contract':
      return [{ path: target, content: serializeContract(contractFromDescriptors([descriptor])) }];
  }
}

export { contractFromDescriptors } from './contract.js';
export { jsonSchemaExport, JSON_SCHEMA_INDEX_FORMAT, type JsonSchemaIndex, type JsonSchemaIndexEntry } from './json-schema.js';
export { buildOpenApiDocument, type OpenApiDocument, type OpenApiExport, type OpenApiOptions } from './openapi.js';
export { openApiPathVariants, type OpenApiPathVariant } from './openapi-paths.js';
export { typeScriptExport, REQUEST_MAP_TYPE } from './typescript.js';
export { writeExportFiles } from './write.js';
export type { ExportFile } from './types.js';
