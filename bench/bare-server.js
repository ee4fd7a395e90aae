/**
 * The bare server: Node's own HTTP server answering every request with one fixed JSON body, keep-alive on, the
 * same as the reference server's listener. Its rate is the ceiling any Node server on this machine can reach.
 * Prints `listening on URL`; stops on SIGINT or SIGTERM.
 */
import { serveOnLoopback } from './child-server.js';

const BODY = Buffer.from(JSON.stringify({ code: 'ok', message: 'a fixed answer', data: { status: 200 } }));
const HEADERS = { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(BODY.length) };

serveOnLoopback((_request, response) => {
  response.writeHead(200, HEADERS);
  response.end(BODY);
});
