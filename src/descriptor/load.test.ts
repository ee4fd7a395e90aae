import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDescriptor } from './load.js';
import type { RootDescriptor } from './types.js';
import { validateRootDescriptor } from './validate.js';

const realIndex = validateRootDescriptor(JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')));

function descriptor(routes: RootDescriptor['routes']): RootDescriptor {
  return { name: 'S', description: '', url: 'u', home: 'h', gmt_offset: '0', timezone_string: '', namespaces: [], authentication: [], routes };
}

describe('loadDescriptor', () => {
  it('makes one operation per method of every route of the real index', () => {
    const loaded = loadDescriptor(realIndex, null, 'http://127.0.0.1:8089/wp-json/');
    const expected = Object.values(realIndex.routes).reduce((n, route) => n + new Set(route.endpoints.flatMap((e) => e.methods)).size, 0);
    expect(loaded.operations).toHaveLength(expected);
    expect(loaded.warnings).toEqual([]);
    const ids = loaded.operations.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('- DELETE /wp/v2/posts/(?P<id>[\\d]+)');
    const batch = loaded.operations.find((op) => op.id === '- POST /batch/v1');
    expect(batch?.namespace).toBe('');
    expect(Object.keys(batch?.args ?? {})).toEqual(['validation', 'requests']);
  });

  it('takes allow_batch, namespace, locale and the parsed pattern from the route', () => {
    const loaded = loadDescriptor(realIndex, 'en_gb', 'src');
    const createPost = loaded.operations.find((op) => op.id === 'en_gb POST /wp/v2/posts');
    expect(createPost?.allowBatch).toBe(true);
    expect(createPost?.locale).toBe('en_gb');
    expect(createPost?.namespace).toBe('wp/v2');
    expect(createPost?.pattern.template).toBe('/wp/v2/posts');
    expect(loaded.operations.find((op) => op.id === 'en_gb GET /wp/v2/types')?.allowBatch).toBe(false);
  });

  it('lets the first endpoint serving a method win, and turns args [] into {}', () => {
    const loaded = loadDescriptor(
      descriptor({
        '/x/v1/things': {
          namespace: 'x/v1',
          methods: ['GET', 'POST', 'POST', 'PUT'],
          endpoints: [
            { methods: ['GET'], args: [] },
            { methods: ['POST'], args: { first: { type: 'string', required: true } }, allow_batch: { v1: true } },
            { methods: ['POST', 'PUT'], args: { second: { type: 'string', required: false } } },
          ],
        },
      }),
      null,
      'file',
    );
    expect(loaded.operations.map((op) => [op.method, Object.keys(op.args), op.allowBatch])).toEqual([
      ['GET', [], false],
      ['POST', ['first'], true],
      ['PUT', ['second'], false],
    ]);
  });

  it('skips a route it cannot parse with a warning, and keeps the rest', () => {
    const loaded = loadDescriptor(
      descriptor({
        '/x/v1/(?P<id>\\d++)': { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] },
        '/x/v1/ok': { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] },
      }),
      'el',
      'file',
    );
    expect(loaded.operations.map((op) => op.id)).toEqual(['el GET /x/v1/ok']);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).toMatch(/^skipped route "\/x\/v1\/\(\?P<id>\\\\d\+\+\)": possessive/);
  });
});
