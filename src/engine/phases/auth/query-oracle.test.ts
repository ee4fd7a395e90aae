/**
 * A query as an oracle, in the auth phase against the reference server and behind a fault: a members search that
 * matches e-mail addresses for anonymous callers, who never see one (`query_oracle`). Quiet on the reference server,
 * whose search matches names and logins only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Fault, FaultyServer } from '../../testing/faulty-server.js';
import { startFaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import { falseValue } from './query-oracle.js';
import { authPhase } from './index.js';
import { searchMatchesEmail } from './testing/oracle-faults.js';

const SEED = 3;

let server: FaultyServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The administrator's `authorization` header (the seed decides the password, so a probe server tells it). */
async function administratorHeader(): Promise<string> {
  const probe = await startFaultyServer({ seed: SEED, faults: [] });
  const { user, password } = probe.credentials.admin;
  await probe.close();
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

async function run(faults: Fault[]) {
  server = await startFaultyServer({ seed: SEED, faults });
  const result = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), only: /members/ });
  return result.findings.filter((finding) => finding.check === 'query_oracle');
}

describe('a query as an oracle', () => {
  it('is quiet on the reference server', async () => {
    expect(await run([])).toEqual([]);
  });

  it('reports a members search that matches e-mail addresses for anonymous callers, with a curl line for each guess', async () => {
    const findings = await run([searchMatchesEmail(await administratorHeader())]);
    expect(findings.map((finding) => `${finding.check} ${finding.method} ${finding.route}`)).toEqual(['query_oracle GET /community/v1/members']);
    expect(findings[0]!.message).toMatch(
      /^GET \/community\/v1\/members with search set to item \d+'s email, a field GET \/community\/v1\/members\/\(\?P<id>\[\\d\]\+\) does not show anonymous callers, listed the item for the true value and not for a false one/,
    );
    const curl = findings[0]!.curl.join('\n');
    expect(curl).toMatch(/curl .*\/community\/v1\/members\?.*search=[^&']*%40/);
    expect(findings[0]!.curl).toHaveLength(2);
  });
});

describe('a false value', () => {
  it('keeps the shape of the true one and differs in every letter and digit', () => {
    expect(falseValue('ada.z9@example.org')).toBe('beb.a0@fybnqmf.psh');
  });
});
