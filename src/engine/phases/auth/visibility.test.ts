/**
 * Who may read what, in the auth phase against the reference server and behind faults: a members list that shows
 * anonymous callers a member whose own read refuses them (`list_exposure`), and an `X-WP-Total` that still counts
 * a member the list leaves out for them (`total_exposure`). Both quiet on the reference server.
 */
import { describe, expect, it } from 'vitest';
import { answerInstead, json, rewriteAnswers } from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';
import { faultyServerPerTest, hiddenMember as hiddenMemberOf } from './testing/hidden-member.js';

const SEED = 3;
const MEMBERS = /^\/community\/v1\/members$/;
const anonymous = (request: { headers: Record<string, string> }): boolean => request.headers.authorization === undefined;

const servers = faultyServerPerTest(SEED);
const hiddenMember = (): Promise<number> => hiddenMemberOf(SEED);

/** Anonymous reads of member `id` refused as a server that keeps the member private answers them. */
function privateMember(id: number): Fault {
  return answerInstead(
    'GET',
    new RegExp(`^/community/v1/members/${id}$`),
    json(401, { code: 'rest_forbidden', message: 'Private.', data: { status: 401 } }),
    anonymous,
  );
}

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
});
