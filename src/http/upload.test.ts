/**
 * A file upload (a raw, non-JSON body) over real loopback HTTP: what the harness sends reaches the server as
 * built, and the request's curl line, run by a real shell and curl, sends the same method, URL, headers and body.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRoutePattern } from '../descriptor/route-pattern.js';
import type { Operation } from '../descriptor/types.js';
import { buildRequest, toCurl } from '../request/index.js';
import { startHttpServer, type TestServer } from './testing/test-servers.js';
import { createTransport } from './transport.js';

const run = promisify(execFile);

const MEDIA: Operation = {
  id: '- POST /wp/v2/media',
  locale: null,
  method: 'POST',
  route: '/wp/v2/media',
  namespace: 'wp/v2',
  pattern: parseRoutePattern('/wp/v2/media'),
  args: {},
  allowBatch: false,
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('an upload over loopback', () => {
  it('reaches the server as built, and its curl line reproduces it byte for byte', async () => {
    server = await startHttpServer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"id":7}');
    });
    const credentials = { user: 'admin', password: 'abcd EFGH ijkl MNOP qrst UVWX' };
    // A quote, a dollar and a line break in the content: the shell must pass them through untouched.
    const content = "Restconform upload it's $HOME\nsecond line\n";
    const request = buildRequest({
      restUrl: `${server.url}/wp-json/`,
      operation: MEDIA,
      requestCase: { operationId: MEDIA.id, kind: 'valid', path: {}, query: {}, body: { title: 'Restconform title ab12', post: 3 } },
      credentials,
      upload: { filename: 'restconform-ab12.txt', contentType: 'text/plain', content },
    });
    const transport = createTransport();
    try {
      const exchange = await transport.send(request);
      expect(exchange.response?.status).toBe(201);
    } finally {
      await transport.close();
    }
    const line = toCurl(request, [credentials.password]);
    expect(line).not.toContain(credentials.password.replace(/ /g, ''));
    await run('sh', ['-c', line], { env: { ...process.env, RESTCONFORM_USER: credentials.user, RESTCONFORM_APP_PASSWORD: credentials.password } });

    const [sent, replayed] = server.requests;
    expect(server.requests).toHaveLength(2);
    const authorization = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    for (const seen of [sent!, replayed!]) {
      expect(seen.method).toBe('POST');
      expect(seen.url).toBe('/wp-json/wp/v2/media?title=Restconform%20title%20ab12&post=3');
      expect(seen.headers['content-type']).toBe('text/plain');
      expect(seen.headers['content-disposition']).toBe('attachment; filename="restconform-ab12.txt"');
      expect(seen.headers.authorization).toBe(authorization);
      expect(seen.body).toBe(content);
    }
  });
});
