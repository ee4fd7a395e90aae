/**
 * A server whose every answer but its descriptor is a JSON array that never ends, against each phase alone: the
 * body cap holds on every path a request takes (a race's included), so the run ends on its own within its budget,
 * exits 1 and writes its report, and Node prints no warning on the way. The real command-line process, so that a
 * crash (a V8 fatal error, exit 133) or a warning on stderr shows as it would to a user.
 */
import { writeFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliProcesses } from '../../src/cli/testing/cli-process.js';
import type { JsonReport } from '../../src/report/index.js';
import { knownPhaseNames } from '../../src/jobs/index.js';
import { temporaryFolders } from '../../src/testing/temporary-folders.js';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { endlessBody } from './misbehaviours.js';

const restconform = cliProcesses();
const folders = temporaryFolders();

/** The run's own budget, and how long after it the process may still take (start-up, clean-up, reports). */
const BUDGET_SECONDS = 10;
const SLACK_SECONDS = 60;
/** The variable the administrator's password is handed over in. */
const PASSWORD_VARIABLE = 'HOSTILE_APP_PASSWORD';

/**
 * Phases that send nothing to this server: `contract` compares the descriptors only, and `schemas` is skipped,
 * since no item schema can be read from an endless body. Their runs find nothing, and say so with exit 0.
 */
const SEND_NOTHING = new Set(['contract', 'schemas']);

let server: HostileServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a server whose every answer is an endless body', () => {
  it.each(knownPhaseNames())('meets the body cap in the %s phase: the run ends within its budget, with its report and no Node warning', async (phase) => {
    server = await startHostileServer({ misbehaviour: endlessBody, everywhere: true });
    const folder = await folders('restconform-endless-');
    const config = join(folder, 'restconform.yaml');
    // A small cap keeps each cut body quick to read; one round, one sequence, one locale (two for the locale phase,
    // which compares them): enough to meet the cap everywhere.
    await writeFile(config, 'max-body-bytes: 65536\nsequences: 1\nrace-rounds: 1\n');
    const json = join(folder, 'report.json');
    const started = performance.now();
    const run = restconform(
      [
        'run',
        ...[
          '--config',
          config,
          '--base-url',
          server.url,
          '--locales',
          phase === 'locale' ? 'en_gb,el' : 'en_gb',
          '--phases',
          phase,
          '--examples',
          '1',
          '--seed',
          '7',
        ],
        ...['--concurrency', '4', '--time-budget', String(BUDGET_SECONDS), '--user', server.admin.user, '--app-password-env', PASSWORD_VARIABLE],
        ...['--report-dir', folder, '--json', json],
      ],
      { [PASSWORD_VARIABLE]: server.admin.password },
    );
    const limit = setTimeout(() => run.child.kill('SIGKILL'), (BUDGET_SECONDS + SLACK_SECONDS) * 1000);
    const finished = await run.finished.finally(() => clearTimeout(limit));
    const seconds = (performance.now() - started) / 1000;

    expect(finished.stderr).not.toMatch(/Warning|Fatal/);
    expect(finished.code, finished.stderr).toBe(SEND_NOTHING.has(phase) ? 0 : 1);
    expect(seconds).toBeLessThan(BUDGET_SECONDS + SLACK_SECONDS);
    const report = JSON.parse(await readFile(json, 'utf8')) as JsonReport;
    expect(report.stoppedEarly ?? 'finished').not.toMatch(/interrupted/);
    if (SEND_NOTHING.has(phase)) {
      expect(report.summary.requests).toBe(0);
      return;
    }
    expect(report.findings.some((finding) => finding.check === 'response_received' && /body_too_large/.test(finding.message))).toBe(true);
  });
});
