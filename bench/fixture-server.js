/**
 * A loopback server that publishes a saved root descriptor (the real WordPress 6.1 index in fixtures/) at
 * `/wp-json/`, and answers every other path with WordPress's 404, so `restconform run --locales none` can load it
 * as from a real site. Prints `listening on URL`; stops on SIGINT or SIGTERM.
 *
 *   node bench/fixture-server.js FILE
 */
import { readFileSync } from 'node:fs';
import { serveOnLoopback } from './child-server.js';

const descriptor = readFileSync(process.argv[2]);
const notFound = Buffer.from(
  JSON.stringify({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } }),
);
const JSON_TYPE = 'application/json; charset=UTF-8';

serveOnLoopback((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  const body = request.method === 'GET' && (path === '/wp-json/' || path === '/wp-json') ? descriptor : notFound;
  response.writeHead(body === descriptor ? 200 : 404, { 'content-type': JSON_TYPE, 'content-length': String(body.length) });
  response.end(body);
});
