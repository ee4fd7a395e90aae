import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceDescriptor, wordpressDescriptor } from './testing/descriptors.js';
import { REQUEST_MAP_TYPE, typeScriptExport } from './typescript.js';
import { schemaForTypeScript } from './typescript-schema.js';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Uses of the reference types: what must compile, and (`@ts-expect-error`) what must not. */
const USAGE = `
import type { GetCommunityV1MembersIdPath, PostCommunityV1MembersBody, ${REQUEST_MAP_TYPE} } from './reference-types.js';

export const created: PostCommunityV1MembersBody = { user_login: 'ada', email: 'ada@example.org', password: 'pw', types: 'scientist' };
// @ts-expect-error email is required on create
export const missing: PostCommunityV1MembersBody = { user_login: 'ada', password: 'pw' };
// @ts-expect-error types is one of four member types
export const wizard: PostCommunityV1MembersBody = { user_login: 'ada', email: 'ada@example.org', password: 'pw', types: 'wizard' };
export const list: ${REQUEST_MAP_TYPE}['en_gb GET /community/v1/members']['query'] = { per_page: 5, include: [1, 2], context: 'edit' };
// @ts-expect-error include is a list of integers
export const badList: ${REQUEST_MAP_TYPE}['en_gb GET /community/v1/members']['query'] = { include: ['a'] };
export const path: GetCommunityV1MembersIdPath = { id: '12' };
`;

let dir: string;
let referenceTypes: string;
let wordpressTypes: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restconform-types-'));
  referenceTypes = await typeScriptExport(await referenceDescriptor());
  wordpressTypes = await typeScriptExport(await wordpressDescriptor());
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('TypeScript export', () => {
  it('compiles with tsc --noEmit --strict, and the types accept valid requests and reject invalid ones', async () => {
    await writeFile(join(dir, 'reference-types.ts'), referenceTypes);
    await writeFile(join(dir, 'wordpress-types.ts'), wordpressTypes);
    await writeFile(join(dir, 'usage.ts'), USAGE);
    const args = [
      TSC,
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      'reference-types.ts',
      'wordpress-types.ts',
      'usage.ts',
    ];
    const result = await promisify(execFile)(process.execPath, args, { cwd: dir }).then(
      () => ({ code: 0, output: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, output: error.stdout }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('writes one interface per request part and a map from operation id to parts', () => {
    expect(referenceTypes).toMatch(/^\/\* Request types of http:\/\/127\.0\.0\.1:\d+\/en_gb\/wp-json\/ \(locale en_gb\)/);
    expect(referenceTypes).toContain('export interface GetCommunityV1MembersQuery {');
    expect(referenceTypes).toContain('export interface PostCommunityV1MembersBody {');
    expect(referenceTypes).toContain('export interface GetCommunityV1MembersIdPath {');
    expect(referenceTypes).toContain(`export interface ${REQUEST_MAP_TYPE} {`);
    expect(referenceTypes).toMatch(
      /"en_gb DELETE \/community\/v1\/members\/\(\?P<id>\[\\\\d\]\+\)": \{\s+path: DeleteCommunityV1MembersIdPath;\s+body: DeleteCommunityV1MembersIdBody;/,
    );
  });
});

describe('schemaForTypeScript', () => {
  it('moves a default into the description', () => {
    expect(schemaForTypeScript({ type: 'array', items: { type: 'string' }, default: 'publish', description: 'Statuses.' })).toEqual({
      type: 'array',
      items: { type: 'string' },
      description: 'Statuses.\n\nDefault: "publish".',
    });
  });

  it('drops a type list that oneOf branches repeat, and branches that only constrain', () => {
    const converted = schemaForTypeScript({
      type: ['object', 'array'],
      oneOf: [{ type: 'array', items: { type: 'integer', default: 1 } }, { type: 'object' }],
      anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
    });
    expect(converted).toEqual({ oneOf: [{ type: 'array', items: { type: 'integer', description: 'Default: 1.' } }, { type: 'object' }] });
  });

  it('keeps the type when a branch has none of its own', () => {
    expect(schemaForTypeScript({ type: 'string', oneOf: [{ enum: ['a'] }, { type: 'string' }] })).toEqual({
      type: 'string',
      oneOf: [{ enum: ['a'] }, { type: 'string' }],
    });
  });
});
