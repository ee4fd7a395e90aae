import { beforeAll, describe, expect, it } from 'vitest';
import { diffDescriptorWithContract } from '../contract/diff.js';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { parseContract, serializeContract } from '../contract/io.js';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { contractFromDescriptors } from './contract.js';
import { referenceDescriptor, wordpressDescriptor } from './testing/descriptors.js';

let english: LoadedDescriptor;
let greek: LoadedDescriptor;

beforeAll(async () => {
  [english, greek] = await Promise.all([referenceDescriptor('en_gb'), referenceDescriptor('el')]);
});

describe('contractFromDescriptors', () => {
  it('derives a contract the reference descriptor matches without a single difference', () => {
    const contract = contractFromDescriptors([english, greek]);
    expect(contract.locales).toEqual(['en_gb', 'el']);
    expect(contract.routes.map((route) => route.route)).toEqual(Object.keys(english.root.routes));
    expect(diffDescriptorWithContract(english.root, contract)).toEqual([]);
  });

  it('round-trips through the contract file format that --contract FILE reads', () => {
    const contract = contractFromDescriptors([english]);
    expect(parseContract(serializeContract(contract), 'derived.json')).toEqual(contract);
  });

  it('agrees with the built-in contract on every documented route of the reference server', () => {
    const derived = contractFromDescriptors([english]);
    const documented = INTERFACE_CONTRACT.routes.map((route) => route.route);
    expect(derived.routes.map((route) => route.route).filter((route) => documented.includes(route))).toEqual(documented);
    const members = derived.routes.find((route) => route.route === '/community/v1/members')!;
    expect(members.endpoints.find((endpoint) => endpoint.methods.includes('POST'))).toMatchObject({
      allowBatch: true,
      args: { email: { type: 'string', format: 'email', required: true } },
    });
  });

  it('drops keywords the contract format has no place for and leaves undescribed what the descriptor left undescribed', async () => {
    const wordpress = await wordpressDescriptor();
    const contract = contractFromDescriptors([wordpress]);
    expect(contract.locales).toEqual([]);
    expect(contract.routes).toHaveLength(Object.keys(wordpress.root.routes).length);
    const categories = contract.routes.find((route) => route.route === '/wp/v2/posts')!.endpoints[0]!.args.categories!;
    expect(JSON.stringify(categories)).not.toContain('"title"');
    expect(categories.oneOf).toHaveLength(2);
    const descriptions = contract.routes.flatMap((route) => route.endpoints.flatMap((endpoint) => Object.values(endpoint.args).map((arg) => arg.description)));
    expect(descriptions.filter((description) => description !== undefined).every((description) => description.length > 0)).toBe(true);
    // WordPress serves the root's `context` without a description; the contract does not invent one.
    expect(contract.routes.find((route) => route.route === '/')!.endpoints[0]!.args.context).toEqual({ default: 'view', required: false });
  });
});
