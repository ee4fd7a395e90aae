/**
 * The run's selection of checks reaches a phase's own checks: a check `--checks` leaves out is not run though its
 * phase runs (the phase never hands it evidence), and a severity given in `severity:` is the one its findings carry.
 * Against a server that answers a member's delete but keeps the member, `use_after_delete` has something to find.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKS } from '../../../checks/index.js';
import { useAfterDelete } from '../../../checks/stateful/use-after-delete.js';
import { runJob } from '../../../jobs/run-job.js';
import { loadRunSettings } from '../../../jobs/settings.js';
import { deleteKeepsMember } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';

describe("the run's selection of a phase's checks", () => {
  const servers: FaultyServer[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  async function statefulRun(selection: { checks?: string[]; severity?: Record<string, 'failure' | 'warning'> }) {
    const server = await startFaultyServer({ seed: 5, faults: [deleteKeepsMember()] });
    servers.push(server);
    const { admin } = server.credentials;
    const settings = loadRunSettings({
      overrides: {
        seed: 5,
        baseUrl: server.url,
        locales: ['en_gb'],
        phases: ['stateful'],
        reportDir: null,
        user: admin.user,
        appPasswordEnv: 'RC_ADMIN',
        ...selection,
      },
    });
    const judge = vi.spyOn(useAfterDelete, 'judge');
    const { result } = await runJob(settings, { console: false, env: { RC_ADMIN: admin.password } });
    return { judge, findings: result!.findings.filter((finding) => finding.check === 'use_after_delete') };
  }

  it('runs a selected check with the severity configuration gives it', async () => {
    const { judge, findings } = await statefulRun({ severity: { use_after_delete: 'warning' } });
    expect(judge).toHaveBeenCalled();
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.map((finding) => finding.severity)).toEqual(findings.map(() => 'warning'));
  });

  it('never hands evidence to a check --checks leaves out', async () => {
    const { judge, findings } = await statefulRun({ checks: CHECKS.map((check) => check.name).filter((name) => name !== 'use_after_delete') });
    expect(judge).not.toHaveBeenCalled();
    expect(findings).toEqual([]);
  });
});
