/**
 * The OpenAPI export's two forms of a value of several types: by default `anyOf` of single-type schemas (no `type`
 * list anywhere in the document, which Schemathesis 4.x needs to load it), and with `typeLists` the list form
 * OpenAPI 3.1 allows. Both are valid OpenAPI 3.1 and say the same thing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemSchema } from '../descriptor/index.js';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { buildExport } from './index.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { referenceDescriptorWithSchemas, wordpressDescriptor } from './testing/descriptors.js';
import { openApi31Errors } from './testing/openapi-validator.js';
import { typeListsIn } from './testing/type-lists.js';

let reference: { descriptor: LoadedDescriptor; schemas: ReadonlyMap<string, ItemSchema> };
let wordpress: LoadedDescriptor;

beforeAll(async () => {
  reference = await referenceDescriptorWithSchemas();
  wordpress = await wordpressDescriptor();
});

/** The schema at a JSON Pointer of the document. */
function at(document: OpenApiDocument, pointer: string): Record<string, unknown> {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  return keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, document);
}

describe('OpenAPI export without type lists (the default)', () => {
  it('has no type list anywhere in the bundled server’s export (published schemas included) and is valid OpenAPI 3.1', async () => {
    const [file] = await buildExport('openapi', { descriptor: reference.descriptor, openapi: { schemas: reference.schemas } });
    const document = JSON.parse(file!.content) as OpenApiDocument;
    expect(typeListsIn(document)).toEqual([]);
    expect(openApi31Errors(document)).toEqual([]);
  });

  it('has none in a real WordPress 6.1 export either, and is valid OpenAPI 3.1', () => {
    const { document } = buildOpenApiDocument(wordpress);
    expect(typeListsIn(document)).toEqual([]);
    expect(openApi31Errors(document)).toEqual([]);
  });

  it('writes nullable as {type: "null"} in the anyOf and keeps each type’s keywords on its branch', () => {
    const lists = buildOpenApiDocument(wordpress, { typeLists: true }).document;
    const single = buildOpenApiDocument(wordpress).document;
    const date = '/paths/~1wp~1v2~1posts/post/requestBody/content/application~1json/schema/properties/date';
    expect(at(lists, date).type).toEqual(['string', 'null']);
    expect(at(single, date).anyOf).toEqual([{ type: 'string' }, { type: 'null' }]);
    const hasPublished = '/paths/~1wp~1v2~1users/get/parameters';
    const parameter = (document: OpenApiDocument) =>
      (at(document, hasPublished) as unknown as { name: string; schema: unknown }[]).find((p) => p.name === 'has_published_posts')!;
    expect(parameter(lists).schema).toMatchObject({ type: ['boolean', 'array'], items: { enum: expect.arrayContaining(['post']) } });
    expect(parameter(single).schema).toMatchObject({ anyOf: [{ type: 'boolean' }, { type: 'array', items: { enum: expect.arrayContaining(['post']) } }] });
  });
});

describe('OpenAPI export with typeLists', () => {
  it('keeps the type lists of the bundled server’s published schemas and of WordPress’s descriptor, still valid OpenAPI 3.1', () => {
    const referenceLists = buildOpenApiDocument(reference.descriptor, { schemas: reference.schemas, typeLists: true }).document;
    const wordpressLists = buildOpenApiDocument(wordpress, { typeLists: true }).document;
    expect(typeListsIn(referenceLists).length).toBeGreaterThan(100);
    expect(typeListsIn(wordpressLists).length).toBeGreaterThan(50);
    expect(openApi31Errors(referenceLists)).toEqual([]);
    expect(openApi31Errors(wordpressLists)).toEqual([]);
  });
});
