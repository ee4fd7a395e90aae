/**
 * `_embed` held to each identity's own reads, in the auth phase: a members list whose items link a member anonymous
 * callers may not read (`embeddable: true`) and embed it whole for them fails `embed_exposure` with a curl line; the
 * same list embedding WordPress's error object instead (an embed made with the caller's own permissions) is quiet,
 * and so is the reference server (its answers carry no links to embed, so nothing is sent for it).
 */
import { describe, expect, it } from 'vitest';
import type { Fault } from '../../testing/faulty-server.js';
import { runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';
import { linksFriend as linksFriendAt, privateMemberLeftOut as privateMember, REFUSED } from './testing/embed-faults.js';
import { faultyServerPerTest, hiddenMember as hiddenMemberOf } from './testing/visibility-faults.js';

const SEED = 3;
const CHECK = 'embed_exposure';

const servers = faultyServerPerTest(SEED);
const hiddenMember = (): Promise<number> => hiddenMemberOf(SEED);
const linksFriend = (id: number, embedAnonymous: (href: string) => unknown, sent: string[]): Fault =>
  linksFriendAt(id, embedAnonymous, (locale) => servers.current().restUrl(locale), sent);

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
