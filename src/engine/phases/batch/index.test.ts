import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { batchPhase } from './index.js';
import { answerInstead, batchAnswersReversed, batchWithoutSizeLimit, editDescriptor, requireAllValidateRunsValidItems } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];

describe('phase batch', () => {
  let reference: ReferenceServer;
  let unlimited: FaultyServer;
  let lenient: FaultyServer;
  let reversed: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    unlimited = await startFaultyServer({ seed: 3, faults: [batchWithoutSizeLimit()] });
    lenient = await startFaultyServer({ seed: 3, faults: [requireAllValidateRunsValidItems()] });
    reversed = await startFaultyServer({ seed: 3, faults: [batchAnswersReversed()] });
  });
  afterAll(async () => {
    await Promise.all([reference.close(), unlimited.close(), lenient.close(), reversed.close()]);
  });

  it('passes on the reference server in both locales and leaves no member behind', async () => {
    const membersBefore = reference.store.members.size;
    const result = await runPhase(batchPhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.notes).toEqual([]);
    // Per locale: 25, 26 + read-back, mixed + two reads + two cleanups, require-all-validate + read-back.
    expect(result.requests).toBe(2 * (1 + 2 + 5 + 2));
    expect(reference.store.members.size).toBe(membersBefore);
  });

  it('fires batch_size_limit for a batch route that accepts 26 items, with the read-back in the reproduction', async () => {
    const membersBefore = await countMembers(unlimited);
    const result = await runPhase(batchPhase, { url: unlimited.url, locales: LOCALES, credentials: unlimited.credentials.admin });
    expect(result.findings.map((finding) => [finding.check, finding.severity, finding.locale, finding.method, finding.route])).toEqual([
      ['batch_size_limit', 'failure', 'en_gb', 'POST', '/batch/v1'],
      ['batch_size_limit', 'failure', 'el', 'POST', '/batch/v1'],
    ]);
    for (const finding of result.findings) {
      expect(finding.message).toMatch(/: a batch of 26 items answered 207; expected 400; 26 of its items ran \(read back afterwards\)$/);
      expect(finding.curl).toHaveLength(2);
      expect(finding.curl[0]).toContain('/wp-json/batch/v1');
      expect(finding.curl[1]).toMatch(/\/wp-json\/community\/v1\/members\?search=/);
    }
    // What the 26-item batch created was deleted again.
    expect(await countMembers(unlimited)).toBe(membersBefore);
  });

  it('fires batch_validation for require-all-validate that runs its valid items', async () => {
    const result = await runPhase(batchPhase, { url: lenient.url, locales: ['en_gb'], credentials: lenient.credentials.admin });
    expect(findingLines(result.findings)).toEqual([
      expect.stringMatching(
        /^batch_validation failure en_gb POST \/batch\/v1: require-all-validate batch \(en_gb\): a require-all-validate batch with one invalid item ran its valid item \(community\/v1 members \d+ exists afterwards\)$/,
      ),
    ]);
    expect(result.findings[0]!.curl).toHaveLength(2);
    expect(result.findings[0]!.curl[0]).toContain('require-all-validate');
  });

  it('fires batch_items for item answers out of request order', async () => {
    const membersBefore = await countMembers(reversed);
    const result = await runPhase(batchPhase, { url: reversed.url, locales: ['en_gb'], credentials: reversed.credentials.admin });
    expect(findingLines(result.findings)).toEqual([
      'batch_items failure en_gb POST /batch/v1: normal batch of mixed items (en_gb): item 2, an item for an unknown path, answered 400 rest_missing_callback_param; expected 404 rest_no_route',
    ]);
    expect(result.findings[0]!.curl).toHaveLength(1);
    expect(await countMembers(reversed)).toBe(membersBefore);
  });

  it('fires batch_size_limit for a batch route that refuses 25 items', async () => {
    const refusing = await startFaultyServer({
      seed: 3,
      faults: [
        answerInstead(
          'POST',
          /^\/batch\/v1$/,
          { status: 400, headers: { 'content-type': 'application/json' }, body: '{"code":"rest_invalid_param","message":"Too many.","data":{"status":400}}' },
          (request) => request.body.split('"path"').length > 25,
        ),
      ],
    });
    try {
      const result = await runPhase(batchPhase, { url: refusing.url, locales: ['en_gb'], credentials: refusing.credentials.admin });
      expect(findingLines(result.findings)).toEqual([
        'batch_size_limit failure en_gb POST /batch/v1: batch of 25 (en_gb): a batch of 25 items: expected a 2xx answer, got 400 rest_invalid_param',
      ]);
    } finally {
      await refusing.close();
    }
  });

  it('tests only the size limit, with a note, where no create allows batching', async () => {
    const unbatchable = await startFaultyServer({
      seed: 3,
      faults: [
        editDescriptor((root) => {
          for (const route of Object.values(root.routes)) for (const endpoint of route.endpoints) delete (endpoint as { allow_batch?: unknown }).allow_batch;
        }),
      ],
    });
    try {
      const result = await runPhase(batchPhase, { url: unbatchable.url, locales: ['en_gb'], credentials: unbatchable.credentials.admin });
      expect(findingLines(result.findings)).toEqual([]);
      expect(result.requests).toBe(2);
      expect(result.notes).toEqual(['en_gb POST /batch/v1: batch: no route whose create allows batching; item order and validation modes not tested']);
    } finally {
      await unbatchable.close();
    }
  });

  it('is skipped when only safe methods may be sent', async () => {
    const result = await runPhase(batchPhase, { url: reference.url, locales: LOCALES, safeMethodsOnly: true });
    expect(result.skipped).toMatch(/only GET, HEAD and OPTIONS/);
  });
});

async function countMembers(server: FaultyServer): Promise<number> {
  const response = await fetch(`${server.restUrl('en_gb')}/community/v1/members?per_page=1`);
  return Number(response.headers.get('x-wp-total'));
}
