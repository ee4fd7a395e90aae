/**
 * The reference server's descriptor, in both locales, against a second transcription of the interface
 * document's route tables (`fixtures/interface-routes.json`, written without reading `packages/interface/`), so a
 * slip in either transcription shows here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootDescriptor } from '../src/descriptor/types.js';
import { startReferenceServer } from '@restconform/server';
import { descriptorRoutesNotDocumented, documentedRoutesNotServed } from './document-routes/compare.js';
import { loadDocumentedRoutes } from './document-routes/route-table.js';

const REST_ROOT = 'wp-json';
const LOCALES = ['en_gb', 'el'] as const;

describe('reference server descriptor vs the interface document', () => {
  const table = loadDocumentedRoutes();
  const descriptors = new Map<string, RootDescriptor>();
  let server: { url: string; close(): Promise<void> } | undefined;

  beforeAll(async () => {
    const started = await startReferenceServer({ host: '127.0.0.1', port: 0, restRoot: REST_ROOT });
    server = started;
    for (const locale of LOCALES) {
      const response = await fetch(`${started.url}/${locale}/${REST_ROOT}/`);
      expect(response.status, `GET /${locale}/${REST_ROOT}/`).toBe(200);
      descriptors.set(locale, (await response.json()) as RootDescriptor);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  describe.each(LOCALES)('locale %s', (locale) => {
    it('serves every documented path and method with exactly the documented params', () => {
      expect(documentedRoutesNotServed(table, descriptors.get(locale) as RootDescriptor)).toEqual([]);
    });

    it('serves no route or method in the documented namespaces that the document does not list', () => {
      expect(descriptorRoutesNotDocumented(table, descriptors.get(locale) as RootDescriptor)).toEqual([]);
    });
  });
});
