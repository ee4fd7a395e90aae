/**
 * The bare server: Node's own HTTP server answering every request with one fixed JSON body, keep-alive on, the
 * same as the reference server's listener. Its rate is the ceiling any Node server on this machine can reach.
 * Prints `listening on URL`; stops on SIGINT or SIGTERM.
 */
import { createServer } from 'node:http';

const BODY = Buffer.from(JSON.stringify({ code: 'ok', message: 'a fixed answer', data: { status: 200 } }));
const HEADERS = { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(BODY.length) };

const server = createServer({ keepAlive: true }, (request, response) => {
  // Drain the request body (the replayed mix has JSON bodies) before answering, as any server must.
  request.resume();
  request.once('end', () => {
    response.writeHead(200, HEADERS);
    response.end(BODY);
  });
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
