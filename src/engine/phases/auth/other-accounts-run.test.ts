/**
 * The role probes in a whole run, as a user runs them against a server that is not the bundled one (the run then
 * writes only to what it made): the administrator and the two seeded members given as `--account`, the stateful and
 * auth phases. A server that lets a member raise its own roles is reported once, on its route, and the member ends
 * the run with the roles it began with.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../../request/index.js';
import { runJob } from '../../../jobs/run-job.js';
import { loadRunSettings } from '../../../jobs/settings.js';
import { actsAs } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';

const SEED = 3;
/** The seeded member's id on the reference server of this seed. */
const MEMBER_ID = 2;

describe('role probes in a run against a server the run does not own', () => {
  const servers: FaultyServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('reports a member raising its own roles once, on its route, and puts the roles back', async () => {
    // PATCH only, as a proxy in front of the server would let it through; carried out as the administrator.
    const server: FaultyServer = await startFaultyServer({
      seed: SEED,
      faults: [
        (request, forward) => {
          const { admin, member } = server.credentials;
          const grant = actsAs(new RegExp(`^/community/v1/members/${MEMBER_ID}$`), basicAuthorization(member), basicAuthorization(admin));
          return request.method === 'PATCH' ? grant(request, forward) : forward(request);
        },
      ],
    });
    const { admin, member, otherMember } = server.credentials;
    servers.push(server);
    const settings = loadRunSettings({
      overrides: {
        seed: SEED,
        baseUrl: server.url,
        phases: ['stateful', 'auth'],
        reportDir: null,
        user: admin.user,
        appPasswordEnv: 'RC_ADMIN',
        accounts: [
          { user: member.user, role: 'member', appPasswordEnv: 'RC_MEMBER' },
          { user: otherMember!.user, role: 'member', appPasswordEnv: 'RC_MEMBER2' },
        ],
      },
    });
    const { result } = await runJob(settings, {
      console: false,
      env: { RC_ADMIN: admin.password, RC_MEMBER: member.password, RC_MEMBER2: otherMember!.password },
    });
    const access = result!.findings.filter((finding) => finding.check.startsWith('access'));
    expect(access.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual([
      'access_role_escalation PATCH /community/v1/members/(?P<id>[\\d]+)',
    ]);
    const read = await fetch(`${server.url}/en_gb/wp-json/community/v1/members/${MEMBER_ID}?context=edit`, {
      headers: { authorization: basicAuthorization(admin) },
    });
    expect(((await read.json()) as { roles: string[] }).roles).toEqual(['subscriber']);
  });
});
