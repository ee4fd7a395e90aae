/**
 * How close together the requests of a race arrive: `sendTogether` (from dist/) sends races of eight requests, half
 * with a body, to a server in another process that answers each with when its first byte arrived, so its clock is
 * not held up by the sender's event loop. A figure, not a pass mark: how tight a race is depends on the machine's
 * load, which is why it is measured here and not asserted in a unit test.
 */
import { spawn } from 'node:child_process';
import { DEFAULT_TRANSPORT_OPTIONS } from '../dist/http/options.js';
import { sendTogether } from '../dist/http/together.js';

const FIRST_BYTE_SERVER = `
import { createServer } from 'node:net';
const server = createServer((socket) => socket.once('data', () => {
  const body = JSON.stringify({ at: performance.timeOrigin + performance.now() });
  socket.end('HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\nconnection: close\\r\\ncontent-length: ' + body.length + '\\r\\n\\r\\n' + body);
}));
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Sends `races` races of `size` requests; gives the median and the best, in milliseconds, of the spread between the
 * first and last request handed to its connection (`write`) and between the first and last first byte at the
 * server (`arrival`).
 * @param {{ races?: number, size?: number }} [options]
 */
export async function measureRaceSpread({ races = 20, size = 8 } = {}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', FIRST_BYTE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim())));
    const url = `http://127.0.0.1:${port}/`;
    const write = [];
    const arrival = [];
    for (let race = 0; race < races; race += 1) {
      const requests = Array.from({ length: size }, (_, index) =>
        index % 2 === 0 ? { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: '{}' } : { method: 'GET', url, headers: {} },
      );
      const { exchanges, spreadMs } = await sendTogether(requests, DEFAULT_TRANSPORT_OPTIONS);
      const arrived = exchanges.map((exchange) => exchange.response?.json?.at).filter((at) => typeof at === 'number');
      if (arrived.length !== size) throw new Error(`a race of ${size} was answered ${arrived.length} times`);
      write.push(spreadMs);
      arrival.push(Math.max(...arrived) - Math.min(...arrived));
    }
    return {
      races,
      size,
      writeMedianMs: median(write),
      writeBestMs: Math.min(...write),
      arrivalMedianMs: median(arrival),
      arrivalBestMs: Math.min(...arrival),
    };
  } finally {
    child.kill();
  }
}
