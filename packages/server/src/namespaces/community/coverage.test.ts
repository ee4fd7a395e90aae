import { describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { handlerCoverage } from '../../handlers.js';
import { RESOURCE_MODULES } from '../index.js';
import { COMMUNITY_MODULES } from './testing/fake-request.js';

const OWNED_NAMESPACES = ['community/v1', 'oembed/1.0'];

describe('community and oEmbed modules against the contract', () => {
  it('handle every route and method the contract declares in their namespaces', () => {
    const { unhandled } = handlerCoverage(INTERFACE_CONTRACT, COMMUNITY_MODULES);
    const owned = unhandled.filter(({ route }) => OWNED_NAMESPACES.some((namespace) => route.startsWith(`/${namespace}/`)));
    expect(owned).toEqual([]);
  });

  it('handle nothing the contract does not declare', () => {
    expect(handlerCoverage(INTERFACE_CONTRACT, COMMUNITY_MODULES).unknown).toEqual([]);
  });

  it('are all in the server registry', () => {
    for (const module of COMMUNITY_MODULES) expect(RESOURCE_MODULES).toContain(module);
  });
});
