import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { JSON_SCHEMA_INDEX_FORMAT, jsonSchemaExport, type JsonSchemaIndex } from './json-schema.js';
import { referenceDescriptor, wordpressDescriptor } from './testing/descriptors.js';
import type { ExportFile } from './types.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

function strictAjv(): Ajv2020 {
  // Strict, except that type lists (["string", "null"]) are valid JSON Schema that strict mode bans by default.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const indexOf = (files: ExportFile[]): JsonSchemaIndex => JSON.parse(files.find((file) => file.path === 'index.json')!.content) as JsonSchemaIndex;
const schemaFile = (files: ExportFile[], path: string): Record<string, unknown> =>
  JSON.parse(files.find((file) => file.path === path)!.content) as Record<string, unknown>;

let reference: LoadedDescriptor;
let files: ExportFile[];

beforeAll(async () => {
  reference = await referenceDescriptor();
  files = jsonSchemaExport(reference);
});

describe('JSON Schema export', () => {
  it('writes one schema file per operation plus an index that lists each with its file', () => {
    expect(files).toHaveLength(reference.operations.length + 1);
    const index = indexOf(files);
    expect(index.format).toBe(JSON_SCHEMA_INDEX_FORMAT);
    expect(index.locale).toBe('en_gb');
    expect(index.operations.map((entry) => entry.id)).toEqual(reference.operations.map((operation) => operation.id));
    const paths = new Set(files.map((file) => file.path));
    for (const entry of index.operations) expect(paths.has(entry.file)).toBe(true);
    expect(new Set(index.operations.map((entry) => entry.file)).size).toBe(index.operations.length);
  });

  it('writes schemas that ajv compiles in strict draft 2020-12 mode', () => {
    const ajv = strictAjv();
    for (const file of files.filter((candidate) => candidate.path !== 'index.json')) {
      expect(() => ajv.compile(JSON.parse(file.content) as object), file.path).not.toThrow();
    }
  });

  it('describes a request as {path, query, body}: a member create needs its three required body members', () => {
    const schema = schemaFile(files, 'post_community_v1_members.schema.json');
    expect(schema.title).toBe('POST /community/v1/members');
    expect(schema.required).toEqual(['body']);
    const validate = strictAjv().compile(schema);
    const body = { user_login: 'ada', email: 'ada@example.org', password: 'secret' };
    expect(validate({ path: {}, query: {}, body })).toBe(true);
    expect(validate({ path: {}, query: {}, body: { ...body, email: undefined } })).toBe(false);
    expect(validate({ body: { ...body, types: 'sorcerer' } })).toBe(false);
  });

  it('puts path variables under path with the route pattern, and GET parameters under query', () => {
    const validate = strictAjv().compile(schemaFile(files, 'get_community_v1_members_id.schema.json'));
    expect(validate({ path: { id: '12' }, query: { context: 'edit' } })).toBe(true);
    expect(validate({ path: { id: 'abc' }, query: {} })).toBe(false);
    expect(validate({ path: { id: '12' }, query: { context: 'everything' } })).toBe(false);
  });

  it('exports a real WordPress 6.1 descriptor without stumbling over type lists or oneOf', async () => {
    const wordpress = await wordpressDescriptor();
    const exported = jsonSchemaExport(wordpress);
    expect(indexOf(exported).locale).toBeNull();
    const ajv = strictAjv();
    for (const file of exported.filter((candidate) => candidate.path !== 'index.json')) ajv.compile(JSON.parse(file.content) as object);
    const posts = schemaFile(exported, 'get_wp_v2_posts.schema.json') as { properties: { query: { properties: Record<string, { oneOf?: unknown[] }> } } };
    expect(posts.properties.query.properties.categories?.oneOf).toHaveLength(2);
  });
});
