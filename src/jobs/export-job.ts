/** `restconform export`: a descriptor (or the built-in contract) as the documents other tools read. */
import { INTERFACE_CONTRACT } from '@restconform/interface';
import type { LoadedDescriptor } from '../descriptor/index.js';
import { buildExport, type ExportFile, type ExportFormat, type ExportInput } from '../export/index.js';
import { loadDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';

/** How an export is shaped beyond its source. */
export interface ExportOptions {
  /** Keeps the operations a choice (`--include`, `--exclude`) selects; absent: every one. */
  choose?: (descriptor: LoadedDescriptor) => LoadedDescriptor;
  /** OpenAPI: `"type": [..]` lists instead of an `anyOf` of single-type schemas (`--type-lists`). */
  typeLists?: boolean;
}

/** The files of one export; `contract` without a server or a file is the built-in contract itself. */
export async function exportJob(format: ExportFormat, source: DescriptorSourceOptions, options: ExportOptions = {}): Promise<ExportFile[]> {
  return buildExport(format, await exportInput(format, source, options));
}

async function exportInput(
  format: ExportFormat,
  source: DescriptorSourceOptions,
  { choose = (descriptor) => descriptor, typeLists }: ExportOptions,
): Promise<ExportInput> {
  if (format === 'contract' && source.baseUrl === undefined && source.descriptor === undefined) return { contract: INTERFACE_CONTRACT };
  const loaded = await loadDescriptorSource({ ...source, withSchemas: format === 'openapi' });
  const { serverUrl, schemas } = loaded;
  const descriptor = choose(loaded.descriptor);
  return { descriptor, openapi: { serverUrl, source: descriptor.source, version: 'unversioned', typeLists, ...(schemas ? { schemas } : {}) } };
}
