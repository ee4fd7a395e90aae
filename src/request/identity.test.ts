import { describe, expect, it } from 'vitest';
import { ACCOUNT_ROLES, byPrivilege, ordinaryAccounts, rankOf, type Identity } from './identity.js';

const account = (role: Identity['role']): Identity => ({ name: role, role, credentials: { user: role, password: 'x' } });

describe('account roles', () => {
  it("rank WordPress's roles among restconform's: subscriber as a member, contributor between member and author", () => {
    expect(rankOf({ role: 'subscriber' })).toBe(rankOf({ role: 'member' }));
    expect(rankOf({ role: 'anonymous' })).toBeLessThan(rankOf({ role: 'subscriber' }));
    expect(rankOf({ role: 'member' })).toBeLessThan(rankOf({ role: 'contributor' }));
    expect(rankOf({ role: 'contributor' })).toBeLessThan(rankOf({ role: 'author' }));
    expect(rankOf({ role: 'author' })).toBeLessThan(rankOf({ role: 'editor' }));
    expect(rankOf({ role: 'editor' })).toBeLessThan(rankOf({ role: 'administrator' }));
  });

  it('lists the roles least privileged first', () => {
    const ranks = ACCOUNT_ROLES.map((role) => rankOf({ role }));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(byPrivilege(['administrator', 'contributor', 'subscriber', 'editor'].map((role) => account(role as Identity['role']))).map((i) => i.role)).toEqual([
      'subscriber',
      'contributor',
      'editor',
      'administrator',
    ]);
  });

  it('count subscribers and contributors as ordinary accounts, which own only what is theirs', () => {
    const all = ACCOUNT_ROLES.map(account);
    expect(ordinaryAccounts(all).map((identity) => identity.role)).toEqual(['subscriber', 'member', 'contributor', 'author']);
  });
});
