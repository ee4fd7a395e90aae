/** Descriptors the export tests read: the bundled reference server's (fetched once per file) and real WordPress 6.1's. */
import { fileURLToPath } from 'node:url';
import { fetchDescriptor, readDescriptorFile } from '../../descriptor/index.js';
import type { LoadedDescriptor } from '../../descriptor/types.js';
import { startReferenceServer } from '@restconform/server';

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

/** The real WordPress 6.1 descriptor, as plain WordPress serves it (no locale segment). */
export function wordpressDescriptor(): Promise<LoadedDescriptor> {
  return readDescriptorFile(WORDPRESS_FIXTURE, null);
}
