/**
 * Fields a caller may not set, in the auth phase: a member's update of its own account that carries
 * `registered_date` (readonly in the members schema) must leave it as it was. Quiet on the reference server, which
 * ignores what the update does not declare as WordPress does; a server that stores it fails
 * `readonly_field_write` with a curl reproduction; so does one that stores an e-mail address (`edit`-only) that the
 * member's own reads never show it, while a member that reads its own address is not tested on it.
 */
import { describe, expect, it } from 'vitest';
import { restPath } from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import { basicAuthorization } from '../../../request/index.js';
import { authPhase } from './index.js';
import { storesField } from './testing/readonly-faults.js';
import { faultyServerPerTest } from './testing/visibility-faults.js';

const SEED = 3;
const CHECK = 'readonly_field_write';
const MEMBER = /^\/community\/v1\/members\/(\d+|me)$/;

const servers = faultyServerPerTest(SEED);
const administrator = (): string => basicAuthorization(servers.current().credentials.admin);

async function run(faults: Fault[]) {
  const server = await servers.start(faults);
  const result = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), answerSchemas: true, only: /members/ });
  return { result, findings: result.findings.filter((finding) => finding.check === CHECK) };
}

describe('fields a caller may not set', () => {
  it('is quiet on the reference server, and sends the writes', async () => {
    const writes: string[] = [];
    const recordWrites: Fault = async (request, forward) => {
      const where = restPath(request);
      if (request.method !== 'GET' && where !== undefined && MEMBER.test(where.path) && request.body.includes('registered_date')) writes.push(where.path);
      return forward(request);
    };
    const { findings } = await run([recordWrites]);
    expect(findings).toEqual([]);
    // Each member's own account at `members/{id}` and at `members/me`.
    expect(writes).toContain('/community/v1/members/me');
    expect(writes.some((path) => /\/members\/\d+$/.test(path))).toBe(true);
  });

  it("reports a member's update of itself that stores its readonly registered_date, with a curl line", async () => {
    const { findings } = await run([storesField('registered_date', administrator)]);
    // At `members/{id}` and at `members/me`, each a finding of its own.
    expect(findings.map((finding) => `${finding.method} ${finding.route}`)).toEqual([
      String.raw`PATCH /community/v1/members/(?P<id>[\d]+)`,
      'PATCH /community/v1/members/me',
    ]);
    expect(findings.every((finding) => finding.severity === 'failure')).toBe(true);
    expect(findings[0]!.message).toMatch(
      /as member \(member\) \(answered 200\) stored registered_date \(readonly in the item schema\) from "[^"]+" to "2001-02-03T04:05:06"/,
    );
    // The administrator's read before, the member's write, the read after.
    expect(findings[0]!.curl).toHaveLength(3);
    expect(findings[0]!.curl[1]).toMatch(/curl .*-X (PATCH|POST|PUT) .*\/community\/v1\/members\/.*registered_date/s);
  });

  it("reports a member's update of itself that stores an edit-only e-mail address its own reads never show it", async () => {
    const { findings } = await run([storesField('email', administrator, true)]);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message).toMatch(/stored email \(shown only in edit context, never to it\) from "[^"]+" to "readonly-field@restconform.invalid"/);
  });

  it('sends no edit-only field the member reads itself (its own e-mail address)', async () => {
    const { findings } = await run([storesField('email', administrator)]);
    expect(findings).toEqual([]);
  });
});
