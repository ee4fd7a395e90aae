import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../request/types.js';
import { closedPortUrl, startHttpServer, startRawServer, type TestServer } from './testing/test-servers.js';
import { createTransport } from './transport.js';
import type { Transport } from './types.js';

function get(url: string, headers: Record<string, string> = { accept: 'application/json' }): HttpRequest {
  return { method: 'GET', url, headers };
}

let server: TestServer;
let other: TestServer;
let transport: Transport;
const toClose: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  server = await startHttpServer((req, res, body) => {
    const path = req.url ?? '/';
    if (path.startsWith('/json')) {
      res.setHeader('x-multi', ['a', 'b']);
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify({ path, ok: true, ü: 'ß' }));
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`[${'1,'.repeat(2000)}1]`);
    } else if (path === '/hang') {
      // Never answers.
    } else if (path === '/reset') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"partial":"');
      setTimeout(() => req.socket.resetAndDestroy(), 20);
    } else if (path === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (path === '/moved') {
      res.writeHead(301, { location: '/json?moved=1' }).end();
    } else if (path === '/see-other') {
      res.writeHead(302, { location: '/echo' }).end();
    } else if (path === '/temporary') {
      res.writeHead(307, { location: '/echo' }).end();
    } else if (path === '/elsewhere') {
      res.writeHead(308, { location: `${other.url}/echo` }).end();
    } else if (path === '/echo') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ method: req.method, body, authorization: req.headers.authorization ?? null, type: req.headers['content-type'] ?? null }));
    } else if (path.startsWith('/busy')) {
      const hits = server.requests.filter((r) => r.url === path).length;
      const retryAfter = new URL(path, 'http://x').searchParams.get('after');
      if (hits === 1 || retryAfter === 'never')
        res.writeHead(429, retryAfter === null || retryAfter === 'never' ? {} : { 'retry-after': retryAfter }).end('slow down');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ hits }));
    } else if (path === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>hello</p>');
    } else if (path === '/sniffed') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('  {"sniffed":true}');
    } else if (path === '/broken-json') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":');
    } else {
      res.writeHead(404).end();
    }
  });
  other = await startHttpServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ authorization: req.headers.authorization ?? null, path: req.url }));
  });
  transport = createTransport({ connections: 4, timeoutMs: 300, maxBodyBytes: 1000 });
});

afterAll(async () => {
  await transport.close();
  for (const resource of toClose) await resource.close();
  await server.close();
  await other.close();
});

