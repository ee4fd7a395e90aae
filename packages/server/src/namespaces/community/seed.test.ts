import { describe, expect, it } from 'vitest';
import type { Store } from '../../types.js';
import { communityStore } from './testing/fake-request.js';

/** The whole store as text, Maps and Sets included, so two stores can be compared. */
function snapshot(store: Store): string {
  return JSON.stringify({ members: store.members, namespaces: store.namespaces }, (_key, value: unknown) =>
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value,
  );
}

describe('community seed', () => {
  it('gives the same data for the same seed and different data for another', () => {
    expect(snapshot(communityStore(3))).toBe(snapshot(communityStore(3)));
    expect(snapshot(communityStore(3))).not.toBe(snapshot(communityStore(4)));
  });

  it('fills every community slice', () => {
    const store = communityStore(3);
    for (const slice of ['members', 'signups', 'moderation', 'components', 'profile', 'content']) {
      expect(store.namespaces[slice], slice).toBeDefined();
    }
  });
});
