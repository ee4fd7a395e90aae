import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../../request/index.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import type { Phase } from '../phase.js';
import { probeOtherAccounts } from './other-accounts.js';
import { INTERRUPTED } from '../../execution/control.js';
import { authPhase } from './index.js';
import { actsAs, rewriteAnswers } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, findingLines, runPhase } from '../../testing/phase-run.js';

/** Only the probes of the auth phase, so each test is quick. */
const probesOnly: Phase = {
  name: 'auth',
  description: 'other-account probes',
  checks: [],
  budgetShare: 1,
  workload: () => 0,
  skipReason: () => undefined,
  gather: async (ctx) => {
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

/** A fault that applies only to requests in `locale`: the same route in the other locale behaves. */
function inLocale(locale: string, fault: Fault): Fault {
  return (request, forward) => (request.path.startsWith(`/${locale}/`) ? fault(request, forward) : forward(request));
}

/** Answers of GETs under `path` carry a `last_updated` that moves on every read (BuddyPress's time of the read). */
function movingTime(path: RegExp): Fault {
  let reads = 0;
  return rewriteAnswers('GET', path, (answer) => {
    reads += 1;
    const stamp = `2026-01-01T00:00:${String(reads % 60).padStart(2, '0')}`;
    const json = JSON.parse(answer.body) as Record<string, unknown>;
    return { ...answer, body: JSON.stringify({ ...json, last_updated: stamp }) };
  });
}

/** The member's writes to `members/me` are carried out as `to` at `members/{id}`: a server that guards only `members/{id}`. */
function meUnguarded(from: string, to: string, id: number): Fault {
  return (request, forward) => {
    if (request.method === 'GET' || request.headers.authorization !== from || !/\/community\/v1\/members\/me(\?|$)/.test(request.path)) return forward(request);
    return forward({ ...request, path: request.path.replace('/members/me', `/members/${id}`), headers: { ...request.headers, authorization: to } });
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

  const probe = (server: { url: string; credentials: ReferenceServer['credentials'] }) => runPhase(probesOnly, asAdministratorWithSeededAccounts(server));

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

  /** The member's roles as the administrator reads them from `server`. */
  async function memberRoles(server: { url: string; credentials: ReferenceServer['credentials'] }): Promise<string[]> {
    const answer = await fetch(`${server.url}/en_gb/wp-json/community/v1/members/${MEMBER_ID}?context=edit`, {
      headers: { authorization: basicAuthorization(server.credentials.admin) },
    });
    return ((await answer.json()) as { roles: string[] }).roles;
  }

  it('reports an escalation granted once on its route only, and puts the roles back at once', async () => {
    // Granted in en_gb only: the same route in el refuses a member, and must not be blamed for the en_gb grant.
    const server = await withFault((member, admin) => inLocale('en_gb', actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), member, admin)));
    const result = await probe(server);
    expect(findingLines(result.findings)).toEqual([
      expect.stringMatching(
        /^access_role_escalation failure en_gb PATCH \/community\/v1\/members\/\(\?P<id>\[\\d\]\+\): member \(member\) raised its own roles to administrator/,
      ),
    ]);
    expect(result.notes).toContainEqual(
      expect.stringMatching(/member's roles changed from \[subscriber\] to \[administrator\]; the administrator put them back$/),
    );
    expect(await memberRoles(server)).toEqual(['subscriber']);
  });

  it('stops the probes of an account whose roles cannot be put back, naming it', async () => {
    const server = await withFault((member, admin) => {
      const grant = inLocale('en_gb', actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), member, admin));
      // The administrator's writes to the member are refused: its roles stay raised.
      const refuseRestore: Fault = (request, forward) =>
        request.headers.authorization === admin && request.method !== 'GET' && new RegExp(`/members/${MEMBER_ID}(\\?|$)`).test(request.path)
          ? Promise.resolve({
              status: 403,
              headers: { 'content-type': 'application/json' },
              body: '{"code":"rest_forbidden","message":"no","data":{"status":403}}',
            })
          : grant(request, forward);
      return refuseRestore;
    });
    const result = await probe(server);
    expect(result.notes).toContainEqual(expect.stringMatching(/member's roles changed .* and could not be put back: member takes part in no further probe$/));
    // The member's later probes (el, members/me) were not sent, so nothing is blamed on them.
    expect(findingLines(result.findings)).toEqual([expect.stringMatching(/^access_role_escalation failure en_gb PATCH /)]);
  });

  it("catches a server that guards members/{id} and forgets members/me, through the member's own credentials", async () => {
    const server = await withFault((member, admin) => meUnguarded(member, admin, MEMBER_ID));
    const result = await probe(server);
    expect(findingLines(result.findings)).toContainEqual(
      expect.stringMatching(
        /^access_role_escalation failure en_gb (POST|PUT|PATCH) \/community\/v1\/members\/me: member \(member\) raised its own roles to administrator through its own credentials with .* and was not refused \(200\); a read afterwards shows the change$/,
      ),
    );
    expect(await memberRoles(server)).toEqual(['subscriber']);
  });

  it('judges a refused write that changed data beside a field that moves on every read', async () => {
    const server = await withFault((member, admin) => {
      const applied = refusedButApplied(new RegExp(`^/community/v1/members/${member2Id}/avatar$`), member, admin);
      const moving = movingTime(new RegExp(`^/community/v1/members/${member2Id}/avatar$`));
      return (request, forward) => moving(request, (inner) => applied(inner, forward));
    });
    const result = await probe(server);
    expect(findingLines(result.findings).filter((line) => line.includes('yet a read afterwards shows a change'))).toHaveLength(2);
  });

  it('finds nothing when only a field that moves on every read differs', async () => {
    const server = await withFault(() => movingTime(/^\/community\/v1\/members\/\d+(\/avatar|\/cover)?$/));
    const result = await probe(server);
    expect(findingLines(result.findings)).toEqual([]);
  });

  it('sends the probes first in the auth phase, even when its share of the time budget is spent', async () => {
    const server = await withFault((member, admin) => actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), member, admin));
    const spent: Phase = {
      ...authPhase,
      gather: async (ctx) => {
        ctx.execution.limitPhase(Date.now() - 1);
        await authPhase.gather(ctx);
      },
    };
    const result = await runPhase(spent, asAdministratorWithSeededAccounts(server));
    expect(result.findings.map((finding) => finding.check)).toContain('access_role_escalation');
    expect(await memberRoles(server)).toEqual(['subscriber']);
  });

  it('makes the run incomplete when the probes could not be sent', async () => {
    let incomplete: readonly string[] = [];
    const interrupted: Phase = {
      ...authPhase,
      gather: async (ctx) => {
        ctx.execution.control.stop(INTERRUPTED);
        await authPhase.gather(ctx);
        incomplete = ctx.execution.incompleteWork;
      },
    };
    await runPhase(interrupted, asAdministratorWithSeededAccounts(reference));
    expect(incomplete).toEqual([
      expect.stringMatching(/^\d+ account probes \(other accounts' resources, own roles\) not sent$/),
      expect.stringMatching(/^who may read what not judged for \/community\/v1\/members, /),
      expect.stringMatching(/^lists narrowed to hidden parents not judged for \/community\/v1\/moderation, /),
      expect.stringMatching(/^searches on hidden fields not judged for \/community\/v1\/members, /),
      expect.stringMatching(/^\d+ writes of the access matrix not sent as every identity/),
    ]);
  });

  it("on a target the run does not own, makes the other member's field data first, reports its overwrite and puts member2's data back", async () => {
    const dataOf = (id: number) => new RegExp(`^/community/v1/profile/\\d+/data/${id}$`);
    const server = await withFault((member, admin) => actsAs(dataOf(member2Id), member, admin));
    // The first field that is not required is the one written: what member2 holds there is the same afterwards.
    const held = async (): Promise<unknown> => {
      const answer = await fetch(`${server.url}/en_gb/wp-json/community/v1/profile/2/data/${member2Id}`, {
        headers: { authorization: basicAuthorization(server.credentials.admin) },
      });
      return ((await answer.json()) as { value: unknown }).value;
    };
    const before = await held();
    const result = await runPhase(probesOnly, { ...asAdministratorWithSeededAccounts(server), ownedWritesOnly: true });
    expect(findingLines(result.findings)).toContainEqual(
      expect.stringMatching(
        /^access_other_account failure en_gb (POST|PUT|PATCH) \/community\/v1\/profile\/\(\?P<field_id>\[\\d\]\+\)\/data\/\(\?P<user_id>\[\\d\]\+\): member \(member\) wrote member2's resource with .* and was not refused \(2\d\d\); a read afterwards shows the change$/,
      ),
    );
    // member2's data written for the probes is gone again.
    expect(result.notes.filter((note) => note.includes('could not be put back'))).toEqual([]);
    expect(await held()).toEqual(before);
  });

  it('tries every update method: a server that refuses PATCH and grants POST is caught', async () => {
    const server = await withFault((member, admin) => {
      const grant = actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), member, admin);
      return (request, forward) => (request.method === 'POST' ? grant(request, forward) : forward(request));
    });
    const result = await probe(server);
    expect(findingLines(result.findings)).toEqual([
      expect.stringMatching(/^access_role_escalation failure en_gb POST \/community\/v1\/members\/\(\?P<id>\[\\d\]\+\): /),
    ]);
    expect(await memberRoles(server)).toEqual(['subscriber']);
  });
});
