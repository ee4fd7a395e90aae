import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from './index.js';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

const CHUNK = Buffer.alloc(64 * 1024, 0x20);

function chunk(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
}

/** A raw connection that has sent a chunked POST of `chunks` chunks (more than 1 MiB) and has not ended its body. */
function startOversizedUpload(chunks: number): { socket: Socket; answer: Promise<string>; errors: Error[]; closed: Promise<void> } {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  const errors: Error[] = [];
  socket.on('error', (error) => errors.push(error));
  let received = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (data: Buffer) => {
      received += data.toString('utf8');
      if (/\r\n\r\n\{.*\}$/s.test(received)) resolve(received);
    });
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write('POST /en_gb/wp-json/community/v1/members HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
  for (let i = 0; i < chunks; i++) socket.write(chunk(CHUNK));
  return { socket, answer, errors, closed };
}

describe('the connection of a refused oversized body', () => {
  it('stays readable after the 413: the client may go on sending, and the close is clean once the body ends', async () => {
    const upload = startOversizedUpload(20);
    expect(await upload.answer).toMatch(/^HTTP\/1\.1 413 .*\r\nconnection: close\r\n/is);
    // Still sending after the answer: the server reads and drops it rather than resetting the connection.
    for (let i = 0; i < 8; i++) upload.socket.write(chunk(CHUNK));
    upload.socket.end('0\r\n\r\n');
    await upload.closed;
    expect(upload.errors).toEqual([]);
  });

  it('cuts a body that goes on and on', async () => {
    const upload = startOversizedUpload(20);
    await upload.answer;
    let writing = true;
    // Past the linger bounds (16 MiB or 2 s), the server closes the connection however much is still coming.
    const pump = (): void => {
      while (writing && upload.socket.write(chunk(CHUNK)));
      if (writing) upload.socket.once('drain', pump);
    };
    pump();
    await upload.closed;
    writing = false;
    expect(upload.socket.destroyed).toBe(true);
  });
});
