import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorOf } from './client-error.js';
import { startReferenceServer, type ReferenceServer } from './index.js';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

/** Writes raw bytes and reads everything until the server closes the connection. */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string): { status: number; contentType: string | undefined; body: unknown } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    contentType: /^content-type: (.*)$/im.exec(head)?.[1],
    body: JSON.parse(body),
  };
}

describe('requests the HTTP parser refuses', () => {
  it('answers a request line over the header limit with a JSON 431', async () => {
    const query = Array.from({ length: 5000 }, (_, i) => `p${i}=1`).join('&');
    const answer = parse(await rawExchange(`GET /en_gb/wp-json/community/v1/members?${query} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.contentType).toBe('application/json; charset=UTF-8');
    expect(answer.body).toEqual({ code: 'rest_request_headers_too_large', message: expect.any(String), data: { status: 431 } });
  });

  it('answers a malformed request with a JSON 400', async () => {
    const answer = parse(await rawExchange('GARBAGE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'rest_bad_request', data: { status: 400 } });
  });

  it('keeps serving afterwards', async () => {
    const response = await fetch(`${server.url}/en_gb/wp-json/community/v1/members?per_page=1`);
    expect(response.status).toBe(200);
  });

  it('uses the status Node would have used', () => {
    const withCode = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });
    expect(clientErrorOf(withCode('HPE_CHUNK_EXTENSIONS_OVERFLOW')).status).toBe(413);
    expect(clientErrorOf(withCode('ERR_HTTP_REQUEST_TIMEOUT')).status).toBe(408);
    expect(clientErrorOf(withCode('HPE_INVALID_METHOD')).status).toBe(400);
  });
});
