/**
 * `_embed` held to each identity's own reads, in the auth phase: a members list whose items link a member anonymous
 * callers may not read (`embeddable: true`) and embed it whole for them fails `embed_exposure` with a curl line; the
 * same list embedding WordPress's error object instead (an embed made with the caller's own permissions) is quiet,
 * and so is the reference server (its answers carry no links to embed, so nothing is sent for it).
 */
import { describe, expect, it } from 'vitest';
import { answerInstead, json, restPath } from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';
import { faultyServerPerTest, hiddenMember as hiddenMemberOf } from './testing/visibility-faults.js';

const SEED = 3;
const CHECK = 'embed_exposure';
const MEMBERS = /^\/community\/v1\/members$/;
const anonymous = (request: { headers: Record<string, string> }): boolean => request.headers.authorization === undefined;
const REFUSED = { code: 'rest_forbidden', message: 'Private.', data: { status: 401 } };

const servers = faultyServerPerTest(SEED);
const hiddenMember = (): Promise<number> => hiddenMemberOf(SEED);

/** Anonymous reads of member `id` refused, and the member left out of their lists, as a server that keeps it private. */
function privateMember(id: number): Fault[] {
  const refuseRead = answerInstead('GET', new RegExp(`^/community/v1/members/${id}$`), json(401, REFUSED), anonymous);
  const leaveOut: Fault = async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (!anonymous(request) || request.method !== 'GET' || where === undefined || !MEMBERS.test(where.path) || answer.status !== 200) return answer;
    const members = JSON.parse(answer.body) as Array<{ id: number }>;
    return { ...answer, body: JSON.stringify(members.filter((member) => member.id !== id)) };
  };
  return [refuseRead, leaveOut];
}

/**
 * Every member of a list links member `id` as a `friend` that `_embed` embeds; asked with `_embed`, anonymous
 * callers get `embedAnonymous` for it (the member itself, or the error object a correct server answers).
 */
function linksFriend(id: number, embedAnonymous: (href: string) => unknown, sent: string[]): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = restPath(request);
    if (request.method !== 'GET' || where === undefined || !MEMBERS.test(where.path) || answer.status !== 200) return answer;
    const href = `${servers.current().restUrl(where.locale)}/community/v1/members/${id}`;
    const embed = /[?&]_embed(=|&|$)/.test(where.query ?? '');
    if (embed) sent.push(`${anonymous(request) ? 'anonymous' : 'signed in'} ${where.query}`);
    const members = JSON.parse(answer.body) as Array<Record<string, unknown>>;
    const linked = members.map((member) => ({
      ...member,
      _links: { self: [{ href: `${href.replace(/\d+$/, '')}${String(member.id)}` }], friend: [{ href, embeddable: true }] },
      ...(embed && anonymous(request) ? { _embedded: { friend: [embedAnonymous(href)] } } : {}),
    }));
    return { ...answer, body: JSON.stringify(linked) };
  };
}

async function run(faults: Fault[]) {
  const server = await servers.start(faults);
  const result = await runPhase(authPhase, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, only: /members/ });
  return result.findings.filter((finding) => finding.check === CHECK);
}

describe('_embed held to who may read what', () => {
  it('is quiet on the reference server', async () => {
    expect(await run([])).toEqual([]);
  });

  it('reports a list that embeds for anonymous callers a member its own read refuses them, with a curl line', async () => {
    const id = await hiddenMember();
    const sent: string[] = [];
    const member = (href: string): unknown => ({ id, name: 'Hidden member', _links: { self: [{ href }] } });
    const findings = await run([linksFriend(id, member, sent), ...privateMember(id)]);
    expect(sent.some((query) => query.startsWith('anonymous'))).toBe(true);
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['embed_exposure GET /community/v1/members']);
    expect(findings[0]!.message).toContain(`anonymous callers in _embedded an item its own read refuses`);
    expect(findings[0]!.message).toContain(`/community/v1/members/${id} under friend (its read answered 401 rest_forbidden)`);
    expect(findings[0]!.curl[0]).toMatch(/curl .*\/community\/v1\/members\?.*_embed=1/);
  });

  it('is quiet on a list that embeds the error object WordPress answers for an embed the caller may not have', async () => {
    const id = await hiddenMember();
    const sent: string[] = [];
    const findings = await run([linksFriend(id, () => REFUSED, sent), ...privateMember(id)]);
    expect(sent.some((query) => query.startsWith('anonymous'))).toBe(true);
    expect(findings).toEqual([]);
  });
});
