/** Which items who may read what makes in a family: by what its create declares, never by its name. */
import { describe, expect, it } from 'vitest';
import type { ArgDescriptor } from '../../../descriptor/types.js';
import type { ResourceFamily } from '../../../resources/index.js';
import { madeKinds } from './made-items.js';

function family(args: Record<string, Partial<ArgDescriptor>>, more: Partial<ResourceFamily> = {}): ResourceFamily {
  return { name: 'x/v1 notes', create: { method: 'POST', args: args as Record<string, ArgDescriptor> }, parents: [], ...more } as ResourceFamily;
}

const kinds = (made: ReturnType<typeof madeKinds>): string[] => made.map((one) => one.kind);

describe('the items made for who may read what', () => {
  it('makes a private, a draft and a password-protected item where the create offers them', () => {
    const notes = family({ status: { type: 'string', enum: ['publish', 'private', 'draft'] }, password: { type: 'string', required: false } });
    expect(madeKinds(notes, undefined, 't')).toEqual([
      { kind: 'private', values: { status: 'private' } },
      { kind: 'draft', values: { status: 'draft' } },
      { kind: 'password', values: { password: 'rc-t' } },
    ]);
  });

  it("does not take an account's required password for a protected item (a member's, a WordPress user's)", () => {
    expect(madeKinds(family({ password: { type: 'string', required: true }, email: { type: 'string', required: true } }), undefined, 't')).toEqual([]);
  });

  it('makes a pending signup in the signups family, and nothing where a parent or an upload would be needed first', () => {
    const signups = family({ signup_email: { type: 'string', required: true } });
    expect(kinds(madeKinds(signups, signups, 't'))).toEqual(['pending signup']);
    const status: Record<string, Partial<ArgDescriptor>> = { status: { type: 'string', enum: ['private'] } };
    expect(madeKinds(family(status, { parents: [{ family: 'x/v1 posts', name: 'post', via: 'arg' }] }), undefined, 't')).toEqual([]);
    expect(madeKinds(family(status, { upload: { filename: 'a.txt', contentType: 'text/plain', content: 'a' } }), undefined, 't')).toEqual([]);
    expect(madeKinds(family(status, { skip: 'no delete route' }), undefined, 't')).toEqual([]);
  });
});
