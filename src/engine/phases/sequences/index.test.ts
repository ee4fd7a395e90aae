/**
 * Phase sequences on servers whose every life cycle is right but which break when things happen in another order,
 * through another locale or across families: each fault is found and reported with a shrunk sequence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../../checks/types.js';
import { seededAccounts } from '../../../jobs/run-job.js';
import type { Phase } from '../phase.js';
import { sequencesPhase } from './index.js';
import { newMembersUnlisted } from '../../testing/buddypress-shapes.js';
import { noTotalsOnEmptyLists } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../testing/faulty-server.js';
import { blockOutlivesMember, signupDeleteOnlyHides, totalStaleAcrossLocales } from './testing/sequence-faults.js';
import { findingLines, runPhase, type PhaseRunResult } from '../../testing/phase-run.js';

/** The phase, drawing `count` sequences. */
function drawing(count: number): Phase {
  return { ...sequencesPhase, gather: (ctx) => sequencesPhase.gather({ ...ctx, settings: { ...ctx.settings, sequences: count } }) };
}

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runAgainst(faults: Fault[], count: number, seed = 5): Promise<PhaseRunResult> {
  server = await startFaultyServer({ seed, faults });
  // As `npm start` runs: the administrator and the seeded members and moderator.
  const accounts = seededAccounts(server.credentials);
  return runPhase(drawing(count), { url: server.url, locales: ['en_gb', 'el'], credentials: server.credentials.admin, accounts, seed });
}

function modelFindings(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => finding.check === 'sequence_model');
}

/** The steps of the shrunk sequence the finding names: `shortest failing sequence (N steps: a → b → …)`. */
function stepsOf(finding: Finding): number {
  const match = /shortest failing sequence \((\d+) steps:/.exec(finding.message);
  return match === null ? Infinity : Number(match[1]);
}

describe('phase sequences', () => {
  it.each<[string, Fault, RegExp]>([
    [
      'a list total left stale by a delete through the other locale',
      totalStaleAcrossLocales('/community/v1/members'),
      /X-WP-Total is 1; the model holds 0 live community\/v1 members in this list/,
    ],
    [
      'a signup activated after it was deleted',
      signupDeleteOnlyHides(),
      /activate (community\/v1 signup \d+ as \w+ \(\w+\)|it as \w+) answered 200; the model expected a refusal \(community\/v1 signup \d+ was deleted at step \d+: nothing is left to activate\)/,
    ],
    [
      'a block that outlives the member it names',
      blockOutlivesMember(),
      /community\/v1 moderation \d+ still names community\/v1 members \d+ in item_id, which was deleted/,
    ],
  ])(
    'finds %s, shrunk to at most five steps',
    async (_, fault, message) => {
      const result = await runAgainst([fault], 40);
      const findings = modelFindings(result.findings);
      expect(findingLines(findings)).toEqual([expect.stringMatching(message)]);
      expect(stepsOf(findings[0]!)).toBeLessThanOrEqual(5);
      // Every step's request is in the reproduction, one curl line each.
      expect(findings[0]!.curl.length).toBeGreaterThanOrEqual(stepsOf(findings[0]!));
    },
    240_000,
  );

  it('finds nothing on the reference server, and leaves nothing behind', async () => {
    const result = await runAgainst([], 40);
    expect(findingLines(result.findings)).toEqual([]);
    const reports = result.events.flatMap((event) => (event.type === 'sequence' ? [event.sequence] : []));
    expect(reports.map((report) => [report.outcome, report.leftovers])).toEqual([['passed', []]]);
  }, 240_000);

  it('notes a new member the members list leaves out and does not count (BuddyPress: no last activity yet), instead of failing it', async () => {
    const result = await runAgainst([newMembersUnlisted()], 40);
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.notes.filter((note) => note.includes('by a rule of its own'))).toEqual([
      'en_gb GET /community/v1/members: sequences: a new community/v1 members, right after its create, is not in its list and X-WP-Total does not count it: the list leaves it out by a rule of its own',
    ]);
  }, 240_000);

  it('notes it too when the list, narrowed to it alone, comes back empty without X-WP-Total (BuddyPress sends none for 0)', async () => {
    const result = await runAgainst([newMembersUnlisted(), noTotalsOnEmptyLists(/^\/community\/v1\/members$/)], 40);
    expect(findingLines(result.findings).filter((line) => !line.startsWith('collection_headers'))).toEqual([]);
    expect(result.notes.filter((note) => note.includes('by a rule of its own'))).toEqual([
      'en_gb GET /community/v1/members: sequences: a new community/v1 members, right after its create, is not in its list and X-WP-Total does not count it: the list leaves it out by a rule of its own',
    ]);
  }, 240_000);
});
