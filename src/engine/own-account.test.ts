import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS } from '../checks/index.js';
import { fetchDescriptor, type LoadedDescriptor } from '../descriptor/index.js';
import { createTransport, type Transport } from '../http/index.js';
import { basicAuthorization, buildRequest } from '../request/index.js';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { findOwnAccount, type OwnAccount } from './own-account.js';
import { Execution } from './execution/execution.js';

const MEMBERS = '/community/v1/members';

describe('the run’s own account', () => {
  let server: ReferenceServer;
  let transport: Transport;
  let descriptor: LoadedDescriptor;
  let account: OwnAccount | undefined;
  let ownId: string;
  let restUrl: string;

  beforeAll(async () => {
    server = await startReferenceServer({ port: 0, seed: 5 });
    transport = createTransport();
    descriptor = await fetchDescriptor({ baseUrl: server.url, restRoot: 'wp-json', locale: 'en_gb', transport, credentials: server.credentials.admin });
    restUrl = `${server.url}/en_gb/wp-json`;
    account = await findOwnAccount({
      descriptors: [descriptor],
      restUrls: new Map([['en_gb', restUrl]]),
      sender: transport,
      credentials: server.credentials.admin,
    });
    const me = await fetch(`${restUrl}${MEMBERS}/me`, { headers: { authorization: basicAuthorization(server.credentials.admin) } });
    ownId = String(((await me.json()) as { id: number }).id);
  });
  afterAll(async () => {
    await transport.close();
    await server.close();
  });

  it('is found through the descriptor’s …/me route, by name and by id', () => {
    expect(account).toBeDefined();
    expect(account!.addresses('en_gb', `${MEMBERS}/me`)).toBe(true);
    expect(account!.addresses('en_gb', `${MEMBERS}/${ownId}`)).toBe(true);
    expect(account!.addresses('en_gb', `${MEMBERS}/me/permissions`)).toBe(true);
    expect(account!.addresses('en_gb', `${MEMBERS}/${ownId}0`)).toBe(false);
    expect(account!.addresses('en_gb', `${MEMBERS}/action/${ownId}`)).toBe(false);
    expect(account!.addresses('el', `${MEMBERS}/me`)).toBe(false);
  });

  it('is nothing to protect without credentials', async () => {
    expect(
      await findOwnAccount({ descriptors: [descriptor], restUrls: new Map([['en_gb', restUrl]]), sender: transport, credentials: undefined }),
    ).toBeUndefined();
  });

  it('gets writes without the run’s credentials, and everything else as built', async () => {
    const execution = new Execution({
      seed: 1,
      sender: transport,
      checks: EXCHANGE_CHECKS,
      restUrls: new Map([['en_gb', restUrl]]),
      credentials: server.credentials.admin,
      secrets: [],
      emit: () => {},
    });
    execution.protectOwnAccount(account);
    const op = (method: string, route: string) => descriptor.operations.find((candidate) => candidate.method === method && candidate.route === route)!;
    const send = async (method: string, route: string, path: Record<string, string>) => {
      const operation = op(method, route);
      const requestCase = { operationId: operation.id, kind: 'valid' as const, path, query: {}, body: method === 'GET' ? undefined : {} };
      return execution.send(buildRequest({ restUrl, operation, requestCase, credentials: server.credentials.admin }), operation, 'test', 'valid');
    };
    const deleteMe = await send('DELETE', `${MEMBERS}/me`, {});
    expect(deleteMe.request.headers.authorization).toBeUndefined();
    expect(deleteMe.response?.status).toBe(400);
    const itemRoute = `${MEMBERS}/(?P<id>[\\d]+)`;
    expect((await send('POST', itemRoute, { id: ownId })).request.headers.authorization).toBeUndefined();
    expect((await send('GET', `${MEMBERS}/me`, {})).request.headers.authorization).toBe(basicAuthorization(server.credentials.admin));
    expect((await send('POST', itemRoute, { id: `${ownId}9` })).request.headers.authorization).toBe(basicAuthorization(server.credentials.admin));
    expect(execution.coverage().find((entry) => entry.method === 'DELETE')?.notes).toEqual([
      'writes to the account the run logs in as were sent without credentials, so they could not change it',
    ]);
  });
});
