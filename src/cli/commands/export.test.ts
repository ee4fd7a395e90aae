/** `restconform export` through the command line's own entry point, in-process. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INTERFACE_CONTRACT } from '@restconform/interface';
import { parseContract, serializeContract } from '../../contract/io.js';
import { WORDPRESS_FIXTURE } from '../../export/testing/descriptors.js';
import { openApi31Errors } from '../../export/testing/openapi-validator.js';
import { main } from '../main.js';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

let dir: string;
let broken: Server;
let brokenUrl: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'restconform-export-'));
  broken = createServer((_request, response) => response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>'));
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => broken.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('restconform export', () => {
  it('--help lists every flag with its default', async () => {
    const { code, stdout } = await cli('export', '--help');
    expect(code).toBe(0);
    for (const flag of ['--base-url', '--descriptor', '--rest-root', '--locales', '--out', '--user', '--app-password-env']) expect(stdout).toContain(flag);
    // One name per setting: `--locales`, as `restconform run` spells it; the former `--locale` is read but not shown.
    expect(stdout).not.toMatch(/--locale\b(?!s)/);
    for (const shown of [
      '(default: wp-json)',
      '(default: en_gb)',
      '(default: reports/export)',
      '(default: RESTCONFORM_APP_PASSWORD)',
      '(default: anonymous)',
      '(default: the\n',
    ]) {
      expect(stdout.replace(/\s+/g, ' ')).toContain(shown.replace(/\s+/g, ' ').trim());
    }
    expect(stdout).toMatch(/json-schema \| openapi \| types \|\s+contract/);
  });

  it('exports the bundled reference server as OpenAPI 3.1 without a source, the same on every run', async () => {
    const out = join(dir, 'bundled');
    const first = await cli('export', 'openapi', '--out', out);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(`wrote ${join(out, 'openapi.json')}\n`);
    const text = await readFile(join(out, 'openapi.json'), 'utf8');
    const document = JSON.parse(text) as Record<string, unknown>;
    expect(openApi31Errors(document)).toEqual([]);
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:8080/en_gb/wp-json', description: 'REST root of locale en_gb' }]);
    expect(document['x-restconform-source']).toMatch(/^restconform \S+ reference server$/);
    expect(document['x-restconform-locale']).toBe('en_gb');
    await cli('export', 'openapi', '--out', out);
    expect(await readFile(join(out, 'openapi.json'), 'utf8')).toBe(text);
  });

  it('writes the built-in contract without a source, and prints a one-file format on stdout with --out -', async () => {
    const { code, stdout } = await cli('export', 'contract', '--out', '-');
    expect(code).toBe(0);
    expect(stdout).toBe(serializeContract(INTERFACE_CONTRACT));
  });

  it('derives a contract from a descriptor file, readable by --contract FILE', async () => {
    const out = join(dir, 'wordpress');
    const { code, stderr } = await cli('export', 'contract', '--descriptor', WORDPRESS_FIXTURE, '--locales', 'none', '--out', out);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const contract = parseContract(await readFile(join(out, 'contract.json'), 'utf8'), 'contract.json');
    expect(contract.routes.some((route) => route.route === '/wp/v2/posts')).toBe(true);
  });

  it('still reads the former --locale, saying once that --locales is its name', async () => {
    const { code, stdout, stderr } = await cli('export', 'contract', '--descriptor', WORDPRESS_FIXTURE, '--locale', 'none', '--out', '-');
    expect(code).toBe(0);
    expect(stderr).toBe('restconform: export: --locale is deprecated; use --locales, the name restconform run uses\n');
    expect(parseContract(stdout, 'stdout').routes.some((route) => route.route === '/wp/v2/posts')).toBe(true);
  });

  it('writes one JSON Schema per operation and an index into json-schema/', async () => {
    const out = join(dir, 'schemas');
    const { code, stdout } = await cli('export', 'json-schema', '--descriptor', WORDPRESS_FIXTURE, '--locales', 'none', '--out', out);
    expect(code).toBe(0);
    const names = await readdir(join(out, 'json-schema'));
    expect(names).toContain('index.json');
    expect(names).toContain('get_wp_v2_posts.schema.json');
    expect(stdout).toBe(`wrote ${names.length} files in ${join(out, 'json-schema')}\n`);
  });

  it.each([
    [['export', 'yaml'], /^restconform: export: unknown format "yaml"; formats: json-schema, openapi, types, contract\n$/],
    [['export', 'openapi', '--descriptor', 'no-such-file.json'], /^restconform: export: cannot read descriptor file no-such-file\.json: ENOENT\b[^\n]*\n$/],
    [
      ['export', 'openapi', '--base-url', 'http://127.0.0.1:1'],
      /^restconform: export: cannot read descriptor http:\/\/127\.0\.0\.1:1\/en_gb\/wp-json\/: connection_refused\b[^\n]*\n$/,
    ],
    [['export', 'openapi', '--base-url', 'ftp://example.org'], /^restconform: export: --base-url must be an http:\/\/ or https:\/\/ URL[^\n]*\n$/],
    [['export', 'openapi', '--descriptor', 'a.json', '--base-url', 'http://127.0.0.1:1'], /^restconform: export: give --base-url or --descriptor, not both\n$/],
    [['export', 'json-schema', '--out', '-'], /^restconform: export: json-schema writes one file per operation[^\n]*\n$/],
    [['export', 'openapi', '--locales', '../x'], /^restconform: export: --locales takes a locale path segment[^\n]*\n$/],
    [['export', 'openapi', '--locales', 'en_gb,el'], /^restconform: export: --locales takes one locale here \(one descriptor is read\)[^\n]*\n$/],
    [
      ['export', 'types', '--user', 'admin', '--app-password-env', 'RESTCONFORM_TEST_UNSET_VARIABLE'],
      /^restconform: export: --user admin needs the application password in the environment variable RESTCONFORM_TEST_UNSET_VARIABLE, which is empty\n$/,
    ],
  ])('%j is a one-line usage error, exit 2', async (args, message) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('reports a server that answers the descriptor with 500 in one line, exit 2', async () => {
    const { code, stderr } = await cli('export', 'openapi', '--base-url', brokenUrl);
    expect(code).toBe(2);
    expect(stderr).toBe(`restconform: export: descriptor ${brokenUrl}/en_gb/wp-json/ answered HTTP 500 (body starts: "<h1>down</h1>")\n`);
  });
});
