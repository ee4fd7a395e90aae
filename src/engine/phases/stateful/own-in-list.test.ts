import { describe, expect, it } from 'vitest';
import { listTotalCached, noTotalsOnEmptyLists } from '../../testing/faults.js';
import { startFaultyServer, type Fault } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';
import { statefulPhase } from './index.js';
import { defaultNarrowing } from './own-in-list.js';
import { fakeOperation } from '../../../checks/testing/exchange-builders.js';
import type { ResourceFamily } from '../../../resources/index.js';
import { anotherWriter } from './testing/another-writer.js';

/** The stateful phase against a server with `faults`, another writer making and deleting resources before each list read. */
async function withAnotherWriter(faults: Fault[]): Promise<{ lines: string[]; writes: Map<string, number> }> {
  const writer = anotherWriter();
  const server = await startFaultyServer({ seed: 3, faults: [writer.fault, ...faults] });
  try {
    const result = await runPhase(statefulPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
    return { lines: findingLines(result.findings.filter((finding) => finding.check === 'list_total')), writes: writer.done };
  } finally {
    await server.close();
  }
}

describe('the run judges the lists by what it can attribute to itself', () => {
  it('blames no list total on the server while another writer makes and deletes resources between its reads', async () => {
    const { lines, writes } = await withAnotherWriter([]);
    // The other writer did write to every list whose life cycle counts totals: members, signups, profile groups.
    expect([...writes.keys()].sort()).toEqual(['/community/v1/members', '/community/v1/profile/groups', '/community/v1/signup']);
    expect(lines).toEqual([]);
  });

  it("still fires on a total that is wrong for the run's own resource, whatever the other writer does", async () => {
    const { lines } = await withAnotherWriter([listTotalCached(/^\/community\/v1\/profile\/groups$/)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^list_total failure en_gb GET \/community\/v1\/profile\/groups: community\/v1 profile\/groups life cycle \(en_gb\): X-WP-Total went from (\d+) to \1 after one create \(the list narrowed by its search token\)$/,
    );
  });
});

describe('the collections phase with another writer on the server', () => {
  it('blames no relation between list reads on the server while another writer changes the lists between them', async () => {
    const { collectionsPhase } = await import('../collections/index.js');
    const writer = anotherWriter();
    const server = await startFaultyServer({ seed: 3, faults: [writer.fault] });
    try {
      const result = await runPhase(collectionsPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
      expect(writer.done.size).toBe(3);
      expect(findingLines(result.findings.filter((finding) => finding.severity === 'failure'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('still judges what one answer shows on its own: an empty list without its totals', async () => {
    const { collectionsPhase } = await import('../collections/index.js');
    const writer = anotherWriter();
    const server = await startFaultyServer({ seed: 3, faults: [writer.fault, noTotalsOnEmptyLists(/^\/community\/v1\/members$/)] });
    try {
      const result = await runPhase(collectionsPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin });
      expect(findingLines(result.findings.filter((finding) => finding.severity === 'failure'))).toEqual([
        expect.stringMatching(
          /^collection_headers failure en_gb GET \/community\/v1\/members: an empty list answer has no X-WP-Total and X-WP-TotalPages headers$/,
        ),
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("a list's declared defaults, for one new item", () => {
  const list = fakeOperation('GET', '/community/v1/notifications', {
    component_name: { type: 'string', default: 'xprofile', required: false },
    component_action: { type: 'array', items: { type: 'string', enum: ['new_field', 'updated'] }, default: ['new_field'], required: false },
    type: { type: 'string', default: 'comment', required: false },
    user_login: { type: 'string', default: '', required: false },
    order_by: { type: 'string', default: 'last_updated', required: false },
    status: { type: 'string', default: 'publish', required: false },
    profile_group_id: { type: 'integer', default: 1, required: false },
  });
  const family = { list: { filters: { profile_group_id: 'group_id' } } } as unknown as ResourceFamily;

  it("sets each argument whose non-empty default leaves out the item's value to that value", () => {
    expect(defaultNarrowing(list, family, { component_name: 'activity', component_action: 'updated' })).toEqual({
      query: { component_name: 'activity', component_action: ['updated'] },
      unsettable: [],
    });
  });

  it('leaves alone the values the default holds, empty defaults, arguments that shape the answer, and the filters the life cycle sets', () => {
    const values = { component_name: 'xprofile', component_action: ['new_field'], user_login: 'someone', order_by: 'id', status: 'draft', profile_group_id: 7 };
    expect(defaultNarrowing(list, family, values)).toEqual({ query: {}, unsettable: [] });
    // A list argument the create does not write (WordPress's comments `type`) says nothing.
    expect(defaultNarrowing(list, family, {})).toEqual({ query: {}, unsettable: [] });
  });

  it('names a default that cannot be set to the value (outside its enum)', () => {
    expect(defaultNarrowing(list, family, { component_action: 'deleted' })).toEqual({ query: {}, unsettable: ['component_action=["new_field"]'] });
  });
});
