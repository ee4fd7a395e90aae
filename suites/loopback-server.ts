/** Test servers of the end-to-end suites: an HTTP server on a free loopback port that can cut every connection. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A listening HTTP server (keep-alive on; attach a `request` listener) and the way to stop it at once. */
export interface LoopbackServer {
  server: Server;
  port: number;
  /** Ends every open connection, as a crash would, and stops listening. */
  cutEverything(): Promise<void>;
}

/** Listens on 127.0.0.1, port 0. */
export async function listenOnLoopback(): Promise<LoopbackServer> {
  const server = createServer({ keepAlive: true });
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    cutEverything: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) return resolve();
        server.close(() => resolve());
      }),
  };
}
