/**
 * `restconform replay` of a race finding: the race of a server that checks, waits, then writes, found by the
 * concurrency phase and written to a JSON report, is re-run together against that broken server (found again) and
 * against the sound reference server (the rule holds, and replay says a race is won by chance).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../checks/types.js';
import { concurrencyPhase } from '../../engine/phases/concurrency/index.js';
import { startFaultyServer, type FaultyServer } from '../../engine/testing/faulty-server.js';
import { runPhase } from '../../engine/testing/phase-run.js';
import { racyMemberCreate, wholeRecordGroupUpdate } from '../../engine/phases/concurrency/testing/race-faults.js';
import { closedPortUrl } from '../../http/testing/test-servers.js';
import { UsageError } from '../errors.js';
import { replayJob } from './replay-job.js';
import { reportOf, sink } from './testing/replay-inputs.js';
import { temporaryFolders } from '../../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

const SEED = 5;
let broken: FaultyServer;
let finding: Finding;
let reportPath: string;

beforeAll(async () => {
  broken = await startFaultyServer({ seed: SEED, faults: [racyMemberCreate()] });
  const { findings } = await runPhase(concurrencyPhase, { url: broken.url, locales: ['en_gb'], credentials: broken.credentials.admin, seed: SEED });
  finding = findings.find((one) => one.check === 'concurrent_create')!;
  const dir = await temporaryFolder('restconform-replay-race-');
  reportPath = join(dir, 'report.json');
  await writeFile(reportPath, JSON.stringify(reportOf(broken.url, findings, { seed: SEED, locales: ['en_gb'] })));
}, 180_000);
afterAll(() => broken?.close());

describe('replay of a race finding', () => {
  it('records the race: its requests in order, each with its part, credentials redacted', () => {
    const race = finding.replay.race!;
    const roles = race.steps.map((step) => step.role);
    expect(roles.filter((role) => role === 'race')).toHaveLength(8);
    // Set-up first, the race, then the reads: one block each.
    expect(roles.join(' ')).toMatch(/^(set-up )*(race ){8}(read ?)*$/);
    expect(race.steps.length).toBe(finding.curl.length);
    expect(JSON.stringify(race)).not.toContain(broken.credentials.admin!.password);
    expect(race.evidence).toHaveProperty('shared');
    expect(race.evidence).not.toHaveProperty('answers');
  });

  it('re-sends the race together against the broken server and finds it again', async () => {
    // A fresh instance of the same broken server: the fault remembers the addresses it saw taken.
    const again = await startFaultyServer({ seed: SEED, faults: [racyMemberCreate()] });
    try {
      const out = sink();
      const admin = again.credentials.admin!;
      const env = { RESTCONFORM_USER: admin.user, RESTCONFORM_APP_PASSWORD: admin.password };
      const code = await replayJob({ reportPath, findingId: finding.id, baseUrl: again.url, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env, out });
      expect(out.text).toContain('race of 8 requests sent together:');
      expect(out.text.match(/^ {2}curl .*-X POST .*\/community\/v1\/members/gm)).toHaveLength(8);
      expect(out.text.match(/^ {2}answered /gm)).toHaveLength(8);
      expect(out.text).toMatch(
        new RegExp(`${finding.id} still fails concurrent_create: 8 community/v1 members creates sent together with the same .+: [2-8] succeeded`),
      );
      expect(out.text).not.toContain(admin.password);
      expect(out.text).toContain('$RESTCONFORM_APP_PASSWORD');
      expect(out.text).not.toContain('left behind');
      expect(code).toBe(1);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('against the sound reference server: the rule holds, and replay says a race is won by chance', async () => {
    const out = sink();
    const code = await replayJob({ reportPath, findingId: finding.id, reference: true, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: {}, out });
    expect(out.text).toContain('race of 8 requests sent together:');
    expect(out.text).toContain(`${finding.id}: the rule of concurrent_create held this time. A race is won by chance`);
    expect(out.text).not.toContain('still fails');
    expect(out.text).not.toContain('left behind');
    expect(code).toBe(0);
  }, 60_000);

  it('against a server that is not there: a usage error naming it (exit 2), not a race lost again', async () => {
    const out = sink();
    const baseUrl = await closedPortUrl();
    const env = { RESTCONFORM_USER: 'someone', RESTCONFORM_APP_PASSWORD: 'not-used' };
    const replay = replayJob({ reportPath, findingId: finding.id, baseUrl, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env, out });
    await expect(replay).rejects.toThrow(UsageError);
    await expect(replay).rejects.toThrow(`cannot reach ${baseUrl}: connection_refused`);
    expect(out.text).not.toContain('still fails');
  }, 60_000);
});

describe('replay of an update race', () => {
  it('makes the raced resource anew, sends the updates to its new id together, and finds the lost fields again', async () => {
    const first = await startFaultyServer({ seed: SEED, faults: [wholeRecordGroupUpdate()] });
    try {
      const { findings } = await runPhase(concurrencyPhase, { url: first.url, locales: ['en_gb'], credentials: first.credentials.admin, seed: SEED });
      const update = findings.find((one) => one.check === 'concurrent_update')!;
      expect(update.replay.race!.steps.some((step) => step.role === 'set-up' && step.id !== undefined)).toBe(true);
      const dir = await temporaryFolder('restconform-replay-race-');
      const path = join(dir, 'report.json');
      await writeFile(path, JSON.stringify(reportOf(first.url, findings, { seed: SEED, locales: ['en_gb'] })));
      const admin = first.credentials.admin!;
      const env = { RESTCONFORM_USER: admin.user, RESTCONFORM_APP_PASSWORD: admin.password };
      const out = sink();
      const code = await replayJob({ reportPath: path, findingId: update.id, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env, out });
      expect(out.text).toContain('race of 8 requests sent together:');
      expect(out.text).toMatch(/still fails concurrent_update: 8 updates of community\/v1 profile\/groups \d+ sent together/);
      expect(out.text).not.toContain('left behind');
      expect(code).toBe(1);
    } finally {
      await first.close();
    }
  }, 120_000);
});
