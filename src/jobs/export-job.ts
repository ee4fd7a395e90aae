/** `restconform export`: a descriptor (or the built-in contract) as the documents other tools read. */
import { INTERFACE_CONTRACT } from '@restconform/interface';
import type { LoadedDescriptor } from '../descriptor/index.js';
import { buildExport, type ExportFile, type ExportFormat, type ExportInput } from '../export/index.js';
import { loadDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';

/**
 * The files of one export; `contract` without a server or a file is the built-in contract itself. `choose` keeps the
 * operations a choice (`--include`, `--exclude`) selects.
 */
export async function exportJob(
  format: ExportFormat,
  source: DescriptorSourceOptions,
  choose: (descriptor: LoadedDescriptor) => LoadedDescriptor = (descriptor) => descriptor,
): Promise<ExportFile[]> {
  return buildExport(format, await exportInput(format, source, choose));
}

async function exportInput(
  format: ExportFormat,
  source: DescriptorSourceOptions,
  choose: (descriptor: LoadedDescriptor) => LoadedDescriptor,
): Promise<ExportInput> {
  if (format === 'contract' && source.baseUrl === undefined && source.descriptor === undefined) return { contract: INTERFACE_CONTRACT };
  const loaded = await loadDescriptorSource({ ...source, withSchemas: format === 'openapi' });
  const { serverUrl, schemas } = loaded;
  const descriptor = choose(loaded.descriptor);
  return { descriptor, openapi: { serverUrl, source: descriptor.source, version: 'unversioned', ...(schemas ? { schemas } : {}) } };
}
