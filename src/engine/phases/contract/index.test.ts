import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { contractPhase } from './index.js';
import { dropRoute, editDescriptor } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

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

  /** Every locale's descriptor replaced by what `edit` makes of the captured WordPress 6.1 index's namespaces and routes. */
  const wordpressShaped = (keep: (namespace: string) => boolean) =>
    editDescriptor((root) => {
      const wordpress = JSON.parse(readFileSync(new URL('../../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as {
        namespaces: string[];
        routes: Record<string, { namespace: string }>;
      };
      const own = root as unknown as { namespaces: string[]; routes: Record<string, { namespace: string }> };
      const kept = Object.entries(own.routes).filter(([, route]) => keep(route.namespace));
      own.namespaces = [...wordpress.namespaces, ...own.namespaces.filter(keep)];
      own.routes = { ...wordpress.routes, ...Object.fromEntries(kept) };
    });

  it('is skipped with a note on a target that serves none of the contract’s namespaces (a plain WordPress), not failed namespace by namespace', async () => {
    const wordpress = await startFaultyServer({ seed: 3, faults: [wordpressShaped(() => false)] });
    try {
      const result = await runPhase(contractPhase, { url: wordpress.url, locales: LOCALES });
      expect(result.findings).toEqual([]);
      expect(result.skipped).toMatch(/^the target serves none of the contract's namespaces \(seo\/v1, calendar\/v1, .*\)/);
      expect(result.skipped).toContain('--contract none');
    } finally {
      await wordpress.close();
    }
  });

  it('still compares a target that serves some of the contract’s namespaces, and fails the ones it lacks', async () => {
    const partial = await startFaultyServer({ seed: 3, faults: [wordpressShaped((namespace) => namespace === 'community/v1')] });
    try {
      const result = await runPhase(contractPhase, { url: partial.url, locales: LOCALES });
      expect(result.skipped).toBeUndefined();
      expect(result.findings.filter((f) => f.check === 'contract_drift' && f.locale === 'en_gb').map((f) => f.route)).toEqual(
        expect.arrayContaining(['/seo/v1', '/calendar/v1']),
      );
    } finally {
      await partial.close();
    }
  });
});
