/** `restconform cleanup REPORT.json`: deletes what a report says its run left, as the run deletes it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LeftResource } from '../engine/events.js';
import type { JsonReport } from '../report/json.js';
import { loadRunSettings, runJob } from './index.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { groupUpdateRequires } from '../engine/testing/buddypress-shapes.js';
import { startFaultyServer } from '../engine/testing/faulty-server.js';
import { cleanupJob } from './cleanup-job.js';
import { main } from '../cli/main.js';

const PASSWORD_ENV = 'RESTCONFORM_APP_PASSWORD';
const GROUPS = '/community/v1/profile/groups';

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

let server: ReferenceServer;
let dir: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 4 });
  dir = mkdtempSync(join(tmpdir(), 'restconform-cleanup-'));
  env = { [PASSWORD_ENV]: server.credentials.admin.password };
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function authorization(): string {
  const { user, password } = server.credentials.admin;
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Makes a profile group on the served server, as a run would; its id. */
async function makeGroup(name: string): Promise<string> {
  const response = await fetch(`${server.restUrl('en_gb')}${GROUPS}`, {
    method: 'POST',
    headers: { authorization: authorization(), 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

async function groupStatus(id: string): Promise<number> {
  return (await fetch(`${server.restUrl('en_gb')}${GROUPS}/${id}`, { headers: { authorization: authorization() } })).status;
}

/** A report of a run on the served server that left `resources`. */
function reportLeaving(resources: LeftResource[]): string {
  const report: JsonReport = {
    tool: 'restconform',
    version: '0.1.0',
    seed: 1,
    target: server.url,
    locales: ['en_gb'],
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    summary: { requests: 0, operations: 0, failures: 0, warnings: 0, known: 0, answeredAsRun: 0, refusedAsRun: 0, byCheck: {} } as JsonReport['summary'],
    coverage: [],
    findings: [],
    stoppedEarly: 'interrupted',
    cleanup: {
      removed: 0,
      kept: 0,
      leftovers: resources.map((resource) => `${resource.kind} ${resource.id}: ${resource.reason}`),
      resources,
      cutShort: 'second Ctrl-C: clean-up skipped',
    },
  };
  const path = join(dir, `report-${resources.map((resource) => resource.id).join('-') || 'empty'}.json`);
  writeFileSync(path, JSON.stringify(report));
  return path;
}

function group(id: string): LeftResource {
  return {
    kind: 'community/v1 profile/groups',
    locale: 'en_gb',
    restUrl: server.restUrl('en_gb'),
    route: String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`,
    path: { id },
    id,
    reason: 'not tried (second Ctrl-C: clean-up skipped)',
  };
}

describe('restconform cleanup', () => {
  it('deletes the resources a report lists as left, says each one it removed, and exits 0 when nothing is left', async () => {
    const ids = [await makeGroup('left by an interrupted run'), await makeGroup('another one')];
    const out = sink();
    const code = await cleanupJob({ reportPath: reportLeaving(ids.map(group)), user: 'admin', appPasswordEnv: PASSWORD_ENV, env, out: out.stream });
    expect(out.text()).toContain(`removed  community/v1 profile/groups ${ids[0]}`);
    expect(out.text()).toContain(`restconform cleanup: 2 removed, 0 left on ${server.url}`);
    expect(code).toBe(0);
    expect(await Promise.all(ids.map(groupStatus))).toEqual([404, 404]);
  });

  it('exits 1 and names what it could not remove, with why', async () => {
    const id = await makeGroup('stays');
    const unknown = { ...group('77'), kind: 'community/v1 no-such-things' };
    const out = sink();
    const code = await cleanupJob({
      reportPath: reportLeaving([group(id), unknown]),
      user: 'admin',
      appPasswordEnv: PASSWORD_ENV,
      env,
      out: out.stream,
    });
    expect(out.text()).toContain(`removed  community/v1 profile/groups ${id}`);
    expect(out.text()).toContain(
      "left     community/v1 no-such-things 77  /community/v1/profile/groups/(?P<id>[\\d]+): the target's descriptor has no resource family",
    );
    expect(out.text()).toContain('1 removed, 1 left');
    expect(code).toBe(1);
  });

  it('finishes the clean-up of a run kept with --no-cleanup, from the report it wrote', async () => {
    const report = join(dir, 'kept.json');
    const settings = loadRunSettings({
      overrides: {
        baseUrl: server.url,
        locales: ['en_gb'],
        seed: 3,
        fuzzExamples: 4,
        phases: ['fuzz'],
        reportDir: null,
        json: report,
        user: 'admin',
        cleanup: false,
      },
    });
    await runJob(settings, { console: false, env });
    const kept = (JSON.parse(readFileSync(report, 'utf8')) as JsonReport).cleanup?.resources ?? [];
    expect(kept.length).toBeGreaterThan(0);
    const out = sink();
    expect(await cleanupJob({ reportPath: report, user: 'admin', appPasswordEnv: PASSWORD_ENV, env, out: out.stream })).toBe(0);
    expect(out.text()).toContain(`restconform cleanup: ${kept.length} removed, 0 left`);
  });

  it('unlocks an undeletable group with the fields its update requires beside the hinted unlock, then deletes it', async () => {
    // BuddyPress-shaped: the group update requires `name`; an unlock of can_delete alone would be refused (400).
    const faulty = await startFaultyServer({ seed: 4, faults: groupUpdateRequires('name') });
    try {
      const admin = `Basic ${Buffer.from(`${faulty.credentials.admin.user}:${faulty.credentials.admin.password}`).toString('base64')}`;
      const made = await fetch(`${faulty.restUrl('en_gb')}${GROUPS}`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'undeletable', can_delete: false }),
      });
      const id = String(((await made.json()) as { id: number }).id);
      const left = { ...group(id), restUrl: faulty.restUrl('en_gb') };
      const report = JSON.parse(readFileSync(reportLeaving([left]), 'utf8')) as JsonReport;
      const path = join(dir, 'undeletable.json');
      writeFileSync(path, JSON.stringify({ ...report, target: faulty.url }));
      const out = sink();
      const code = await cleanupJob({
        reportPath: path,
        user: 'admin',
        appPasswordEnv: PASSWORD_ENV,
        env: { [PASSWORD_ENV]: faulty.credentials.admin.password },
        out: out.stream,
      });
      expect(out.text()).toContain('1 removed, 0 left');
      expect(code).toBe(0);
      expect((await fetch(`${faulty.restUrl('en_gb')}${GROUPS}/${id}`, { headers: { authorization: admin } })).status).toBe(404);
    } finally {
      await faulty.close();
    }
  });

  it('exits 0 for a report that lists nothing left', async () => {
    const out = sink();
    expect(await cleanupJob({ reportPath: reportLeaving([]), appPasswordEnv: PASSWORD_ENV, env: {}, out: out.stream })).toBe(0);
    expect(out.text()).toContain('lists nothing its run left');
  });

  describe('bad input: exit 2 with one line', () => {
    async function failing(args: string[], variables: NodeJS.ProcessEnv = {}): Promise<{ code: number; stderr: string }> {
      let stderr = '';
      const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        stderr += chunk.toString();
        return true;
      });
      vi.stubEnv(PASSWORD_ENV, variables[PASSWORD_ENV] ?? '');
      try {
        return { code: await main(['cleanup', ...args]), stderr };
      } finally {
        write.mockRestore();
        vi.unstubAllEnvs();
      }
    }

    it('a report that is missing, not JSON, or not a report', async () => {
      const missing = await failing([join(dir, 'no-such-report.json'), '--user', 'admin']);
      expect(missing).toEqual({ code: 2, stderr: `restconform: cannot read report ${join(dir, 'no-such-report.json')}: ENOENT\n` });
      const notJson = join(dir, 'not-json.json');
      writeFileSync(notJson, '{ nope');
      expect((await failing([notJson, '--user', 'admin'])).stderr).toMatch(/^restconform: .*not-json\.json is not JSON: [^\n]+\n$/);
      const notReport = join(dir, 'not-report.json');
      writeFileSync(notReport, JSON.stringify({ tool: 'restconform' }));
      expect(await failing([notReport, '--user', 'admin'])).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/is not a restconform JSON report: [^\n]+\n$/),
      });
    });

    it('credentials missing: no --user, or an empty password variable', async () => {
      const report = reportLeaving([group('5')]);
      expect(await failing([report])).toEqual({
        code: 2,
        stderr: `restconform: restconform cleanup deletes as the run's account: give --user LOGIN, with its application password in ${PASSWORD_ENV}\n`,
      });
      expect(await failing([report, '--user', 'admin'])).toEqual({
        code: 2,
        stderr: `restconform: --user admin needs the application password in the environment variable ${PASSWORD_ENV}, which is empty\n`,
      });
    });
  });
});
