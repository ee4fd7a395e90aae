/**
 * Who may read what, in the auth phase against the reference server and behind faults: a members list that shows
 * anonymous callers a member whose own read refuses them (`list_exposure`), and an `X-WP-Total` that still counts
 * a member the list leaves out for them (`total_exposure`). Both quiet on the reference server.
 */
import { describe, expect, it } from 'vitest';
import { answerInstead, json, rewriteAnswers } from '../../testing/faults.js';
import { startFaultyServer, type Fault } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';
import { notesPlugin, notesState } from './testing/notes-plugin.js';
import { anonymous, faultyServerPerTest, hiddenMember as hiddenMemberOf, privateMember } from './testing/visibility-faults.js';

const SEED = 3;
const MEMBERS = /^\/community\/v1\/members$/;

const servers = faultyServerPerTest(SEED);
const hiddenMember = (): Promise<number> => hiddenMemberOf(SEED);

async function run(faults: Fault[]) {
  const server = await servers.start(faults);
  const result = await runPhase(authPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, only: /members/ });
  return result.findings.filter((finding) => finding.check === 'list_exposure' || finding.check === 'total_exposure');
}

describe('who may read what', () => {
  it('is quiet on the reference server', async () => {
    expect(await run([])).toEqual([]);
  });

  it('reports a list that shows anonymous callers a member its own read refuses them, with a curl line', async () => {
    const id = await hiddenMember();
    const findings = await run([privateMember(id)]);
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['list_exposure GET /community/v1/members']);
    expect(findings[0]!.message).toContain(`anonymous callers item ${id} (its read answered 401 rest_forbidden)`);
    expect(findings[0]!.curl.join('\n')).toMatch(/curl .*\/community\/v1\/members/);
  });

  it('reports an X-WP-Total that counts a member the list hides from anonymous callers', async () => {
    const id = await hiddenMember();
    const dropHidden: Fault = async (request, forward) => {
      if (!anonymous(request)) return forward(request);
      return rewriteAnswers('GET', MEMBERS, (answer) => {
        const members = JSON.parse(answer.body) as Array<{ id: number }>;
        return { ...answer, body: JSON.stringify(members.filter((member) => member.id !== id)) };
      })(request, forward);
    };
    const findings = await run([privateMember(id), dropHidden]);
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['total_exposure GET /community/v1/members']);
    expect(findings[0]!.message).toContain(`counts items such as ${id}`);
  });

  describe('with the items the run makes', () => {
    /** The notes plugin in front of the reference server; the findings of the two checks, the notes and the items made. */
    async function runNotes(leak?: 'list') {
      const state = notesState();
      let administrator = '';
      const server = await servers.start([notesPlugin({ administrator: () => administrator, state, leak })]);
      const { user, password } = server.credentials.admin;
      administrator = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const result = await runPhase(authPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, only: /acme\/v1\/notes/ });
      const findings = result.findings.filter((finding) => finding.check === 'list_exposure' || finding.check === 'total_exposure');
      // Who may read what runs before the access matrix: its creates come first.
      const made = Object.fromEntries(state.created.slice(0, 3).map((note) => [note.password === '' ? note.status : 'password', note.id] as const));
      return { findings, state, made };
    }

    it('makes a private, a draft and a password-protected note, is quiet where the list keeps the rule, and deletes them', async () => {
      const { findings, state, made } = await runNotes();
      expect(Object.keys(made).sort()).toEqual(['draft', 'password', 'private']);
      // A note behind a password is listed to everyone and read by everyone (its content protected): no exposure.
      expect(findings).toEqual([]);
      for (const id of Object.values(made)) expect(state.deleted.has(id)).toBe(true);
    });

    it('reports a list that shows anonymous callers the private and draft notes only the run made', async () => {
      const { findings, made } = await runNotes('list');
      expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['list_exposure GET /acme/v1/notes']);
      expect(findings[0]!.message).toContain(`${made.private} (its read answered 401 rest_forbidden)`);
      expect(findings[0]!.message).toContain(`${made.draft} (its read answered 401 rest_forbidden)`);
    });
  });
});

describe("an identity's own items", () => {
  /** As BuddyPress lists a member its notifications: the member's list holds only its own entry, whose read refuses it. */
  function ownOnlyAndRefused(member: { user: string; password: string }, memberId: number): Fault {
    const asMember = `Basic ${Buffer.from(`${member.user}:${member.password}`).toString('base64')}`;
    const byMember = (request: { headers: Record<string, string> }): boolean => request.headers.authorization === asMember;
    const ownOnly = rewriteAnswers('GET', MEMBERS, (answer) => {
      const members = JSON.parse(answer.body) as Array<{ id: number }>;
      return {
        ...answer,
        body: JSON.stringify(members.filter((entry) => entry.id === memberId)),
        headers: { ...answer.headers, 'x-wp-total': '1', 'x-wp-totalpages': '1' },
      };
    });
    const refused = answerInstead(
      'GET',
      new RegExp(`^/community/v1/members/${memberId}$`),
      json(403, { code: 'rest_forbidden', message: 'Sorry.', data: { status: 403 } }),
      byMember,
    );
    return async (request, forward) => (byMember(request) ? ownOnly(request, (inner) => refused(inner, forward)) : forward(request));
  }

  async function runWithAccounts(faults: Fault[]) {
    const server = await servers.start(faults);
    const result = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), only: /members/ });
    return result.findings.filter((finding) => ['list_exposure', 'own_item_refused', 'total_exposure'].includes(finding.check));
  }

  /** The seeded member's id and credentials on the reference server of SEED (a probe server, closed again). */
  async function seededMember(): Promise<{ id: number; credentials: { user: string; password: string } }> {
    const probe = await startFaultyServer({ seed: SEED, faults: [] });
    try {
      const { user, password } = probe.credentials.member;
      const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const me = await fetch(`${probe.restUrl('en_gb')}/community/v1/members/me`, { headers: { authorization } });
      return { id: ((await me.json()) as { id: number }).id, credentials: { user, password } };
    } finally {
      await probe.close();
    }
  }

  it('is quiet on the reference server with every seeded account', async () => {
    expect(await runWithAccounts([])).toEqual([]);
  });

  it('reports a read that refuses its owner what its list shows it as own_item_refused, not as an exposure', async () => {
    const member = await seededMember();
    const findings = await runWithAccounts([ownOnlyAndRefused(member.credentials, member.id)]);
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['own_item_refused GET /community/v1/members']);
    expect(findings[0]!.message).toMatch(/answered member\S* \(member\) its own item \d+ \(its read answered 403 rest_forbidden\)/);
  });
});
