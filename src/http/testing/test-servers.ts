/** Small loopback servers for the tests that need real sockets (the transport's, the phases'): port 0, closed by the caller. */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** A running test server and what it saw. */
export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** Requests seen, in order (HTTP servers only). */
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
  /** TCP connections accepted. */
  connections: number;
  close(): Promise<void>;
}

/** Listens on a free loopback port, counts connections, and closes them all on `close`. */
async function serve(server: Server): Promise<TestServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: TestServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    connections: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return state;
}

/** An HTTP server whose handler sees each request with its body already read. */
export async function startHttpServer(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TestServer> {
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  const state = await serve(server);
  return state;
}

/** A TCP server that answers every connection with `raw` bytes and then ends it (for malformed HTTP). */
export async function startRawServer(raw: string): Promise<TestServer> {
  return serve(createTcpServer((socket) => socket.once('data', () => socket.end(raw))));
}

/** A URL on which nothing listens (a port that was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
