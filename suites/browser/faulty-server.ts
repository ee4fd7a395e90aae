/**
 * The reference server with two deliberate faults, so a real run produces findings to show: `GET /seo/v1/ping`
 * in `en_gb` answers 500 with a hostile HTML body, and `/calendar/v1/events` in `el` answers `text/plain`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AccountCredentials, createRequestListener } from '@restconform/server';

/** A body that would run script if a report ever rendered it as HTML. */
export const HOSTILE_BODY = '<script>window.pwned = true</script><img src="x" onerror="window.pwned = true"><b>Fatal error</b>';

export const BROKEN_PATH = '/en_gb/wp-json/seo/v1/ping';
export const PLAIN_TEXT_PATH = '/el/wp-json/calendar/v1/events';

export interface FaultyServer {
  url: string;
  admin: AccountCredentials;
  close(): Promise<void>;
}

/** Starts it on a free loopback port. */
export async function startFaultyServer(): Promise<FaultyServer> {
  const server = createServer({ keepAlive: true });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const reference = createRequestListener({ baseUrl: url });
  server.on('request', (request, response) => {
    const path = request.url ?? '';
    if (path.startsWith(BROKEN_PATH)) {
      response.writeHead(500, { 'content-type': 'text/html; charset=UTF-8' }).end(HOSTILE_BODY);
    } else if (path.startsWith(PLAIN_TEXT_PATH)) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('[]');
    } else {
      reference(request, response);
    }
  });
  return {
    url,
    admin: reference.credentials.admin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
