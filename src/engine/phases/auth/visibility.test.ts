/**
 * Who may read what, in the auth phase against the reference server and behind faults: a members list that shows
 * anonymous callers a member whose own read refuses them (`list_exposure`), and an `X-WP-Total` that still counts
 * a member the list leaves out for them (`total_exposure`). Both quiet on the reference server.
 */
import { describe, expect, it } from 'vitest';
import { rewriteAnswers } from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { runPhase } from '../../testing/phase-run.js';
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
