/**
 * Writes judged by their effect, against a plugin in front of the reference server whose routes change its
 * settings, delete its list of managers, grant a named account a capability and delete an entry: each open to
 * anyone fails under `unauthorised_write_effect` with a curl reproduction; the same routes guarded are quiet; and
 * every account ends the run with the rights it began with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../../checks/types.js';
import { basicAuthorization } from '../../../request/index.js';
import { authPhase } from './index.js';
import type { Phase } from '../phase.js';
import { restPath } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer, type ForwardedAnswer, type ForwardedRequest } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, findingLines, runPhase, type PhaseRunResult } from '../../testing/phase-run.js';
import { ACME_CAPABILITY, acmePlugin, acmeState, type AcmeRoute, type AcmeState } from './testing/plugin-faults.js';

const SEED = 3;
const CHECK = 'unauthorised_write_effect';

interface Rights {
  roles: string[];
  extra: Record<string, boolean>;
}

describe('writes judged by their effect', () => {
  let server: FaultyServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** The roles and extra capabilities of every account of the run, as the administrator reads them. */
  async function rightsOfEveryAccount(target: FaultyServer): Promise<Record<string, Rights>> {
    const admin = basicAuthorization(target.credentials.admin);
    const answer = await fetch(`${target.url}/en_gb/wp-json/community/v1/members?context=edit&per_page=100`, { headers: { authorization: admin } });
    const members = (await answer.json()) as Array<{ id: number; user_login: string }>;
    const rights: Record<string, Rights> = {};
    // The run's own accounts: the matrix's administrator may delete other members.
    const own = new Set(Object.values(target.credentials).flatMap((credentials) => (credentials === undefined ? [] : [credentials.user])));
    for (const { id, user_login: login } of members.filter((member) => own.has(member.user_login))) {
      const item = await fetch(`${target.url}/en_gb/wp-json/community/v1/members/${id}?context=edit`, { headers: { authorization: admin } });
      const body = (await item.json()) as { roles: string[]; extra_capabilities: Record<string, boolean> };
      rights[login] = { roles: body.roles, extra: body.extra_capabilities };
    }
    expect(Object.keys(rights).length).toBeGreaterThanOrEqual(4);
    return rights;
  }

  async function runAgainst(
    open: readonly AcmeRoute[],
    state: AcmeState,
    more: (target: () => FaultyServer) => Fault[] = () => [],
    only = /acme\/v1/,
    phase: Phase = authPhase,
  ): Promise<{ result: PhaseRunResult; before: Record<string, Rights>; after: Record<string, Rights> }> {
    const started: FaultyServer = await startFaultyServer({
      seed: SEED,
      faults: [...more(() => started), acmePlugin({ open, state, administrator: () => basicAuthorization(started.credentials.admin) })],
    });
    server = started;
    const before = await rightsOfEveryAccount(started);
    const result = await runPhase(phase, { ...asAdministratorWithSeededAccounts(started), only });
    return { result, before, after: await rightsOfEveryAccount(started) };
  }

  /** The id of the run's second member, as the administrator lists the members. */
  async function otherMemberId(target: FaultyServer, forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>, locale: string): Promise<number> {
    const members = await forward({
      method: 'GET',
      path: `/${locale}/wp-json/community/v1/members?context=edit&per_page=100`,
      headers: { authorization: basicAuthorization(target.credentials.admin), accept: 'application/json' },
      body: '',
    });
    return (JSON.parse(members.body) as Array<{ id: number; user_login: string }>).find((member) => member.user_login === target.credentials.otherMember!.user)!
      .id;
  }

  /** A fault that, after the member's successful report (its own create, open to members), does `onTheSide` as well. */
  const onMembersReport =
    (onTheSide: (target: FaultyServer, forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>, locale: string) => Promise<void>) =>
    (target: () => FaultyServer): Fault =>
    async (request, forward) => {
      const answer = await forward(request);
      const where = restPath(request);
      const fromMember = request.headers.authorization === basicAuthorization(target().credentials.member);
      if (fromMember && request.method === 'POST' && where?.path === '/community/v1/moderation/report' && answer.status < 300)
        await onTheSide(target(), forward, where.locale);
      return answer;
    };

  const effects = (findings: readonly Finding[]): Finding[] => findings.filter((finding) => finding.check === CHECK);

  /** The auth phase after the administrator made entry 1 through the run (as an earlier phase's create would): the run's records name its maker. */
  const entryMadeFirst: Phase = {
    ...authPhase,
    async gather(ctx) {
      const create = ctx.operations.find((op) => op.id === 'en_gb POST /acme/v1/entries')!;
      await ctx.execution.execute(create, { operationId: create.id, kind: 'valid', path: {}, query: {}, body: { title: 'Made first' } }, 'test');
      await authPhase.gather(ctx);
    },
  };

  it('fails a settings route any caller can write, with the reads that show the change', async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst(['settings'], state);
    const found = effects(result.findings);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((finding) => finding.route === '/acme/v1/settings' && finding.severity === 'failure')).toBe(true);
    expect(found[0]!.message).toMatch(/without credentials succeeded \(200\) and changed what was there: the route's own GET changed \((title|notify|limit)/);
    // The reproduction: the administrator's read, the anonymous write, the read after.
    expect(found[0]!.curl).toHaveLength(3);
    expect(found[0]!.curl[1]).not.toContain('-u ');
    expect(after).toEqual(before);
  });

  it('fails a route that deletes the list of managers for anyone, and an anonymous delete of an entry', async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst(['managers', 'entries'], state);
    // The matrix's rows run side by side: the order of the two is not the test's business.
    expect(findingLines(effects(result.findings)).sort()).toEqual(
      [
        `${CHECK} failure en_gb DELETE /acme/v1/managers: DELETE /acme/v1/managers succeeded without credentials (200)`,
        `${CHECK} failure en_gb DELETE /acme/v1/entries/(?P<id>[\\d]+): DELETE /acme/v1/entries/(?P<id>[\\d]+) succeeded without credentials (200)`,
      ].sort(),
    );
    expect(state.managers).toEqual([]);
    expect(after).toEqual(before);
  });

  it("fails a route that grants a named account a capability for anyone, found with a body naming one of the run's accounts, and puts the rights back", async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst(['grants'], state);
    const found = effects(result.findings);
    expect(findingLines(found)).toEqual([
      expect.stringMatching(
        new RegExp(
          // The other-account probes, first in the phase, find it before the matrix does.
          `^${CHECK} failure en_gb POST /acme/v1/grants: POST /acme/v1/grants (without credentials|as member2? \\(member\\)) succeeded \\(200\\) and changed what was there: rights of \\S+: capabilities \\+${ACME_CAPABILITY}; extra_capabilities \\+${ACME_CAPABILITY} \\(looked at because its body names (one of the run's accounts|member2?, another of the run's accounts)\\)$`,
        ),
      ),
    ]);
    expect(found[0]!.request.body).toMatch(/"email":"[^"]+@[^"]+"/);
    expect(found[0]!.curl.join('\n')).not.toContain(server!.credentials.member.password);
    expect(after).toEqual(before);
    expect(Object.values(after).every((rights) => !Object.keys(rights.extra).includes(ACME_CAPABILITY))).toBe(true);
  });

  it('is quiet when the same routes are guarded, and leaves every account as it was', async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst([], state);
    expect(findingLines(effects(result.findings))).toEqual([]);
    expect(findingLines(result.findings.filter((finding) => finding.check === 'ignored_auth'))).toEqual([]);
    expect(after).toEqual(before);
  });

  it("fails a probe whose refused write still gave its actor a capability, on the probe's route, and takes the capability back", async () => {
    const state = acmeState();
    let granted = false;
    // A member's write to another member's item is refused, but the first one grants the member (id 2) a capability.
    const grantsOnTheSide =
      (target: () => FaultyServer): Fault =>
      async (request, forward) => {
        const where = restPath(request);
        const fromMember = request.headers.authorization === basicAuthorization(target().credentials.member);
        if (!granted && fromMember && request.method !== 'GET' && where !== undefined && /^\/community\/v1\/members\/(?!2$)\d+$/.test(where.path)) {
          granted = true;
          state.capabilities.set(2, new Set([ACME_CAPABILITY]));
        }
        return forward(request);
      };
    const { result, before, after } = await runAgainst(
      [],
      state,
      (target) => [grantsOnTheSide(target)],
      /^(PATCH|POST|PUT|DELETE) \/community\/v1\/members\/\(/,
    );
    expect(granted).toBe(true);
    const found = effects(result.findings);
    expect(found).toHaveLength(1);
    expect(found[0]!.route).toBe('/community/v1/members/(?P<id>[\\d]+)');
    expect(found[0]!.message).toMatch(
      new RegExp(
        `as member \\(member\\) was refused \\(403 \\w+\\) yet changed what was there: rights of member: capabilities \\+${ACME_CAPABILITY}; extra_capabilities \\+${ACME_CAPABILITY} \\(looked at because the rights watcher read every account after it\\)$`,
      ),
    );
    expect(after).toEqual(before);
  });

  it("fails a grant route that answers 200 to any address, found only by an other-account probe whose body names the victim's e-mail address", async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst(['grants', 'lenient grants'], state);
    const found = effects(result.findings);
    expect(findingLines(found)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${CHECK} failure en_gb POST /acme/v1/grants: POST /acme/v1/grants as (member2?) \\(member\\) succeeded \\(200\\) and changed what was there: rights of (?!\\1:)\\S+: capabilities \\+${ACME_CAPABILITY}; extra_capabilities \\+${ACME_CAPABILITY} \\(looked at because its body names member2?, another of the run's accounts\\)$`,
        ),
      ),
    ]);
    expect(after).toEqual(before);
  });

  it("fails a member's delete of an entry the administrator made, read before the matrix sent it (a second send would meet a 404)", async () => {
    const state = acmeState();
    const { result, before, after } = await runAgainst(['entries by members'], state, () => [], /acme\/v1\/entries/, entryMadeFirst);
    expect(state.madeEntries[0]).toBe(1);
    expect(findingLines(effects(result.findings))).toEqual([
      `${CHECK} failure en_gb DELETE /acme/v1/entries/(?P<id>[\\d]+): DELETE /acme/v1/entries/(?P<id>[\\d]+) as member (member) succeeded (200) and changed what was there: the item was deleted (it read 200, then 404) (looked at because the run's records say admin made the item)`,
    ]);
    expect(effects(result.findings)[0]!.curl).toHaveLength(3);
    expect(after).toEqual(before);
  });

  it('is quiet when only the administrator may delete the entry it made', async () => {
    const state = acmeState();
    const { result } = await runAgainst([], state, () => [], /acme\/v1\/entries/, entryMadeFirst);
    expect(state.deletedEntries).toEqual(new Set([1]));
    expect(findingLines(effects(result.findings))).toEqual([]);
  });

  it("fails a member's own create that grants a third account a capability on the side, caught by the rights read after the row, and takes it back", async () => {
    const state = acmeState();
    let sideGrants = 0;
    const grantsOnReport = onMembersReport(async (target, forward, locale) => {
      sideGrants += 1;
      state.capabilities.set(await otherMemberId(target, forward, locale), new Set([ACME_CAPABILITY]));
    });
    const { result, before, after } = await runAgainst([], state, (target) => [grantsOnReport(target)], /^POST \/community\/v1\/moderation\/report$/);
    expect(sideGrants).toBeGreaterThan(0);
    expect(findingLines(effects(result.findings))).toEqual([
      `${CHECK} failure en_gb POST /community/v1/moderation/report: POST /community/v1/moderation/report as member (member) succeeded (201) and changed what was there: rights of member2: capabilities +${ACME_CAPABILITY}; extra_capabilities +${ACME_CAPABILITY} (looked at because every account's rights were read after it and had changed)`,
    ]);
    expect(after).toEqual(before);
  });

  it("reads every account's rights in one list request where the members list answers them as their own reads do, and still catches a third account raised to moderator", async () => {
    let raised = 0;
    const raisesOnReport = onMembersReport(async (target, forward, locale) => {
      raised += 1;
      const id = await otherMemberId(target, forward, locale);
      await forward({
        method: 'PATCH',
        path: `/${locale}/wp-json/community/v1/members/${id}`,
        headers: { authorization: basicAuthorization(target.credentials.admin), accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ roles: ['moderator'] }),
      });
    });
    const started: FaultyServer = await startFaultyServer({ seed: SEED, faults: [raisesOnReport(() => started)] });
    server = started;
    const before = await rightsOfEveryAccount(started);
    const result = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(started), only: /^POST \/community\/v1\/moderation\/report$/ });
    expect(raised).toBeGreaterThan(0);
    expect(findingLines(effects(result.findings))).toEqual([
      `${CHECK} failure en_gb POST /community/v1/moderation/report: POST /community/v1/moderation/report as member (member) succeeded (201) and changed what was there: rights of member2: roles changed from [subscriber] to [moderator] (looked at because every account's rights were read after it and had changed)`,
    ]);
    expect(await rightsOfEveryAccount(started)).toEqual(before);
    // Read as a list: the list once at the start (held against the four accounts' own reads), once after the row
    // and once after the second send; an account's own read only at the start and after each of the two put-backs.
    const reads = (route: RegExp): number =>
      result.events.filter(
        (event) => event.type === 'exchange' && event.phase === 'auth' && event.operation.method === 'GET' && route.test(event.operation.route),
      ).length;
    expect(reads(/^\/community\/v1\/members$/)).toBe(3);
    expect(reads(/^\/community\/v1\/members\/\(\?P<id>/)).toBe(4 + 2);
  });
});
