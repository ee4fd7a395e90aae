/**
 * Answers narrowed to a parent the identity may not read, in the auth phase against the reference server and behind
 * faults: a server that hides a profile field from anonymous callers (its read answers 404, its list leaves it out)
 * yet answers that field's data to them through the profile data route (`parent_exposure`). Quiet on the reference
 * server, and on a server that hides the field's data too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerInstead, json } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import { authPhase } from './index.js';
import { fieldToHide, hiddenField } from './testing/parent-faults.js';
import { anonymous } from './testing/visibility-faults.js';

const SEED = 3;
const DATA_ROUTE = String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`;

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

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
    const { field, member } = await fieldToHide(SEED);
    const findings = await run(hiddenField(field));
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual([`parent_exposure GET ${DATA_ROUTE}`]);
    expect(findings[0]!.message).toContain(`GET /community/v1/profile/${field}/data/${member} answered anonymous callers`);
    expect(findings[0]!.message).toContain(`for field_id ${field}, a parent whose own read`);
    expect(findings[0]!.message).toContain('answers them 404 bp_rest_invalid_id');
    expect(findings[0]!.curl.join('\n')).toMatch(new RegExp(`curl .*/community/v1/profile/${field}/data/${member}`));
  });

  it("are quiet when the hidden field's data is refused too", async () => {
    const { field } = await fieldToHide(SEED);
    const refused = json(401, { code: 'bp_rest_authorization_required', message: 'Sorry.', data: { status: 401 } });
    expect(await run([...hiddenField(field), answerInstead('GET', new RegExp(`^/community/v1/profile/${field}/data/\\d+$`), refused, anonymous)])).toEqual([]);
  });
});
