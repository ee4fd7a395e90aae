import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededAccounts } from '../../run/run-job.js';
import { basicAuthorization } from '../../request/index.js';
import { startReferenceServer, type ReferenceServer } from '../../server/index.js';
import type { Phase } from './phase.js';
import { probeOtherAccounts } from './other-accounts.js';
import { actsAs } from './testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from './testing/faulty-server.js';
import { findingLines, runPhase } from './testing/phase-run.js';

/** Only the probes of the auth phase, so each test is quick. */
const probesOnly: Phase = {
  name: 'auth',
  description: 'other-account probes',
  checks: [],
  budgetShare: 1,
  workload: () => 0,
  skipReason: () => undefined,
  run: async (ctx) => {
    await probeOtherAccounts(ctx);
  },
};

const SEED = 3;
/** Ids of the reference server's accounts: member 2, then the seeded members, then member2 and the moderator. */
const MEMBER_ID = 2;

/** A write under `path` by `from` is carried out as `to`, but answered as a refusal: the data changes anyway. */
function refusedButApplied(path: RegExp, from: string, to: string): Fault {
  const carryOut = actsAs(path, from, to);
  return async (request, forward) => {
    if (request.headers.authorization !== from || request.method === 'GET') return forward(request);
    const answer = await carryOut(request, forward);
    if (!/\/avatar/.test(request.path) || answer.status >= 300) return answer;
    return {
      status: 403,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 403 } }),
    };
  };
}

describe('other-account probes', () => {
  let reference: ReferenceServer;
  const faulty: FaultyServer[] = [];
  let member2Id: number;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: SEED });
    member2Id = [...reference.store.members.values()].find((member) => member.user_login === reference.credentials.otherMember!.user)!.id;
  });
  afterAll(async () => {
    await Promise.all([reference.close(), ...faulty.map((server) => server.close())]);
  });

  async function withFault(fault: (member: string, admin: string) => Fault): Promise<FaultyServer> {
    const server = await startFaultyServer({
      seed: SEED,
      faults: [fault(basicAuthorization(reference.credentials.member), basicAuthorization(reference.credentials.admin))],
    });
    faulty.push(server);
    return server;
  }

  const probe = (server: { url: string; credentials: ReferenceServer['credentials'] }) =>
    runPhase(probesOnly, { url: server.url, locales: ['en_gb'], credentials: server.credentials.admin, accounts: seededAccounts(server.credentials) });

  it('finds nothing on the reference server, where every such write is refused and changes nothing', async () => {
    const result = await probe(reference);
    expect(findingLines(result.findings)).toEqual([]);
    // Both members against each other on members/{id}, avatar, cover, profile data, and each one's own roles.
    expect(result.requests).toBeGreaterThan(20);
    expect(reference.store.members.get(MEMBER_ID)!.roles).toEqual(['subscriber']);
  });

  it('fails access_other_account when a member can change another member', async () => {
    const server = await withFault((member, admin) => actsAs(new RegExp(`^/community/v1/members/${member2Id}(/|$)`), member, admin));
    const result = await probe(server);
    const lines = findingLines(result.findings);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^access_other_account failure en_gb POST \/community\/v1\/members\/\(\?P<user_id>\[\\d\]\+\)\/avatar: member \(member\) wrote member2's resource with POST .* and was not refused \(2\d\d\); a read afterwards shows the change$/,
      ),
    );
    for (const finding of result.findings) expect(finding.curl.join('\n')).not.toContain(server.credentials.member.password);
  });

  it('fails access_role_escalation when a member can make themselves administrator', async () => {
    const server = await withFault((member, admin) => actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), member, admin));
    const result = await probe(server);
    const escalation = result.findings.filter((finding) => finding.check === 'access_role_escalation');
    expect(findingLines(escalation)).toContainEqual(
      expect.stringMatching(
        /^access_role_escalation failure en_gb (POST|PUT|PATCH) \/community\/v1\/members\/\(\?P<id>\[\\d\]\+\): member \(member\) raised its own roles to administrator with .* and was not refused \(200\); a read afterwards shows the change$/,
      ),
    );
  });

  it('fails access_other_account when a refused write changed the data anyway', async () => {
    const server = await withFault((member, admin) => refusedButApplied(new RegExp(`^/community/v1/members/${member2Id}/avatar$`), member, admin));
    const result = await probe(server);
    // The avatar upload and its removal, both carried out behind a 403.
    expect(findingLines(result.findings).sort()).toEqual([
      expect.stringMatching(
        /^access_other_account failure en_gb DELETE \/community\/v1\/members\/\(\?P<user_id>\[\\d\]\+\)\/avatar: member \(member\) was refused \(403 rest_forbidden\) when it wrote member2's resource with DELETE .*, yet a read afterwards shows a change$/,
      ),
      expect.stringMatching(
        /^access_other_account failure en_gb POST \/community\/v1\/members\/\(\?P<user_id>\[\\d\]\+\)\/avatar: member \(member\) was refused \(403 rest_forbidden\) when it wrote member2's resource with POST .*, yet a read afterwards shows a change$/,
      ),
    ]);
  });
});
