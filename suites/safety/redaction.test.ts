/**
 * The application password never leaves the process: a run with every report format, the console and the
 * progress stream captured, against a server that even echoes the credentials back on one route, is searched
 * for the password in every form it could take (as given, without spaces, percent-encoded, and the Basic
 * `Authorization` token).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runJob } from '../../src/jobs/run-job.js';
import { knownPhaseNames } from '../../src/jobs/index.js';
import { loadRunSettings } from '../../src/jobs/index.js';
import type { JsonReport } from '../../src/report/index.js';
import { TextSink } from '../../src/report/testing/text-sink.js';
import { startLoggedServer, type LoggedServer } from './logged-server.js';

const USER = 'admin';
const PASSWORD = 'Rd4x Qp7v Nm2k Lz9w Hs5t Jb8c';
const PASSWORD_ENV = 'RESTCONFORM_REDACTION_TEST_PASSWORD';
/** A route with no arguments whose GET the leaky server answers with the caller's credentials. */
const LEAKY_ROUTE = '/calendar/v1/events';

/** Every form of the secret that would give it away. */
function secretForms(): Record<string, string> {
  const compact = PASSWORD.replace(/\s+/g, '');
  return {
    password: PASSWORD,
    'password without spaces': compact,
    'percent-encoded password': encodeURIComponent(PASSWORD),
    'Basic token': Buffer.from(`${USER}:${PASSWORD}`).toString('base64'),
    'Basic token without spaces': Buffer.from(`${USER}:${compact}`).toString('base64'),
  };
}

let folder: string;
let server: LoggedServer;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'restconform-redaction-'));
  server = await startLoggedServer({ adminPassword: PASSWORD, leakOn: LEAKY_ROUTE });
});

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the application password', () => {
  it('appears in no report, console line, progress line, ndjson line, junit, html or curl line', async () => {
    const paths = {
      json: join(folder, 'report.json'),
      junit: join(folder, 'junit.xml'),
      html: join(folder, 'report.html'),
      ndjson: join(folder, 'events.ndjson'),
    };
    const console = new TextSink();
    let progress = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      progress += chunk.toString();
      return true;
    });
    const settings = loadRunSettings({
      overrides: {
        baseUrl: server.url,
        locales: ['en_gb', 'el'],
        phases: knownPhaseNames(),
        fuzzExamples: 2,
        seed: 11,
        user: USER,
        appPasswordEnv: PASSWORD_ENV,
        reportDir: null,
        ...paths,
      },
    });
    try {
      await runJob(settings, { console, env: { [PASSWORD_ENV]: PASSWORD } });
    } finally {
      vi.restoreAllMocks();
    }

    // The credentials were used, and the leak was seen and reported: there was something to redact.
    expect(server.log.length).toBeGreaterThan(100);
    const report = JSON.parse(await readFile(paths.json, 'utf8')) as JsonReport;
    const leaks = report.findings.filter((finding) => finding.check === 'no_sensitive_data' && finding.route === LEAKY_ROUTE);
    expect(leaks.length).toBeGreaterThan(0);
    expect(report.findings.some((finding) => finding.curl.some((line) => line.includes(`-u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`)))).toBe(true);
    expect(console.text).toContain('restconform:');
    expect(progress).toContain('phase examples');

    const outputs: Record<string, string> = { console: console.text, 'progress stream': progress };
    expect((await readdir(folder)).sort()).toEqual(['events.ndjson', 'junit.xml', 'report.html', 'report.json']);
    for (const [format, path] of Object.entries(paths)) outputs[format] = await readFile(path, 'utf8');
    // The HTML report may escape or encode what it shows; look in its decoded text too.
    outputs['html, entities decoded'] = outputs.html!.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))).replace(/&amp;/g, '&');

    const found: string[] = [];
    for (const [output, text] of Object.entries(outputs)) {
      for (const [form, secret] of Object.entries(secretForms())) if (text.includes(secret)) found.push(`${form} in ${output}`);
    }
    expect(found).toEqual([]);
  });
});
