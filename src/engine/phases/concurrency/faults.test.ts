/**
 * Each race's check fires on a server broken for it (the reference server without faults: concurrency.test.ts).
 * A file of its own so that vitest runs it beside the other, not after it.
 */
import { describe, expect, it } from 'vitest';
import { concurrencyPhase } from './index.js';
import type { Finding } from '../../../checks/types.js';
import { phaseAgainstFaults } from '../../testing/phase-run.js';
import { deleteFailsWhenGone, fieldDataStoredTwice, racyMemberCreate, wholeRecordGroupUpdate } from './testing/race-faults.js';

const runWith = phaseAgainstFaults(concurrencyPhase);

/** The checks and operations of the failures found. */
function failed(findings: readonly Finding[]): string[] {
  return [
    ...new Set(findings.filter((finding) => finding.severity === 'failure').map((finding) => `${finding.check} ${finding.method} ${finding.route}`)),
  ].sort();
}

describe('phase concurrency on a server that checks, waits, then writes', () => {
  it('reports a create that waits between its uniqueness check and its insert', async () => {
    const { findings } = await runWith([racyMemberCreate()]);
    expect(failed(findings)).toEqual(['concurrent_create POST /community/v1/members']);
    const finding = findings.find((one) => one.check === 'concurrent_create')!;
    expect(finding.message).toMatch(/^8 community\/v1 members creates sent together with the same .+: [2-8] succeeded/);
    // The reproduction is the whole race: every request of it, each with its curl line.
    expect(finding.curl.filter((line) => line.includes('-X POST') && line.includes('/community/v1/members')).length).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('reports an update that reads, waits, then writes the whole record', async () => {
    const { findings } = await runWith([wholeRecordGroupUpdate()]);
    expect(failed(findings)).toEqual([String.raw`concurrent_update PATCH /community/v1/profile/groups/(?P<id>[\d]+)`]);
  }, 120_000);

  it('reports a delete that fails when the row vanished under it', async () => {
    const { findings } = await runWith([deleteFailsWhenGone()]);
    expect(failed(findings)).toContain(String.raw`concurrent_delete DELETE /community/v1/profile/groups/(?P<id>[\d]+)`);
  }, 120_000);

  it('reports a relation stored twice', async () => {
    const { findings } = await runWith([fieldDataStoredTwice()]);
    expect(failed(findings)).toEqual([String.raw`concurrent_relation POST /community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`]);
  }, 120_000);
});
