/**
 * Phase sequences on servers whose every life cycle is right but which break when things happen in another order,
 * through another locale or across families: each fault is found and reported with a shrunk sequence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../checks/types.js';
import { seededAccounts } from '../../run/run-job.js';
import type { Phase } from './phase.js';
import { sequencesPhase } from './sequences.js';
import { startFaultyServer, type Fault, type FaultyServer, type ForwardedAnswer, type ForwardedRequest } from './testing/faulty-server.js';
import { findingLines, runPhase, type PhaseRunResult } from './testing/phase-run.js';

const REST = /^\/([a-z_]+)\/wp-json(\/[^?]*)(\?.*)?$/i;

function where(request: ForwardedRequest): { locale: string; path: string; query: string } | undefined {
  const match = REST.exec(request.path);
  return match ? { locale: match[1]!, path: match[2]!, query: match[3] ?? '' } : undefined;
}

function json(status: number, body: unknown): ForwardedAnswer {
  return { status, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) };
}

/** A list's X-WP-Total kept per locale and query, and forgotten only by writes through the same locale. */
function totalStaleAcrossLocales(list: string): Fault {
  const cached = new Map<string, string>();
  return async (request, forward) => {
    const at = where(request);
    const answer = await forward(request);
    if (at === undefined || !at.path.startsWith(list)) return answer;
    if (request.method !== 'GET') {
      for (const key of [...cached.keys()]) if (key.startsWith(`${at.locale} `)) cached.delete(key);
      return answer;
    }
    if (at.path !== list || answer.status !== 200) return answer;
    const key = `${at.locale} ${at.query}`;
    const total = cached.get(key) ?? answer.headers['x-wp-total'];
    if (total !== undefined) cached.set(key, total);
    return total === undefined ? answer : { ...answer, headers: { ...answer.headers, 'x-wp-total': total } };
  };
}

/** A signup's delete that only hides it: reads, lists and totals leave it out, but its activation still works. */
function signupDeleteOnlyHides(): Fault {
  const hidden = new Set<string>();
  return async (request, forward) => {
    const at = where(request);
    const item = at === undefined ? null : /^\/community\/v1\/signup\/(\d+)$/.exec(at.path);
    if (item !== null && hidden.has(item[1]!)) return json(404, { code: 'bp_rest_invalid_id', message: 'Invalid signup id.', data: { status: 404 } });
    if (item !== null && request.method === 'DELETE') {
      const answer = await forward({ ...request, method: 'GET', body: '' });
      if (answer.status !== 200) return answer;
      hidden.add(item[1]!);
      return json(200, { deleted: true, previous: JSON.parse(answer.body) });
    }
    const answer = await forward(request);
    if (at?.path !== '/community/v1/signup' || request.method !== 'GET' || answer.status !== 200) return answer;
    const listed = JSON.parse(answer.body) as Array<{ id: number }>;
    const shown = listed.filter((signup) => !hidden.has(String(signup.id)));
    const included = new URLSearchParams(at.query).getAll('include[]');
    const total = Number(answer.headers['x-wp-total']) - included.filter((id) => hidden.has(id)).length;
    return { ...answer, headers: { ...answer.headers, 'x-wp-total': String(total) }, body: JSON.stringify(shown) };
  };
}

/** A member's block that outlives the member: its moderation item still reads, naming the deleted member. */
function blockOutlivesMember(): Fault {
  const blocks = new Map<string, { member: string; body: string }>();
  const deleted = new Set<string>();
  return async (request, forward) => {
    const at = where(request);
    const answer = await forward(request);
    if (at === undefined) return answer;
    if (request.method === 'POST' && at.path === '/community/v1/moderation' && answer.status < 300) {
      const item = JSON.parse(answer.body) as { id: number; item_id: number };
      blocks.set(String(item.id), { member: String(item.item_id), body: answer.body });
    }
    const member = /^\/community\/v1\/members\/(\d+)$/.exec(at.path);
    if (member !== null && request.method === 'DELETE' && answer.status < 300) deleted.add(member[1]!);
    const read = /^\/community\/v1\/moderation\/(\d+)$/.exec(at.path);
    const block = read === null ? undefined : blocks.get(read[1]!);
    if (request.method === 'GET' && block !== undefined && deleted.has(block.member) && answer.status === 404)
      return { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: block.body };
    return answer;
  };
}

/** The phase, drawing `count` sequences. */
function drawing(count: number): Phase {
  return { ...sequencesPhase, run: (ctx) => sequencesPhase.run({ ...ctx, settings: { ...ctx.settings, sequences: count } }) };
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
});
