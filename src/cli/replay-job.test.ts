import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import { UsageError } from './errors.js';
import { replayFinding, retarget } from './replay-job.js';

/** A one-route WordPress-like server whose route answers 500 until `fixed` is set. */
let fixed = false;
let server: Server;
let base: string;
const descriptor = {
  name: 's', description: '', url: '', home: '', gmt_offset: '0', timezone_string: '', namespaces: ['x/v1'], authentication: [],
  routes: { '/x/v1/items': { namespace: 'x/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: { page: { type: 'integer', required: false } } }] } },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json; charset=UTF-8');
    if (req.url === '/wp-json/') return res.end(JSON.stringify(descriptor));
    if (req.url?.startsWith('/wp-json/x/v1/items') && !fixed) {
      res.statusCode = 500;
      return res.end(JSON.stringify({ code: 'boom', message: 'boom', data: { status: 500 } }));
    }
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: 'F1', check: 'not_a_server_error', severity: 'failure', locale: null, method: 'GET', route: '/x/v1/items', message: 'answered 500',
    // The report was written against another port: replay retargets it.
    request: { method: 'GET', url: 'http://127.0.0.1:1/wp-json/x/v1/items?page=2', headers: { accept: 'application/json', authorization: 'Basic <redacted>' } },
    curl: ['curl …'], replay: { seed: 7, operationId: '- GET /x/v1/items', phase: 'fuzz', case: { operationId: '- GET /x/v1/items', kind: 'valid', path: {}, query: { page: 2 }, body: undefined } },
    count: 1, ...overrides,
  };
}

async function reportWith(findings: Finding[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'restconform-replay-'));
  const path = join(dir, 'report.json');
  // A whole report, as replay reads reports through the report schema.
  const summary = { requests: 1, operations: 1, failures: findings.length, warnings: 0, byCheck: {} };
  const report = { tool: 'restconform', version: '0.1.0', seed: 7, target: 'http://127.0.0.1:1', locales: [null], startedAt: '2025-01-01T00:00:00.000Z', durationMs: 1, summary, coverage: [], findings };
  await writeFile(path, JSON.stringify(report));
  return path;
}

function sink(): NodeJS.WritableStream & { text: string } {
  const out = { text: '', write(chunk: string) { out.text += chunk; return true; } };
  return out as unknown as NodeJS.WritableStream & { text: string };
}

describe('replay', () => {
  it('re-sends the request and says whether the check still fails', async () => {
    const path = await reportWith([finding()]);
    fixed = false;
    const first = sink();
    expect(await replayFinding({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'NONE', out: first })).toBe(1);
    expect(first.text).toContain('F1 still fails not_a_server_error: answered 500');
    expect(first.text).toContain(`${base}/wp-json/x/v1/items?page=2`);
    fixed = true;
    const second = sink();
    expect(await replayFinding({ reportPath: path, findingId: 'F1', baseUrl: base, appPasswordEnv: 'NONE', out: second })).toBe(0);
    expect(second.text).toContain('F1 no longer fails');
  });

  it('refuses an unknown finding, a non-report and a sequence finding with a usage error', async () => {
    const path = await reportWith([finding(), finding({ id: 'F2', check: 'use_after_delete', curl: ['a', 'b'], replay: { seed: 7, operationId: 'x', phase: 'stateful' } })]);
    await expect(replayFinding({ reportPath: path, findingId: 'F9', baseUrl: base, appPasswordEnv: 'NONE', out: sink() })).rejects.toThrow(/no finding F9 .* F1, F2/);
    await expect(replayFinding({ reportPath: path, findingId: 'F2', baseUrl: base, appPasswordEnv: 'NONE', out: sink() })).rejects.toThrow(/--phases stateful/);
    const notJson = join(tmpdir(), `restconform-not-json-${process.pid}.json`);
    await writeFile(notJson, 'nope');
    await expect(replayFinding({ reportPath: notJson, findingId: 'F1', appPasswordEnv: 'NONE', out: sink() })).rejects.toBeInstanceOf(UsageError);
    await expect(replayFinding({ reportPath: join(tmpdir(), 'missing-report.json'), findingId: 'F1', appPasswordEnv: 'NONE', out: sink() })).rejects.toThrow(/cannot read report/);
  });

  it('needs the password in the environment when a user is named', async () => {
    const path = await reportWith([finding()]);
    await expect(replayFinding({ reportPath: path, findingId: 'F1', baseUrl: base, user: 'admin', appPasswordEnv: 'RESTCONFORM_TEST_UNSET', env: {}, out: sink() })).rejects.toThrow(/RESTCONFORM_TEST_UNSET/);
  });

  it('retargets a URL to a new base', () => {
    expect(retarget('http://a:1/en_gb/wp-json/x?y=1', 'http://a:1', 'http://b:2/')).toBe('http://b:2/en_gb/wp-json/x?y=1');
    expect(retarget('http://c:3/wp-json/x', 'http://a:1', 'http://b:2')).toBe('http://b:2/wp-json/x');
  });
});