describe('createTransport', () => {
  it('answers JSON with parsed body and lower-case, joined headers', async () => {
    const exchange = await transport.send(get(`${server.url}/json?x=1#fragment`));
    expect(exchange.error).toBeUndefined();
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.json).toEqual({ path: '/json?x=1', ok: true, ü: 'ß' });
    expect(exchange.response?.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(exchange.response?.headers['x-multi']).toBe('a, b');
    expect(exchange.response?.truncated).toBe(false);
    expect(exchange.durationMs).toBeGreaterThanOrEqual(0);
    expect(exchange.redirects).toBeUndefined();
  });

  it('keeps connections alive: many requests, few connections', async () => {
    const quiet = await startHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    toClose.push(quiet);
    for (let i = 0; i < 20; i++) expect((await transport.send(get(`${quiet.url}/n${i}`))).response?.status).toBe(200);
    const parallel = await Promise.all(Array.from({ length: 40 }, (_, i) => transport.send(get(`${quiet.url}/p${i}`))));
    expect(parallel.every((exchange) => exchange.response?.status === 200)).toBe(true);
    expect(quiet.requests).toHaveLength(60);
    expect(quiet.connections).toBeLessThanOrEqual(4);
  });

  it('keeps the connection after a DELETE with a body, and drops it after a HEAD', async () => {
    const echo = await startHttpServer((req, res, body) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, body })),
    );
    toClose.push(echo);
    const single = createTransport({ connections: 1 });
    toClose.push(single);
    for (let i = 0; i < 5; i++) {
      const exchange = await single.send({
        method: 'DELETE',
        url: `${echo.url}/item/${i}`,
        headers: { 'content-type': 'application/json' },
        body: `{"force":${i}}`,
      });
      expect(exchange.response?.json).toEqual({ method: 'DELETE', body: `{"force":${i}}` });
    }
    expect(echo.connections).toBe(1);
    // A server that wrongly answers HEAD with a body would desynchronise the next answer: undici's rule stays.
    expect((await single.send({ method: 'HEAD', url: `${echo.url}/item`, headers: {} })).response?.status).toBe(200);
    expect((await single.send(get(`${echo.url}/after-head`))).response?.status).toBe(200);
    expect(echo.connections).toBe(2);
  });

  it('cuts a body at the cap and says so', async () => {
    const exchange = await transport.send(get(`${server.url}/big`));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.truncated).toBe(true);
    expect(exchange.response?.bodyText).toHaveLength(1000);
    expect(exchange.response?.json).toBeUndefined();
    expect(exchange.error?.code).toBe('body_too_large');
    // The pool recovers from the connection it dropped.
    expect((await transport.send(get(`${server.url}/json`))).response?.status).toBe(200);
  });

  it('times out when the server never answers', async () => {
    const exchange = await transport.send(get(`${server.url}/hang`));
    expect(exchange.response).toBeUndefined();
    expect(exchange.error).toEqual({ code: 'timeout', message: 'no response headers within 300 ms' });
  });

  it('reports a connection reset in the middle of the body', async () => {
    const exchange = await transport.send(get(`${server.url}/reset`));
    expect(exchange.response).toBeUndefined();
    expect(exchange.error?.code).toBe('connection_reset');
    expect(exchange.error?.message).toMatch(/after status 200 and 12 body bytes/);
  });

  it('follows redirects and keeps the original request', async () => {
    const exchange = await transport.send(get(`${server.url}/moved`));
    expect(exchange.response?.json).toEqual({ path: '/json?moved=1', ok: true, ü: 'ß' });
    expect(exchange.request.url).toBe(`${server.url}/moved`);
    expect(exchange.redirects).toEqual([`${server.url}/json?moved=1`]);
  });

  it('turns a POST into a GET on 302, and repeats it on 307', async () => {
    const post = { method: 'POST' as const, url: `${server.url}/see-other`, headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    expect((await transport.send(post)).response?.json).toEqual({ method: 'GET', body: '', authorization: null, type: null });
    const repeated = await transport.send({ ...post, url: `${server.url}/temporary` });
    expect(repeated.response?.json).toEqual({ method: 'POST', body: '{"a":1}', authorization: null, type: 'application/json' });
  });

  it('never carries credentials to another origin', async () => {
    const exchange = await transport.send(get(`${server.url}/elsewhere`, { authorization: 'Basic c2VjcmV0' }));
    expect(exchange.response?.json).toEqual({ authorization: null, path: '/echo' });
    const same = await transport.send({ ...get(`${server.url}/temporary`, { authorization: 'Basic c2VjcmV0' }), method: 'PUT' });
    expect((same.response?.json as { authorization: string }).authorization).toBe('Basic c2VjcmV0');
  });

  it('gives up on a redirect loop', async () => {
    const before = server.requests.filter((r) => r.url === '/loop').length;
    const exchange = await transport.send(get(`${server.url}/loop`));
    expect(exchange.response).toBeUndefined();
    expect(exchange.error?.code).toBe('redirect_loop');
    expect(exchange.redirects).toHaveLength(5);
    expect(server.requests.filter((r) => r.url === '/loop').length - before).toBe(6);
  });

  it('returns 3xx answers as they are when told to follow none', async () => {
    const direct = createTransport({ maxRedirects: 0 });
    toClose.push(direct);
    const exchange = await direct.send(get(`${server.url}/loop`));
    expect(exchange.response?.status).toBe(302);
    expect(exchange.response?.headers.location).toBe('/loop');
    expect(exchange.error).toBeUndefined();
  });

  it('honours Retry-After on a 429 and retries', async () => {
    const exchange = await transport.send(get(`${server.url}/busy?after=1`));
    expect(exchange.response?.status).toBe(200);
    expect(exchange.response?.json).toEqual({ hits: 2 });
  });

  it('backs off briefly on a 429 without Retry-After, up to the retry limit', async () => {
    const once = await transport.send(get(`${server.url}/busy`));
    expect(once.response?.json).toEqual({ hits: 2 });
    const exchange = await transport.send(get(`${server.url}/busy?after=never`));
    expect(exchange.response?.status).toBe(429);
    expect(exchange.response?.bodyText).toBe('slow down');
    expect(server.requests.filter((r) => r.url === '/busy?after=never')).toHaveLength(3);
  });

  it('does not wait longer than allowed: a long Retry-After returns the 429', async () => {
    const exchange = await transport.send(get(`${server.url}/busy?after=3600`));
    expect(exchange.response?.status).toBe(429);
    expect(server.requests.filter((r) => r.url === '/busy?after=3600')).toHaveLength(1);
  });

  it('keeps a non-JSON body as text, and sniffs JSON that is not labelled', async () => {
    const html = await transport.send(get(`${server.url}/html`));
    expect(html.response?.bodyText).toBe('<!doctype html><p>hello</p>');
    expect(html.response?.json).toBeUndefined();
    expect((await transport.send(get(`${server.url}/sniffed`))).response?.json).toEqual({ sniffed: true });
    const broken = await transport.send(get(`${server.url}/broken-json`));
    expect(broken.response?.status).toBe(500);
    expect(broken.response?.json).toBeUndefined();
    expect(broken.error).toBeUndefined();
  });

  it('reports a refused connection', async () => {
    const exchange = await transport.send(get(`${await closedPortUrl()}/x`));
    expect(exchange.error?.code).toBe('connection_refused');
  });

  it('reports malformed HTTP as a protocol error', async () => {
    const garbage = await startRawServer('HELLO THERE\r\n\r\n');
    const short = await startRawServer('HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nshort');
    toClose.push(garbage, short);
    expect((await transport.send(get(`${garbage.url}/`))).error?.code).toBe('protocol_error');
    const exchange = await transport.send(get(`${short.url}/`));
    expect(exchange.error?.code).toBe('protocol_error');
    expect(exchange.error?.message).toMatch(/UND_ERR_RES_CONTENT_LENGTH_MISMATCH/);
  });

  it('reports an abort, and never rejects', async () => {
    const controller = new AbortController();
    const pending = transport.send(get(`${server.url}/hang`), controller.signal);
    controller.abort();
    expect((await pending).error?.code).toBe('aborted');
    expect((await transport.send(get('not a url'))).error?.code).toBe('protocol_error');
    expect((await transport.send(get('ftp://127.0.0.1/x'))).error?.message).toBe('unsupported protocol ftp:');
  });

  it('aborts a request still queued for a busy connection', async () => {
    const single = createTransport({ connections: 1, timeoutMs: 300 });
    toClose.push(single);
    const blocking = single.send(get(`${server.url}/hang`));
    const controller = new AbortController();
    const queued = single.send(get(`${server.url}/json?queued`), controller.signal);
    controller.abort();
    // Answered at once, while the connection is still busy with the other request.
    expect(await Promise.race([queued, blocking.then(() => 'blocking finished first')])).toMatchObject({ error: { code: 'aborted' } });
    expect((await blocking).error?.code).toBe('timeout');
    expect(server.requests.some((r) => r.url === '/json?queued')).toBe(false);
  });

  it('spaces requests under a rate limit, and an abort ends the wait', async () => {
    const limited = createTransport({ rateLimit: 0.5 });
    toClose.push(limited);
    expect((await limited.send(get(`${server.url}/json`))).response?.status).toBe(200);
    const controller = new AbortController();
    const waiting = limited.send(get(`${server.url}/json?second`), controller.signal);
    controller.abort();
    const exchange = await waiting;
    expect(exchange.error?.code).toBe('aborted');
    expect(server.requests.some((r) => r.url === '/json?second')).toBe(false);
  });

  it('resolves host names with the lookup it is given', async () => {
    const names: string[] = [];
    const named = createTransport({
      lookup: (hostname, options, callback) => {
        names.push(hostname);
        if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
        else (callback as (error: null, address: string, family: number) => void)(null, '127.0.0.1', 4);
      },
    });
    toClose.push(named);
    const exchange = await named.send(get(`${server.url.replace('127.0.0.1', 'target.restconform.test')}/json`));
    expect(exchange.response?.status).toBe(200);
    expect(names).toEqual(['target.restconform.test']);
  });

  it('reports a host name that does not resolve as such, not as a refused connection', async () => {
    const unresolved = createTransport({
      lookup: (hostname, _options, callback) => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), ''),
    });
    toClose.push(unresolved);
    const exchange = await unresolved.send(get('http://no-such-host.restconform.test/x'));
    expect(exchange.error?.code).toBe('name_not_resolved');
    expect(exchange.error?.message).toBe('the host name did not resolve (DNS): getaddrinfo ENOTFOUND no-such-host.restconform.test (ENOTFOUND)');
    const silent = createTransport({
      lookup: (hostname, _options, callback) => callback(Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN' }), ''),
    });
    toClose.push(silent);
    const again = await silent.send(get('http://no-such-host.restconform.test/x'));
    expect(again.error).toEqual({
      code: 'name_not_resolved',
      message: 'the host name did not resolve (DNS: the resolver did not answer; try again): getaddrinfo EAI_AGAIN no-such-host.restconform.test (EAI_AGAIN)',
    });
  });

  it('answers every send after close with an error', async () => {
    const closing = createTransport();
    await closing.close();
    expect((await closing.send(get(`${server.url}/json`))).error).toEqual({ code: 'aborted', message: 'transport closed' });
  });

  it('checks its options at once', () => {
    expect(() => createTransport({ connections: 0 })).toThrow(/connections must be an integer ≥ 1, got 0/);
    expect(() => createTransport({ rateLimit: -1 })).toThrow(RangeError);
    expect(() => createTransport({ retry429: { maxRetries: 1.5 } })).toThrow(/retry429.maxRetries/);
  });

  it("loads undici's own pool class from its module, the one undici's index exports", async () => {
    const [{ default: loaded }, { Pool }] = await Promise.all([import('undici/lib/dispatcher/pool.js'), import('undici')]);
    expect(loaded).toBe(Pool);
  });
});
