/**
 * The bare server: Node's own HTTP server answering every request with one fixed JSON body, keep-alive on, the
 * same as the reference server's listener. Its rate is the ceiling any Node server on this machine can reach.
 * `node bench/bare-server.js [PADDING]` makes the fixed body PADDING bytes longer (to answer as much as another
 * server does on average). Prints `listening on URL`; stops on SIGINT or SIGTERM.
 */
import { serveOnLoopback } from './child-server.js';

const padding = Number(process.argv[2] ?? 0);
const BODY = Buffer.from(
  JSON.stringify({ code: 'ok', message: 'a fixed answer', data: { status: 200 }, ...(padding > 0 ? { padding: 'x'.repeat(padding) } : {}) }),
);
const HEADERS = { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(BODY.length) };

serveOnLoopback((_request, response) => {
  response.writeHead(200, HEADERS);
  response.end(BODY);
});
