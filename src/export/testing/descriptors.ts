/** Descriptors the export tests read: the bundled reference server's (fetched once per file) and real WordPress 6.1's. */
import { fileURLToPath } from 'node:url';
import { fetchDescriptor, fetchItemSchemas, readDescriptorFile, type ItemSchema } from '../../descriptor/index.js';
import type { LoadedDescriptor } from '../../descriptor/types.js';
import { startReferenceServer } from '@restconform/server';
import { createTransport } from '../../http/index.js';

/** The captured root descriptor of a real WordPress 6.1 site (type lists, oneOf, titles, nested objects). */
export const WORDPRESS_FIXTURE = fileURLToPath(new URL('../../../fixtures/wordpress-6.1-index.json', import.meta.url));

/** Starts the reference server on a free loopback port, reads one locale's descriptor, and stops it again. */
export async function referenceDescriptor(locale: 'en_gb' | 'el' = 'en_gb'): Promise<LoadedDescriptor> {
  const server = await startReferenceServer({ port: 0 });
  try {
    return await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale });
  } finally {
    await server.close();
  }
}

/** The reference server's descriptor and the item schemas it publishes: what `export openapi` reads from it. */
export async function referenceDescriptorWithSchemas(): Promise<{ descriptor: LoadedDescriptor; schemas: ReadonlyMap<string, ItemSchema> }> {
  const server = await startReferenceServer({ port: 0 });
  const transport = createTransport({ connections: 2 });
  try {
    const descriptor = await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale: 'en_gb', transport });
    const { schemas } = await fetchItemSchemas({ baseUrl: server.url, restRoot: 'wp-json', descriptor, transport });
    return { descriptor, schemas };
  } finally {
    await transport.close();
    await server.close();
  }
}

/** The real WordPress 6.1 descriptor, as plain WordPress serves it (no locale segment). */
export function wordpressDescriptor(): Promise<LoadedDescriptor> {
  return readDescriptorFile(WORDPRESS_FIXTURE, null);
}
