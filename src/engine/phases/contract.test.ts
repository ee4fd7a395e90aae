import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../server/index.js';
import { contractPhase } from './contract.js';
import { dropRoute, editDescriptor } from './testing/faults.js';
import { startFaultyServer, type FaultyServer } from './testing/faulty-server.js';
import { findingLines, runPhase } from './testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];
const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;

describe('phase contract', () => {
  let reference: ReferenceServer;
  let broken: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    broken = await startFaultyServer({ seed: 3, faults: [dropRoute(MEMBER)] });
  });
  afterAll(async () => {
    await reference.close();
    await broken.close();
  });

  it('passes on the reference server in both locales, without a request', async () => {
    const result = await runPhase(contractPhase, { url: reference.url, locales: LOCALES });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.requests).toBe(0);
  });

  it('is skipped without a contract', async () => {
    const result = await runPhase(contractPhase, { url: reference.url, locales: LOCALES, contract: null });
    expect(result.skipped).toBe('no contract (--contract none)');
  });

  it('fires contract_drift for a descriptor missing a route, in each locale, with the descriptor request as reproduction', async () => {
    const result = await runPhase(contractPhase, { url: broken.url, locales: LOCALES });
    expect(result.findings.map((f) => [f.check, f.severity, f.locale, f.method, f.route])).toEqual([
      ['contract_drift', 'failure', 'en_gb', '*', MEMBER],
      ['contract_drift', 'failure', 'el', '*', MEMBER],
    ]);
    for (const finding of result.findings) {
      expect(finding.message).toContain('is in the contract but not in the descriptor');
      expect(finding.curl).toHaveLength(1);
      expect(finding.curl[0]).toContain(`${broken.url}/${finding.locale}/wp-json/`);
      expect(finding.response?.status).toBe(200);
    }
  });

  it('warns contract_undocumented_route for a route the contract does not have in a documented namespace', async () => {
    const extra = await startFaultyServer({
      seed: 3,
      faults: [
        editDescriptor(
          (root) => {
            root.routes['/community/v1/secret'] = { namespace: 'community/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] } as never;
          },
          ['el'],
        ),
      ],
    });
    try {
      const result = await runPhase(contractPhase, { url: extra.url, locales: LOCALES });
      expect(findingLines(result.findings)).toEqual([
        'contract_undocumented_route warning el * /community/v1/secret: route /community/v1/secret (GET) is in the descriptor but not in the contract',
      ]);
      expect(result.findings[0]!.curl).toHaveLength(1);
    } finally {
      await extra.close();
    }
  });
});
