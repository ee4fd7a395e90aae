/** `restconform export`: a descriptor (or the built-in contract) as the documents other tools read. */
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { buildExport, type ExportFile, type ExportFormat, type ExportInput } from '../export/index.js';
import { loadDescriptorSource, type DescriptorSourceOptions } from './descriptor-source.js';

/** The files of one export; `contract` without a server or a file is the built-in contract itself. */
export async function exportJob(format: ExportFormat, source: DescriptorSourceOptions): Promise<ExportFile[]> {
  return buildExport(format, await exportInput(format, source));
}

async function exportInput(format: ExportFormat, source: DescriptorSourceOptions): Promise<ExportInput> {
  if (format === 'contract' && source.baseUrl === undefined && source.descriptor === undefined) return { contract: INTERFACE_CONTRACT };
  const { descriptor, serverUrl, schemas } = await loadDescriptorSource({ ...source, withSchemas: format === 'openapi' });
  return { descriptor, openapi: { serverUrl, source: descriptor.source, version: 'unversioned', ...(schemas ? { schemas } : {}) } };
}
