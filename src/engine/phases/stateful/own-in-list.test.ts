import { describe, expect, it } from 'vitest';
import { listTotalCached, noTotalsOnEmptyLists } from '../../testing/faults.js';
import { startFaultyServer, type Fault } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';
import { statefulPhase } from './index.js';
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
