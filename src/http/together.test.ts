import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequest } from '../request/types.js';
import { closedPortUrl } from './testing/test-servers.js';
import { DEFAULT_TRANSPORT_OPTIONS } from './options.js';
import { sendTogether } from './together.js';
import { createTransport } from './transport.js';

/** When each request's head arrived, and a check-then-write that awaits between the two (a racy create). */
let arrivals: number[] = [];
let created = 0;
let taken = false;
/** The answers of the racy route held back until the whole race has arrived. */
const racyWaiting: (() => void)[] = [];
const RACE_SIZE = 6;
let server: Server;
let url: string;
/** A server in another process, so its clock is not held up by this one's event loop: it answers each request with when its first byte arrived. */
let child: ChildProcess;
let childUrl: string;
const CHILD_SERVER = `
import { createServer } from 'node:net';
const server = createServer((socket) => socket.once('data', () => {
  const body = JSON.stringify({ at: performance.timeOrigin + performance.now() });
  socket.end('HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\nconnection: close\\r\\ncontent-length: ' + body.length + '\\r\\n\\r\\n' + body);
}));
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    if (req.url === '/racy') {
      // Check, then write once every request of the race has been checked (or after a second): a fixed pause
      // would be outrun by a busy machine, where the six requests may arrive further apart than any pause.
      const free = !taken;
      racyWaiting.push(() => {
        if (free) {
          taken = true;
          created += 1;
        }
        res.writeHead(free ? 201 : 400, { 'content-type': 'application/json' }).end(JSON.stringify({ free }));
      });
      const answerAll = () => racyWaiting.splice(0).forEach((answer) => answer());
      if (racyWaiting.length === RACE_SIZE) answerAll();
      else setTimeout(answerAll, 1_000);
      return;
    }
    if (req.url === '/endless') {
      // A JSON array that never ends, until the client hangs up.
      res.writeHead(200, { 'content-type': 'application/json' }).write('[');
      const timer = setInterval(() => res.write('"endless", '.repeat(500)), 2);
      res.on('close', () => clearInterval(timer));
      return;
    }
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  child = spawn(process.execPath, ['--input-type=module', '-e', CHILD_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  childUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  child.kill();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string, body?: string): HttpRequest => ({
  method: body === undefined ? 'GET' : 'POST',
  url: `${url}${path}`,
  headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body }),
});

describe('sendTogether', () => {
  it('sends each request as given and answers them in order', async () => {
    arrivals = [];
    const requests = Array.from({ length: 8 }, (_, index) => request(`/item/${index}?n=${index}`, index % 2 === 0 ? JSON.stringify({ index }) : undefined));
    const { exchanges } = await sendTogether(requests, DEFAULT_TRANSPORT_OPTIONS);
    expect(exchanges.map((exchange) => exchange.response?.status)).toEqual(Array(8).fill(200));
    expect(exchanges.map((exchange) => (exchange.response?.json as { path: string }).path)).toEqual(requests.map((_, index) => `/item/${index}?n=${index}`));
    expect(arrivals).toHaveLength(8);
  });

  it('writes every request in one turn: they arrive within a few milliseconds of each other', async () => {
    // The best of three races, as this machine may be busy with other work; the first also warms undici's parser.
    const spreads: number[] = [];
    const writeSpreads: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const requests = Array.from({ length: 8 }, (_, index) => request('/', index % 2 === 0 ? '{}' : undefined)).map((one) => ({
        ...one,
        url: `${childUrl}/`,
      }));
      const { exchanges, spreadMs } = await sendTogether(requests, DEFAULT_TRANSPORT_OPTIONS);
      const arrived = exchanges.map((exchange) => (exchange.response?.json as { at: number }).at);
      writeSpreads.push(spreadMs);
      spreads.push(Math.max(...arrived) - Math.min(...arrived));
    }
    expect(Math.min(...writeSpreads)).toBeLessThan(50);
    expect(Math.min(...spreads)).toBeLessThan(5);
  });

  it('lets a check that awaits before its write be passed by every request of the race', async () => {
    taken = false;
    created = 0;
    const { exchanges } = await sendTogether(
      Array.from({ length: RACE_SIZE }, () => request('/racy', '{}')),
      DEFAULT_TRANSPORT_OPTIONS,
    );
    expect(exchanges.every((exchange) => exchange.response?.status === 201)).toBe(true);
    expect(created).toBe(RACE_SIZE);
  });

  it('answers a connection it could not open with an error, and still sends the others', async () => {
    const closed = await closedPortUrl();
    const { exchanges } = await sendTogether([request('/a'), { ...request('/b'), url: `${closed}/b` }], DEFAULT_TRANSPORT_OPTIONS);
    expect(exchanges[0]?.response?.status).toBe(200);
    expect(exchanges[1]?.error?.code).toBe('connection_refused');
  });
});

describe("the transport's together", () => {
  it('cuts each body of a race at the cap, as it cuts any other, and sends the race again as often as asked', async () => {
    const transport = createTransport({ maxBodyBytes: 4096 });
    try {
      for (let round = 0; round < 3; round += 1) {
        const exchanges = await transport.together(Array.from({ length: 4 }, () => request('/endless', '{}')));
        expect(exchanges.map((exchange) => exchange.error?.code)).toEqual(Array(4).fill('body_too_large'));
        expect(exchanges.every((exchange) => exchange.response?.truncated === true && exchange.response.bodyText.length === 4096)).toBe(true);
      }
      // The same transport's single requests are cut at the same cap, and a larger cap is asked for by name.
      expect((await transport.send(request('/endless'))).response?.bodyText).toHaveLength(4096);
      expect((await transport.withBodyCap(8192).send(request('/endless'))).response?.bodyText).toHaveLength(8192);
    } finally {
      await transport.close();
    }
  });

  it('answers a race sent on a closed transport without sending it', async () => {
    const transport = createTransport();
    await transport.close();
    arrivals = [];
    const exchanges = await transport.together([request('/a'), request('/b')]);
    expect(exchanges.map((exchange) => exchange.error?.message)).toEqual(['transport closed', 'transport closed']);
    expect(arrivals).toEqual([]);
  });
});
