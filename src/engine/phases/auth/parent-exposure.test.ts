/**
 * Answers narrowed to a parent the identity may not read, in the auth phase against the reference server and behind
 * faults: a server that hides a profile field from anonymous callers (its read answers 404, its list leaves it out)
 * yet answers that field's data to them through the profile data route (`parent_exposure`). Quiet on the reference
 * server, and on a server that hides the field's data too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerInstead, json, rewriteAnswers } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';

const SEED = 3;
const DATA_ROUTE = String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`;
const anonymous = (request: { headers: Record<string, string> }): boolean => request.headers.authorization === undefined;

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * A profile field to hide: not the first the list shows (that one stays readable), one the first listed member has
 * data for (the member anonymous callers may read, whose data the gathering asks for).
 */
async function fieldToHide(): Promise<{ field: number; member: number }> {
  const probe = await startFaultyServer({ seed: SEED, faults: [] });
  try {
    const rest = probe.restUrl('en_gb');
    const member = ((await (await fetch(`${rest}/community/v1/members?per_page=100`)).json()) as Array<{ id: number }>)[0]!.id;
    const fields = (await (await fetch(`${rest}/community/v1/profile/fields?per_page=100`)).json()) as Array<{ id: number }>;
    for (const { id } of fields.slice(1)) {
      const data = (await (await fetch(`${rest}/community/v1/profile/${id}/data/${member}`)).json()) as { value: unknown[] };
      if (data.value.length > 0) return { field: id, member };
    }
    throw new Error('no field with data for the first member');
  } finally {
    await probe.close();
  }
}

/** Field `id` hidden from anonymous callers, as a server that keeps an admin-only field to itself answers. */
function hiddenField(id: number): Fault[] {
  const notFound = json(404, { code: 'bp_rest_invalid_id', message: 'Invalid field ID.', data: { status: 404 } });
  const dropFromList: Fault = async (request, forward) => {
    if (!anonymous(request)) return forward(request);
    return rewriteAnswers('GET', /^\/community\/v1\/profile\/fields$/, (answer) => {
      const fields = JSON.parse(answer.body) as Array<{ id: number }>;
      return { ...answer, body: JSON.stringify(fields.filter((field) => field.id !== id)) };
    })(request, forward);
  };
  return [answerInstead('GET', new RegExp(`^/community/v1/profile/fields/${id}$`), notFound, anonymous), dropFromList];
}

async function run(faults: Fault[]) {
  server = await startFaultyServer({ seed: SEED, faults });
  const result = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), only: /members|profile/ });
  return result.findings.filter((finding) => finding.check === 'parent_exposure');
}

describe('answers narrowed to a parent the identity may not read', () => {
  it('are quiet on the reference server', async () => {
    expect(await run([])).toEqual([]);
  });

  it("report a profile data route that answers anonymous callers a hidden field's data, with a curl line", async () => {
    const { field, member } = await fieldToHide();
    const findings = await run(hiddenField(field));
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual([`parent_exposure GET ${DATA_ROUTE}`]);
    expect(findings[0]!.message).toContain(`GET /community/v1/profile/${field}/data/${member} answered anonymous callers`);
    expect(findings[0]!.message).toContain(`for field_id ${field}, a parent whose own read`);
    expect(findings[0]!.message).toContain('answers them 404 bp_rest_invalid_id');
    expect(findings[0]!.curl.join('\n')).toMatch(new RegExp(`curl .*/community/v1/profile/${field}/data/${member}`));
  });

  it("are quiet when the hidden field's data is refused too", async () => {
    const { field } = await fieldToHide();
    const refused = json(401, { code: 'bp_rest_authorization_required', message: 'Sorry.', data: { status: 401 } });
    expect(await run([...hiddenField(field), answerInstead('GET', new RegExp(`^/community/v1/profile/${field}/data/\\d+$`), refused, anonymous)])).toEqual([]);
  });
});
