/**
 * What a user of `restconform run` sees for the three faults issue 3 names (a 500, an out-of-range per_page
 * accepted, a leaked password field): exit code 1, a finding that names the check, the operation and the
 * locale, a curl line for the exact request, and a replay of that finding that still fails on the faulty server.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/types.js';
import { replayJob } from '../../src/jobs/replay/replay-job.js';
import { runJob } from '../../src/jobs/run-job.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import { startFaultyServer, type Fault } from '../../src/engine/testing/faulty-server.js';
import type { JsonReport } from '../../src/report/json.js';
import { passwordInMembers, perPageMaximumNotEnforced, serverErrorAtLargestPage } from './faults.js';
import { temporaryFolders } from '../../src/testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

const PASSWORD_ENV = 'REPRODUCTION_APP_PASSWORD';
const MEMBERS = '/community/v1/members';

const CASES: Array<{ name: string; fault: Fault; check: string; route: string; inCurl: string }> = [
  { name: 'a server error', fault: serverErrorAtLargestPage(), check: 'not_a_server_error', route: MEMBERS, inCurl: 'per_page=100' },
  { name: 'an out-of-range per_page accepted', fault: perPageMaximumNotEnforced(), check: 'invalid_rejected', route: MEMBERS, inCurl: 'per_page=101' },
  {
    name: 'a leaked password field',
    fault: passwordInMembers(),
    check: 'no_sensitive_data',
    route: `${MEMBERS}/me`,
    inCurl: '/en_gb/wp-json/community/v1/members/me',
  },
];

/** A sink for replay's output. */
const quietOut = (): NodeJS.WritableStream => ({ write: () => true }) as unknown as NodeJS.WritableStream;

describe('a fault as the user meets it', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: exit 1, a finding with check, operation, locale and curl, and a replay that still fails',
    async (_name, c) => {
      const server = await startFaultyServer({ seed: 11, faults: [c.fault] });
      try {
        const json = join(await temporaryFolder('restconform-repro-'), 'report.json');
        const settings = loadRunSettings({
          overrides: {
            baseUrl: server.url,
            locales: ['en_gb'],
            phases: ['examples'],
            seed: 1,
            user: server.credentials.admin.user,
            appPasswordEnv: PASSWORD_ENV,
            reportDir: null,
            json,
          },
        });
        const env = { [PASSWORD_ENV]: server.credentials.admin.password };
        const { exitCode } = await runJob(settings, { console: false, env });
        expect(exitCode).toBe(1);

        const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
        const finding = report.findings.find((f: Finding) => f.check === c.check && f.route === c.route && f.severity === 'failure');
        expect(finding, JSON.stringify(report.findings.map((f) => `${f.check} ${f.method} ${f.route}`))).toBeDefined();
        expect(finding!.locale).toBe('en_gb');
        expect(finding!.method).toBe('GET');
        expect(finding!.curl).toHaveLength(1);
        expect(finding!.curl[0]).toMatch(/^curl /);
        expect(finding!.curl[0]).toContain(c.inCurl);
        expect(finding!.curl[0]).toContain('$RESTCONFORM_APP_PASSWORD');
        expect(finding!.curl[0]).not.toContain(server.credentials.admin.password);

        const replayed = await replayJob({
          reportPath: json,
          findingId: finding!.id,
          baseUrl: server.url,
          user: server.credentials.admin.user,
          appPasswordEnv: PASSWORD_ENV,
          env,
          out: quietOut(),
        });
        expect(replayed).toBe(1);
      } finally {
        await server.close();
      }
    },
  );
});
