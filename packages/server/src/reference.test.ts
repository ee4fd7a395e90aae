/** The reference server as shipped: the interface contract, every resource module, the English and Greek texts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERFACE_CONTRACT, type RootDescriptor } from '@restconform/interface';
import { createStore, handlerCoverage, startReferenceServer, type ReferenceServer } from './index.js';
import { RESOURCE_MODULES } from './namespaces/index.js';
import type { Locale } from './types.js';

let server: ReferenceServer;

beforeAll(async () => {
  server = await startReferenceServer();
});

afterAll(async () => {
  await server.close();
});

async function rootDescriptor(locale: Locale): Promise<RootDescriptor> {
  const response = await fetch(`${server.restUrl(locale)}/`);
  expect(response.status).toBe(200);
  return (await response.json()) as RootDescriptor;
}

describe('the shipped reference server', () => {
  it('handles every contract route and method, and nothing the contract lacks', () => {
    expect(handlerCoverage(INTERFACE_CONTRACT, RESOURCE_MODULES)).toEqual({ unhandled: [], unknown: [] });
  });

  it('describes every contract route in contract order, in both locales', async () => {
    for (const locale of ['en_gb', 'el'] as const) {
      const descriptor = await rootDescriptor(locale);
      expect(descriptor.namespaces).toEqual(INTERFACE_CONTRACT.namespaces);
      expect(Object.keys(descriptor.routes)).toEqual(INTERFACE_CONTRACT.routes.map((route) => route.route));
    }
  });

  it('translates descriptions into Greek and changes nothing else', async () => {
    const english = await rootDescriptor('en_gb');
    const greek = await rootDescriptor('el');
    expect(greek.name).not.toBe(english.name);
    let translated = 0;
    for (const [key, route] of Object.entries(english.routes)) {
      route.endpoints.forEach((endpoint, index) => {
        const greekArgs = greek.routes[key]!.endpoints[index]!.args as Record<string, { description?: string }>;
        for (const [name, arg] of Object.entries(endpoint.args)) {
          const { description: greekDescription, ...greekRest } = greekArgs[name]!;
          const { description: englishDescription, ...englishRest } = arg;
          expect(greekRest).toEqual(englishRest);
          if (greekDescription !== englishDescription) translated++;
        }
      });
    }
    expect(translated).toBeGreaterThan(0);
  });

  it('gives the built-in accounts deterministic 24-character passwords that work', async () => {
    const { admin, member } = server.credentials;
    expect(admin.user).toBe('admin');
    expect(member.user).toBe('member');
    expect(admin.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(member.password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(admin.password).not.toBe(member.password);
    const again = await startReferenceServer();
    try {
      expect(again.credentials).toEqual(server.credentials);
    } finally {
      await again.close();
    }
    const me = await fetch(`${server.restUrl('en_gb')}/community/v1/members/me`, {
      headers: { Authorization: `Basic ${Buffer.from(`${member.user}:${member.password}`).toString('base64')}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(2);
  });
});

describe('createStore', () => {
  const accounts = { admin: { user: 'admin', password: 'a'.repeat(24) }, member: { user: 'member', password: 'b'.repeat(24) } };

  it('holds the administrator as id 1 and an ordinary member (subscriber) as id 2', () => {
    const store = createStore(1, accounts, []);
    expect(store.members.get(1)).toMatchObject({ user_login: 'admin', roles: ['administrator'], applicationPasswords: [accounts.admin.password] });
    expect(store.members.get(2)).toMatchObject({ user_login: 'member', roles: ['subscriber'], applicationPasswords: [accounts.member.password] });
    expect(store.nextId('member')).toBe(3);
  });

  it('fills the same data for the same seed and other data for another seed', () => {
    const first = createStore(11, accounts, RESOURCE_MODULES);
    const second = createStore(11, accounts, RESOURCE_MODULES);
    const other = createStore(12, accounts, RESOURCE_MODULES);
    expect(second.namespaces).toEqual(first.namespaces);
    expect([...second.members.values()]).toEqual([...first.members.values()]);
    expect(other.namespaces).not.toEqual(first.namespaces);
  });
});
