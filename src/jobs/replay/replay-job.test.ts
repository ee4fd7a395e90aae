import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Finding } from '../../checks/types.js';
import type { JsonReport } from '../../report/json.js';
import { JSON_REPORT_SCHEMA } from '../../report/report-schema.js';
import { UsageError } from '../errors.js';
import { recordedIdentity, replayJob, restUrlOf, retarget } from './replay-job.js';
import { sink } from './testing/replay-inputs.js';
import { temporaryFolders } from '../../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();

/**
 * A one-route WordPress-like server whose route answers 500 until `fixed` is set, to the administrator and to
 * alice; without credentials it refuses with 401, as a protected route does.
 */
let fixed = false;
const ADMIN = { user: 'admin', password: 'admin-app-password' };
const ALICE = { user: 'alice', password: 'alice-app-password' };
const basic = (credentials: { user: string; password: string }): string =>
  `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
/** The Authorization header of the last request to the route. */
let lastAuthorization: string | undefined;
/** The last upload to `/x/v1/files`, as the server received it. */
let lastUpload: { url: string; type: string | undefined; disposition: string | undefined; body: string } | undefined;
let server: Server;
let base: string;
const descriptor = {
  name: 's',
  description: '',
  url: '',
  home: '',
  gmt_offset: '0',
  timezone_string: '',
  namespaces: ['x/v1'],
  authentication: [],
  routes: {
    '/x/v1/items': { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: { page: { type: 'integer', required: false } } }] },
    '/x/v1/files': { namespace: 'x/v1', methods: ['POST'], endpoints: [{ methods: ['POST'], args: { title: { type: 'string', required: false } } }] },
    // A WordPress route: its first segment, `wp`, also begins the REST root `wp-json`.
    '/wp/v2/items': { namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args: { page: { type: 'integer', required: false } } }] },
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    if (req.url === '/wp-json/') return res.end(JSON.stringify(descriptor));
    if (req.url?.startsWith('/wp-json/x/v1/files')) {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        lastUpload = {
          url: req.url!,
          type: req.headers['content-type'],
          disposition: req.headers['content-disposition'],
          body: Buffer.concat(chunks).toString('utf8'),
        };
        res.statusCode = 500;
        res.end(JSON.stringify({ code: 'boom', message: 'boom', data: { status: 500 } }));
      });
      return;
    }
    if (req.url?.startsWith('/wp-json/x/v1/items') || req.url?.startsWith('/wp-json/wp/v2/items')) {
      lastAuthorization = req.headers.authorization;
      if (req.headers.authorization !== basic(ADMIN) && req.headers.authorization !== basic(ALICE)) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } }));
      }
      if (!fixed) {
        res.statusCode = 500;
        return res.end(JSON.stringify({ code: 'boom', message: 'boom', data: { status: 500 } }));
      }
    }
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'F1',
    check: 'not_a_server_error',
    severity: 'failure',
    locale: null,
    method: 'GET',
    route: '/x/v1/items',
    message: 'answered 500',
    // The report was written against another port: replay retargets it.
    request: { method: 'GET', url: 'http://127.0.0.1:1/wp-json/x/v1/items?page=2', headers: { accept: 'application/json', authorization: 'Basic <redacted>' } },
    curl: [`curl -sS 'http://127.0.0.1:1/wp-json/x/v1/items?page=2' -H 'accept: application/json' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`],
    replay: {
      seed: 7,
      operationId: '- GET /x/v1/items',
      phase: 'fuzz',
      case: { operationId: '- GET /x/v1/items', kind: 'valid', path: {}, query: { page: 2 }, body: undefined },
    },
    count: 1,
    ...overrides,
  };
}

/** A whole report as `run` writes it, valid against the report schema (replay reads reports through it). */
function reportOf(findings: Finding[]): JsonReport {
  const summary = {
    requests: 1,
    operations: 1,
    failures: findings.length,
    warnings: 0,
    known: 0,
    unanswered: 0,
    answeredAsRun: 1,
    refusedAsRun: 0,
    byCheck: {},
  };
  return {
    tool: 'restconform',
    version: '0.1.0',
    seed: 7,
    target: 'http://127.0.0.1:1',
    locales: [null],
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 1,
    summary,
    coverage: [],
    findings,
  };
}

async function writeReport(report: unknown): Promise<string> {
  const dir = await temporaryFolder('restconform-replay-');
  const path = join(dir, 'report.json');
  await writeFile(path, JSON.stringify(report));
  return path;
}

async function reportWith(findings: Finding[]): Promise<string> {
  const path = await writeReport(reportOf(findings));
  expect(JSON_REPORT_VALIDATOR(JSON.parse(await readFile(path, 'utf8')))).toBe(true);
  return path;
}

/** The fixtures are checked against the schema itself, so a fixture that drifts from it fails here, not in replay. */
const JSON_REPORT_VALIDATOR = (() => {
  const ajv = new Ajv2020({ allErrors: false, allowUnionTypes: true });
  addFormatsModule.default(ajv);
  return ajv.compile(JSON_REPORT_SCHEMA);
})();

const ADMIN_ENV = { RESTCONFORM_USER: ADMIN.user, RESTCONFORM_APP_PASSWORD: ADMIN.password };

describe('replay', () => {
  it('re-sends the request and says whether the check still fails', async () => {
    const path = await reportWith([finding()]);
    fixed = false;
    const first = sink();
    expect(await replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: ADMIN_ENV, out: first })).toBe(
      1,
    );
    expect(first.text).toContain('F1 still fails not_a_server_error: answered 500');
    expect(first.text).toContain(`${base}/wp-json/x/v1/items?page=2`);
    fixed = true;
    const second = sink();
    expect(await replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: ADMIN_ENV, out: second })).toBe(
      0,
    );
    expect(second.text).toContain('F1 no longer fails');
    expect(lastAuthorization).toBe(basic(ADMIN));
    // The password never reaches the output: the curl line reads it from the environment.
    expect(first.text + second.text).not.toContain(ADMIN.password);
  });

  it('replays a finding of a plain WordPress run (--locales none): a route under wp/ below the REST root wp-json', async () => {
    const wordpress = finding({
      route: '/wp/v2/items',
      request: {
        method: 'GET',
        url: 'http://127.0.0.1:1/wp-json/wp/v2/items?page=2',
        headers: { accept: 'application/json', authorization: 'Basic <redacted>' },
      },
      curl: [`curl -sS 'http://127.0.0.1:1/wp-json/wp/v2/items?page=2' -H 'accept: application/json' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD"`],
      replay: {
        seed: 7,
        operationId: '- GET /wp/v2/items',
        phase: 'fuzz',
        case: { operationId: '- GET /wp/v2/items', kind: 'valid', path: {}, query: { page: 2 }, body: undefined },
      },
    });
    fixed = false;
    const out = sink();
    expect(
      await replayJob({
        reportPath: await reportWith([wordpress]),
        findingId: 'F1',
        baseUrl: base,
        appPasswordEnv: 'RESTCONFORM_APP_PASSWORD',
        env: ADMIN_ENV,
        out,
      }),
    ).toBe(1);
    expect(out.text).toContain(`${base}/wp-json/wp/v2/items?page=2`);
    expect(out.text).toContain('F1 still fails not_a_server_error: answered 500');
  });

  it('re-sends an upload as recorded: the raw body with its content type and content-disposition', async () => {
    const upload = finding({
      method: 'POST',
      route: '/x/v1/files',
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:1/wp-json/x/v1/files?title=T',
        headers: {
          accept: 'application/json',
          authorization: 'Basic <redacted>',
          'content-type': 'text/plain',
          'content-disposition': 'attachment; filename="restconform-ab.txt"',
        },
        body: 'Restconform upload ab\n',
      },
      curl: [
        `curl -sS -X POST 'http://127.0.0.1:1/wp-json/x/v1/files?title=T' -H 'accept: application/json' -u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD" -H 'content-type: text/plain' -H 'content-disposition: attachment; filename="restconform-ab.txt"' --data-raw 'Restconform upload ab\n'`,
      ],
      replay: {
        seed: 7,
        operationId: '- POST /x/v1/files',
        phase: 'stateful',
        case: { operationId: '- POST /x/v1/files', kind: 'valid', path: {}, query: {}, body: undefined },
      },
    });
    const out = sink();
    expect(
      await replayJob({
        reportPath: await reportWith([upload]),
        findingId: 'F1',
        baseUrl: base,
        appPasswordEnv: 'RESTCONFORM_APP_PASSWORD',
        env: ADMIN_ENV,
        out,
      }),
    ).toBe(1);
    expect(lastUpload).toEqual({
      url: '/wp-json/x/v1/files?title=T',
      type: 'text/plain',
      disposition: 'attachment; filename="restconform-ab.txt"',
      body: 'Restconform upload ab\n',
    });
    expect(out.text).toContain(`-H 'content-type: text/plain' -H 'content-disposition: attachment; filename="restconform-ab.txt"'`);
    // The body ends with a line break: printf writes it and curl reads it, so the curl line stays one line.
    expect(out.text).toContain(`printf 'Restconform upload ab\\n' | curl -sS -X POST`);
    expect(out.text).toContain(`-u "$RESTCONFORM_USER:$RESTCONFORM_APP_PASSWORD" --data-binary @-\n`);
  });

  it('refuses to re-send a finding recorded with credentials without them, rather than call it fixed', async () => {
    const path = await reportWith([finding()]);
    fixed = false;
    lastAuthorization = 'not sent';
    const refused = replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: {}, out: sink() });
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow(
      /F1 was recorded with credentials; .*--user LOGIN \(or RESTCONFORM_USER\) and the application password in RESTCONFORM_APP_PASSWORD/,
    );
    // Nothing was sent anonymously (which would have met the 401 and said "no longer fails").
    expect(lastAuthorization).toBe('not sent');
    // --user and --app-password-env name the main account as run does.
    const given = sink();
    expect(
      await replayJob({
        reportPath: path,
        findingId: 'F1',
        baseUrl: base,
        user: 'admin',
        appPasswordEnv: 'MY_PW',
        env: { MY_PW: ADMIN.password },
        out: given,
      }),
    ).toBe(1);
    expect(given.text).toContain('F1 still fails not_a_server_error');
  });

  it('re-sends a finding of a further account as that account, with the password its curl line names', async () => {
    const asAlice = finding({ curl: [`curl -sS 'http://127.0.0.1:1/wp-json/x/v1/items?page=2' -u "alice:$ALICE_APP_PASSWORD"`] });
    expect(recordedIdentity(asAlice)).toEqual({ login: 'alice', passwordVariable: 'ALICE_APP_PASSWORD' });
    const path = await reportWith([asAlice]);
    fixed = false;
    await expect(
      replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: ADMIN_ENV, out: sink() }),
    ).rejects.toThrow(/the application password of alice in ALICE_APP_PASSWORD/);
    expect(
      await replayJob({
        reportPath: path,
        findingId: 'F1',
        baseUrl: base,
        appPasswordEnv: 'RESTCONFORM_APP_PASSWORD',
        env: { ALICE_APP_PASSWORD: ALICE.password },
        out: sink(),
      }),
    ).toBe(1);
    expect(lastAuthorization).toBe(basic(ALICE));
  });

  it('re-sends a finding recorded without credentials without them', async () => {
    const anonymous = finding({
      request: { method: 'GET', url: 'http://127.0.0.1:1/wp-json/x/v1/items?page=2', headers: { accept: 'application/json' } },
      curl: ['curl -sS x'],
    });
    expect(recordedIdentity(anonymous)).toBeUndefined();
    const path = await reportWith([anonymous]);
    const out = sink();
    // The route refuses an anonymous caller with a well-formed 401: not a server error.
    expect(await replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env: ADMIN_ENV, out })).toBe(0);
    expect(lastAuthorization).toBeUndefined();
  });

  it('says in one line what is wrong with a damaged report', async () => {
    const damaged = reportOf([finding()]) as unknown as { findings: Array<Record<string, unknown>> };
    delete damaged.findings[0]!.request;
    const path = await writeReport(damaged);
    const error = await replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', out: sink() }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(/report\.json is not a restconform JSON report: \/findings\/0 must have required property 'request'/);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).not.toMatch(/Cannot read properties/);
  });

  it('refuses an unknown finding, a non-report and a sequence finding with a usage error', async () => {
    const path = await reportWith([
      finding(),
      finding({ id: 'F2', check: 'use_after_delete', curl: ['a', 'b'], replay: { seed: 7, operationId: 'x', phase: 'stateful' } }),
    ]);
    await expect(replayJob({ reportPath: path, findingId: 'F9', baseUrl: base, appPasswordEnv: 'NONE', out: sink() })).rejects.toThrow(
      /no finding F9 .* F1, F2/,
    );
    await expect(replayJob({ reportPath: path, findingId: 'F2', baseUrl: base, appPasswordEnv: 'NONE', out: sink() })).rejects.toThrow(/--phases stateful/);
    const notJson = join(await temporaryFolder('restconform-replay-'), 'not-json.json');
    await writeFile(notJson, 'nope');
    await expect(replayJob({ reportPath: notJson, findingId: 'F1', appPasswordEnv: 'NONE', out: sink() })).rejects.toBeInstanceOf(UsageError);
    await expect(
      replayJob({
        reportPath: join(await temporaryFolder('restconform-replay-'), 'missing-report.json'),
        findingId: 'F1',
        appPasswordEnv: 'NONE',
        out: sink(),
      }),
    ).rejects.toThrow(/cannot read report/);
  });

  it('needs the password in the environment when a user is named', async () => {
    const path = await reportWith([finding()]);
    await expect(
      replayJob({ reportPath: path, findingId: 'F1', baseUrl: base, user: 'admin', appPasswordEnv: 'RESTCONFORM_TEST_UNSET', env: {}, out: sink() }),
    ).rejects.toThrow(/in RESTCONFORM_TEST_UNSET$/);
  });

  it('finds the REST root a request was sent under, also when the route begins like the root', () => {
    expect(restUrlOf('http://h/wp-json/wp/v2/posts/5?context=edit', { route: String.raw`/wp/v2/posts/(?P<id>[\d]+)` })).toBe('http://h/wp-json');
    expect(restUrlOf('http://h/en_gb/wp-json/community/v1/members/me', { route: '/community/v1/members/me' })).toBe('http://h/en_gb/wp-json');
    expect(restUrlOf('http://h/api/api/v1/x', { route: '/api/v1/x' })).toBe('http://h/api');
    expect(restUrlOf('http://h/wp-json/', { route: '/' })).toBe('http://h/wp-json');
    expect(restUrlOf('http://h/wp-json/other', { route: '/wp/v2/posts' })).toBeUndefined();
  });

  it('retargets a URL to a new base', () => {
    expect(retarget('http://a:1/en_gb/wp-json/x?y=1', 'http://a:1', 'http://b:2/')).toBe('http://b:2/en_gb/wp-json/x?y=1');
    expect(retarget('http://c:3/wp-json/x', 'http://a:1', 'http://b:2')).toBe('http://b:2/wp-json/x');
  });
});
