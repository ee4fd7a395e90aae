/**
 * The reference server with three deliberate faults, so a real run produces findings to show: `GET /seo/v1/ping`
 * in `en_gb` answers 500 with a hostile HTML body, `/calendar/v1/events` in `el` answers `text/plain`, and a
 * member's PATCH to any account (`/community/v1/members/{id}`) is carried out as the administrator's: the member
 * raises its own roles and writes other accounts' profiles (a security fault).
 */
import { basicAuthorization } from '../../src/request/index.js';
import type { AccountCredentials } from '@restconform/server';
import { actsAs } from '../../src/engine/testing/faults.js';
import { startFaultyServer as startFront, type Fault, type FaultyServer as Front } from '../../src/engine/testing/faulty-server.js';

/** A body that would run script if a report ever rendered it as HTML. */
export const HOSTILE_BODY = '<script>window.pwned = true</script><img src="x" onerror="window.pwned = true"><b>Fatal error</b>';

export const BROKEN_PATH = '/en_gb/wp-json/seo/v1/ping';
export const PLAIN_TEXT_PATH = '/el/wp-json/calendar/v1/events';
/** The routes where a member acts as the administrator: every account's own route. */
const MEMBER_ROUTE = /^\/community\/v1\/members\/\d+$/;

export interface FaultyServer {
  url: string;
  admin: AccountCredentials;
  /** The member whose writes go through as the administrator's. */
  member: AccountCredentials;
  /** A second member, so the run has another account's resources to try. */
  otherMember: AccountCredentials;
  close(): Promise<void>;
}

const brokenPing: Fault = async (request, forward) =>
  request.path.startsWith(BROKEN_PATH) ? { status: 500, headers: { 'content-type': 'text/html; charset=UTF-8' }, body: HOSTILE_BODY } : forward(request);

const plainTextEvents: Fault = async (request, forward) =>
  request.path.startsWith(PLAIN_TEXT_PATH) ? { status: 200, headers: { 'content-type': 'text/plain' }, body: '[]' } : forward(request);

/** Starts it on a free loopback port. */
export async function startFaultyServer(): Promise<FaultyServer> {
  // The member's Authorization is known once the server has made its accounts: the fault reads them when called.
  const made: { front?: Front } = {};
  const memberActsAsAdmin: Fault = (request, forward) => {
    const { admin, member } = made.front!.credentials;
    return request.method === 'PATCH' ? actsAs(MEMBER_ROUTE, basicAuthorization(member), basicAuthorization(admin))(request, forward) : forward(request);
  };
  const started = await startFront({ faults: [brokenPing, plainTextEvents, memberActsAsAdmin] });
  made.front = started;
  const { admin, member, otherMember } = started.credentials;
  return { url: started.url, admin, member, otherMember: otherMember!, close: () => started.close() };
}
