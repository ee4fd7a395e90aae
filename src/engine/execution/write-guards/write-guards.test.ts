import { describe, expect, it } from 'vitest';
import { fakeOperation } from '../../../checks/testing/exchange-builders.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import { basicAuthorization } from '../../../request/index.js';
import type { HttpRequest } from '../../../request/types.js';
import { OwnAccount } from '../../own-account.js';
import { RunIdentities } from '../identities.js';
import { pathInRoot } from '../rest-path.js';
import { addExtraValues } from './extra-values.js';
import { composeGuards, type GuardedSend, type Sending, type WriteGuard } from './layer.js';
import { spareForeignResources } from './spare-foreign-resources.js';
import { spareRunAccounts } from './spare-run-accounts.js';

const REST = 'http://127.0.0.1/wp-json';
const ADMIN = { user: 'admin', password: 'pass word' };
const MEMBER = { name: 'member', role: 'member' as const, credentials: { user: 'member', password: 'other pass' } };
const ME = fakeOperation('POST', '/wp/v2/users/me');
const POSTS = fakeOperation('POST', '/wp/v2/posts');

function request(method: HttpRequest['method'], path: string, credentials = ADMIN): HttpRequest {
  return { method, url: `${REST}${path}`, headers: { authorization: basicAuthorization(credentials), 'content-type': 'application/json' }, body: '{}' };
}

function sending(op: Operation, overrides: Partial<Sending> = {}): Sending {
  return { op, phase: 'fuzz', probe: false, unguarded: false, pathValues: [], sent: request('GET', '/'), ...overrides };
}

/** Sends through `guards` to a sender that records what reached it. */
async function through(guards: WriteGuard[], sent: HttpRequest, how: Sending): Promise<HttpRequest> {
  const innermost: GuardedSend = async (outgoing, s) => {
    s.sent = outgoing;
    return { request: outgoing, durationMs: 0 } satisfies Exchange;
  };
  await composeGuards(guards, innermost)(sent, how);
  return how.sent;
}

function accountGuard(): { guard: WriteGuard; notes: string[] } {
  const identities = new RunIdentities(ADMIN, [MEMBER]);
  const users = (locale: string | null) => new Map([[locale, [/^\/wp\/v2\/users\/me$/]]]);
  identities.protect(new OwnAccount(users('en_gb')), new Map([['member', new OwnAccount(new Map([['en_gb', [/^\/wp\/v2\/users\/7$/]]]))]]));
  const notes: string[] = [];
  const guard = spareRunAccounts({ identities, pathIn: (r) => pathInRoot(r.url, REST), note: (_op, note) => notes.push(note) });
  return { guard, notes };
}

describe('the write guards', () => {
  it("send a write to the run's own account without credentials, and say so on the operation's coverage", async () => {
    const { guard, notes } = accountGuard();
    expect((await through([guard], request('POST', '/wp/v2/users/me'), sending(ME))).headers.authorization).toBeUndefined();
    expect(notes).toEqual(['writes to the account the run logs in as were sent without credentials, so they could not change it']);
    const other = fakeOperation('POST', '/wp/v2/users/7');
    expect((await through([guard], request('POST', '/wp/v2/users/7', MEMBER.credentials), sending(other))).headers.authorization).toBeUndefined();
    expect(notes[1]).toBe("writes to the run's other accounts were sent without credentials, so they could not change them");
  });

  it('let reads, writes elsewhere, anonymous writes and deliberate probes through as built', async () => {
    const { guard, notes } = accountGuard();
    const admin = basicAuthorization(ADMIN);
    expect((await through([guard], request('GET', '/wp/v2/users/me'), sending(fakeOperation('GET', '/wp/v2/users/me')))).headers.authorization).toBe(admin);
    expect((await through([guard], request('POST', '/wp/v2/posts'), sending(POSTS))).headers.authorization).toBe(admin);
    expect((await through([guard], request('POST', '/wp/v2/users/me'), sending(ME, { unguarded: true }))).headers.authorization).toBe(admin);
    expect(notes).toEqual([]);
  });

  it('send a write to what the run did not make without credentials, except from the phases that write only their own', async () => {
    const identities = new RunIdentities(ADMIN);
    const notes: string[] = [];
    const owned = { allowsWrite: (_op: Operation, values: readonly string[]) => values[0] === '5' };
    const guard = spareForeignResources({ owned, identityOf: (r) => identities.identityOf(r), note: (_op, note) => notes.push(note) });
    const post = fakeOperation('POST', '/wp/v2/posts/(?<id>[\\d]+)');
    expect((await through([guard], request('POST', '/wp/v2/posts/9'), sending(post, { pathValues: ['9'] }))).headers.authorization).toBeUndefined();
    expect(notes).toHaveLength(1);
    expect((await through([guard], request('POST', '/wp/v2/posts/5'), sending(post, { pathValues: ['5'] }))).headers.authorization).toBeDefined();
    expect(
      (await through([guard], request('POST', '/wp/v2/posts/9'), sending(post, { pathValues: ['9'], phase: 'stateful' }))).headers.authorization,
    ).toBeDefined();
    expect((await through([guard], request('GET', '/wp/v2/posts/9'), sending(post, { pathValues: ['9'] }))).headers.authorization).toBeDefined();
  });

  it('add the configured values of undeclared arguments, not to a probe, and compose outermost first', async () => {
    const op = fakeOperation('GET', '/wp/v2/posts', { context: { type: 'string', required: false } });
    const extra = addExtraValues({ '/wp/v2/posts': { status: 'draft', context: 'edit' } });
    const get: HttpRequest = { method: 'GET', url: `${REST}/wp/v2/posts`, headers: {} };
    expect((await through([extra], get, sending(op))).url).toBe(`${REST}/wp/v2/posts?status=draft`);
    expect((await through([extra], get, sending(op, { probe: true }))).url).toBe(`${REST}/wp/v2/posts`);
    const order: string[] = [];
    const tag =
      (name: string): WriteGuard =>
      (next) =>
      (r, s) => {
        order.push(name);
        return next(r, s);
      };
    await through([tag('outer'), tag('inner')], get, sending(op));
    expect(order).toEqual(['outer', 'inner']);
  });
});
