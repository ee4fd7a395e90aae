/**
 * What every benchmark child server does around its handler: drain each request body (the replayed mix has JSON
 * bodies) before answering, keep-alive on as the reference server's listener has it, print `listening on URL`
 * once ready, and stop on SIGINT or SIGTERM.
 */
import { createServer } from 'node:http';

/** @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} answer */
export function serveOnLoopback(answer) {
  const server = createServer({ keepAlive: true }, (request, response) => {
    request.resume();
    request.once('end', () => answer(request, response));
  });
  server.listen(0, '127.0.0.1', () => {
    const address = /** @type {import('node:net').AddressInfo} */ (server.address());
    process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
