import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../http/types.js';
import { DescriptorError } from './errors.js';
import { fetchDescriptor, readDescriptorFile } from './fetch.js';
import { descriptorUrl, restUrl } from './location.js';

const fixturePath = new URL('../../fixtures/wordpress-6.1-index.json', import.meta.url);
const fixtureText = readFileSync(fixturePath, 'utf8');

let server: Server;
let baseUrl: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const answers: Record<string, () => void> = {
      '/wp-json/': () => res.writeHead(200, { 'content-type': 'application/json' }).end(fixtureText),
      '/en_gb/wp-json/': () => res.writeHead(200, { 'content-type': 'application/json' }).end(fixtureText),
      '/missing/wp-json/': () => res.writeHead(404, { 'content-type': 'text/html' }).end('<html>\n<h1>Not Found</h1></html>'),
      '/html/wp-json/': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>maintenance</p>'),
      '/shape/wp-json/': () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...JSON.parse(fixtureText), namespaces: 'wp/v2' })),
    };
    (answers[req.url ?? ''] ?? (() => res.writeHead(500).end()))();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<DescriptorError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DescriptorError);
  const descriptorError = error as DescriptorError;
  expect(descriptorError.message).not.toContain('\n');
  return descriptorError;
}

describe('descriptor locations', () => {
  it('puts the locale between the base URL and the REST root, and tidies slashes', () => {
    expect(descriptorUrl('http://h:1/', '/wp-json/', 'el')).toBe('http://h:1/el/wp-json/');
    expect(descriptorUrl('http://h:1', 'wp-json', null)).toBe('http://h:1/wp-json/');
    expect(restUrl('http://h/sub/', 'wp-json', 'en_gb')).toBe('http://h/sub/en_gb/wp-json');
  });
});

describe('fetchDescriptor', () => {
  it('fetches a plain WordPress index and loads it', async () => {
    const loaded = await fetchDescriptor({ baseUrl, restRoot: 'wp-json', locale: null });
    expect(loaded.source).toBe(`${baseUrl}/wp-json/`);
    expect(loaded.locale).toBeNull();
    expect(Object.keys(loaded.root.routes)).toHaveLength(110);
    expect(loaded.operations[0]?.id).toBe('- GET /');
  });

  it('fetches a locale’s index and sends credentials as HTTP Basic', async () => {
    const loaded = await fetchDescriptor({ baseUrl, restRoot: '/wp-json/', locale: 'en_gb', credentials: { user: 'admin', password: 'abcd efgh' } });
    expect(loaded.operations[0]?.id).toBe('en_gb GET /');
    const request = seen.at(-1);
    expect(request?.url).toBe('/en_gb/wp-json/');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('admin:abcd efgh').toString('base64')}`);
    expect(request?.headers.accept).toBe('application/json');
  });

  it('names the URL and status when the answer is not 200', async () => {
    const error = await failure(fetchDescriptor({ baseUrl, restRoot: 'wp-json', locale: 'missing' }));
    expect(error.message).toBe(`descriptor ${baseUrl}/missing/wp-json/ answered HTTP 404 (body starts: "<html> <h1>Not Found</h1></html>")`);
    expect(error.source).toBe(`${baseUrl}/missing/wp-json/`);
  });

  it('says when the answer is not JSON', async () => {
    const error = await failure(fetchDescriptor({ baseUrl, restRoot: 'wp-json', locale: 'html' }));
    expect(error.message).toMatch(new RegExp(`^descriptor ${baseUrl}/html/wp-json/ is not JSON: .*maintenance`));
  });

  it('names the bad field', async () => {
    const error = await failure(fetchDescriptor({ baseUrl, restRoot: 'wp-json', locale: 'shape' }));
    expect(error.field).toBe('namespaces');
    expect(error.message).toBe(`descriptor ${baseUrl}/shape/wp-json/: field namespaces must be array, got string "wp/v2"`);
  });

  it('says when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(fetchDescriptor({ baseUrl: `http://127.0.0.1:${port}`, restRoot: 'wp-json', locale: null }));
    expect(error.message).toMatch(new RegExp(`^cannot reach descriptor http://127.0.0.1:${port}/wp-json/: .*ECONNREFUSED`));
  });

  it('goes through a transport when given one', async () => {
    const sent: string[] = [];
    const transport = {
      async send(request: { url: string }): Promise<Exchange> {
        sent.push(request.url);
        return {
          request: { method: 'GET', url: request.url, headers: {} },
          response: { status: 200, headers: {}, bodyText: fixtureText, truncated: false, json: JSON.parse(fixtureText) },
          durationMs: 1,
        };
      },
    };
    const loaded = await fetchDescriptor({ baseUrl: 'http://example.test', restRoot: 'wp-json', locale: 'el', transport });
    expect(sent).toEqual(['http://example.test/el/wp-json/']);
    expect(loaded.operations[0]?.id).toBe('el GET /');
  });

  it('reports a transport error with its code', async () => {
    const transport = {
      async send(request: { url: string }): Promise<Exchange> {
        return {
          request: { method: 'GET', url: request.url, headers: {} },
          error: { code: 'timeout', message: 'no headers within 10000 ms' },
          durationMs: 10_000,
        };
      },
    };
    const error = await failure(fetchDescriptor({ baseUrl: 'http://example.test', restRoot: 'wp-json', locale: null, transport }));
    expect(error.message).toBe('cannot read descriptor http://example.test/wp-json/: timeout: no headers within 10000 ms');
  });
});

describe('readDescriptorFile', () => {
  it('reads a saved descriptor', async () => {
    const loaded = await readDescriptorFile(fixturePath.pathname, 'el');
    expect(loaded.locale).toBe('el');
    expect(loaded.operations.length).toBeGreaterThan(110);
  });

  it('names the file it cannot read', async () => {
    const error = await failure(readDescriptorFile('no-such-descriptor.json'));
    expect(error.message).toMatch(/^cannot read descriptor file no-such-descriptor.json: ENOENT/);
  });
});
