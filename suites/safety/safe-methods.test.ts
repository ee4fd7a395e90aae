/**
 * Against a target that is not on loopback, only GET, HEAD and OPTIONS are sent unless writes are allowed,
 * whatever the phases; the run's header says so. The target is a test host name that a resolver given to the
 * run maps to 127.0.0.1, and the server's access log is the witness.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { isLoopbackUrl } from '../../src/jobs/target.js';
import { knownPhaseNames } from '../../src/jobs/index.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import { TextSink } from '../../src/report/testing/text-sink.js';
import { lookupOnly, startLoggedServer, type AccessLogEntry, type LoggedServer } from './logged-server.js';

const HOST = 'api.restconform.test';
const PASSWORD = 'Safe Meth Odso Nly0 Test Pass';
const PASSWORD_ENV = 'RESTCONFORM_SAFETY_TEST_PASSWORD';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const SAFE_HEADER = 'SAFE METHODS ONLY: the target is not on loopback';

let server: LoggedServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

/** Runs every phase, with credentials, against the logged server under the test host name. */
async function runEveryPhase(allowDestructive: boolean): Promise<{ header: string; log: AccessLogEntry[] }> {
  server = await startLoggedServer({ adminPassword: PASSWORD, hostName: HOST });
  expect(isLoopbackUrl(server.url)).toBe(false);
  const console = new TextSink();
  // Progress lines go to stderr; keep them out of the test output.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const settings = loadRunSettings({
    overrides: {
      baseUrl: server.url,
      locales: ['en_gb', 'el'],
      phases: knownPhaseNames(),
      fuzzExamples: 1,
      seed: 5,
      reportDir: null,
      user: 'admin',
      appPasswordEnv: PASSWORD_ENV,
      allowDestructive,
    },
  });
  await runJob(settings, { console, env: { [PASSWORD_ENV]: PASSWORD }, lookup: lookupOnly(HOST) });
  vi.restoreAllMocks();
  // The header: the tool line, five settings, and the warning block when there is one.
  return { header: console.text.split('\n').slice(0, 10).join('\n'), log: server.log };
}

/** The method a request really asks for, override included (`?_method=` wins over the header, as in WordPress). */
function effectiveMethod(entry: AccessLogEntry): string {
  const query = new URL(entry.url, 'http://x').searchParams;
  const overrides = [...query.entries()].filter(([name]) => name === '_method' || name.startsWith('_method['));
  return (overrides[0]?.[1] ?? entry.methodOverride ?? entry.method).toUpperCase();
}

describe('a target that is not on loopback', () => {
  it('gets only GET, HEAD and OPTIONS, and the header says so', async () => {
    const { header, log } = await runEveryPhase(false);
    expect(log.length).toBeGreaterThan(100);
    const unsafe = log.filter((entry) => !SAFE.has(effectiveMethod(entry)));
    expect(unsafe).toEqual([]);
    // No write slipped through as a GET with a method override.
    expect(log.filter((entry) => entry.methodOverride !== undefined || /[?&]_method/.test(entry.url))).toEqual([]);
    expect(header).toContain(SAFE_HEADER);
    expect(header).toContain('pass --allow-destructive to test them');
  });

  it('gets writes too when they are allowed, and no warning in the header', async () => {
    const { header, log } = await runEveryPhase(true);
    const methods = new Set(log.map(effectiveMethod));
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    expect(header).not.toContain(SAFE_HEADER);
    expect(header).toContain(`target   http://${HOST}:`);
  });
});
