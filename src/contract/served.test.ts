import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RootDescriptor } from '../descriptor/types.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { contractOwnNamespaces, servedOwnNamespaces } from './served.js';

const wordpress = JSON.parse(readFileSync(new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor;

describe('the contract’s namespaces a target serves', () => {
  it('leaves out what WordPress serves by itself', () => {
    expect(contractOwnNamespaces(INTERFACE_CONTRACT)).not.toContain('oembed/1.0');
    expect(contractOwnNamespaces(INTERFACE_CONTRACT)).toContain('community/v1');
  });

  it('are none on a plain WordPress, though it serves oembed/1.0', () => {
    expect(wordpress.namespaces).toContain('oembed/1.0');
    expect(servedOwnNamespaces(wordpress, INTERFACE_CONTRACT)).toEqual([]);
  });

  it('are those listed or holding a route', () => {
    const root = { namespaces: [...wordpress.namespaces, 'seo/v1'], routes: { '/badges/x': { namespace: 'badges' } } } as unknown as RootDescriptor;
    expect(servedOwnNamespaces(root, INTERFACE_CONTRACT)).toEqual(['seo/v1', 'badges']);
  });
});
