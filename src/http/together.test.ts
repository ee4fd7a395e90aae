import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpRequest } from '../request/types.js';
import { closedPortUrl } from './testing/test-servers.js';
import { DEFAULT_TRANSPORT_OPTIONS } from './options.js';
import { openBurst, sendTogether } from './together.js';
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
/** A server that counts the connections opened to it and the bytes written on them, and answers each request with its connection's number. */
const watched = { connections: 0, bytes: 0 };
let watchedServer: NetServer;
let watchedUrl: string;

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
  watchedServer = createNetServer((socket) => {
    watched.connections += 1;
    const connection = watched.connections;
    socket.on('data', (chunk) => {
      watched.bytes += chunk.length;
      // One request a connection, with a body of two bytes: answer once its end is there.
      if (!chunk.toString().endsWith('{}')) return;
      const body = JSON.stringify({ connection });
      socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    });
  });
  await new Promise<void>((resolve) => watchedServer.listen(0, '127.0.0.1', resolve));
  watchedUrl = `http://127.0.0.1:${(watchedServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => watchedServer.close(resolve));
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

  it('opens one connection per request first, writes nothing until every request of the race is there, then sends each on its own', async () => {
    // How close together the requests arrive is a figure of the machine's load: `npm run bench` measures it
    // (raceWriteSpreadMs, raceArrivalSpreadMs). What is asserted here is the order that makes races tight.
    const size = 4;
    const burst = await openBurst(
      Array.from({ length: size }, () => request('/', '{}')).map((one) => ({ ...one, url: `${watchedUrl}/` })),
      DEFAULT_TRANSPORT_OPTIONS,
    );
    await vi.waitFor(() => expect(watched.connections).toBe(size), { timeout: 5_000 });
    const sent = Array.from({ length: size - 1 }, () => burst.send({ ...request('/', '{}'), url: `${watchedUrl}/` }));
    // Time for a request written too early to show; the correct burst writes nothing here however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watched.bytes).toBe(0);
    sent.push(burst.send({ ...request('/', '{}'), url: `${watchedUrl}/` }));
    const exchanges = await Promise.all(sent);
    await burst.close();
    expect(exchanges.map((exchange) => exchange.response?.status)).toEqual(Array(size).fill(200));
    // Each request on a connection of its own, none opened after the race began.
    expect(new Set(exchanges.map((exchange) => (exchange.response?.json as { connection: number }).connection)).size).toBe(size);
    expect(watched.connections).toBe(size);
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
