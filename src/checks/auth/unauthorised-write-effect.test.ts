import { describe, expect, it } from 'vitest';
import { changeOf, unauthorisedWriteEffect, type WriteEffectEvidence } from './unauthorised-write-effect.js';

const read = (body: unknown, status = 200): { status: number; body: string } => ({ status, body: JSON.stringify(body) });

function evidence(overrides: Partial<WriteEffectEvidence>): WriteEffectEvidence {
  return {
    method: 'POST',
    route: '/acme/v1/settings',
    actor: { name: 'anonymous', role: 'anonymous', anonymous: true },
    write: { status: 200, code: undefined },
    suspicion: 'its own read of the same path is refused (401)',
    reads: [],
    rightsChanged: [],
    ...overrides,
  };
}

describe('unauthorised_write_effect', () => {
  it('fails a write that changed a setting, naming the values', () => {
    const failures = unauthorisedWriteEffect.judge(
      evidence({ reads: [{ place: "the route's own GET", before: read({ title: 'Acme', limit: 10 }), after: read({ title: 'x', limit: 10 }) }] }),
    );
    expect(failures.map((failure) => failure.message)).toEqual([
      "POST /acme/v1/settings without credentials succeeded (200) and changed what was there: the route's own GET changed (title) (looked at because its own read of the same path is refused (401))",
    ]);
  });

  it('fails a change of another account’s rights, whatever the reads show', () => {
    const failures = unauthorisedWriteEffect.judge(evidence({ rightsChanged: ['member: extra_capabilities +manage_acme'] }));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.cause).toBe('rights changed');
  });

  it('fails any DELETE that succeeds without credentials, and no DELETE that was refused', () => {
    expect(unauthorisedWriteEffect.judge(evidence({ method: 'DELETE', route: '/acme/v1/managers' }))).toHaveLength(1);
    expect(unauthorisedWriteEffect.judge(evidence({ method: 'DELETE', write: { status: 401, code: 'rest_forbidden' } }))).toEqual([]);
  });

  it('leaves a create of its own alone: a new item in the list, one pushed off a full page', () => {
    const before = read([{ id: 3 }, { id: 2 }]);
    expect(unauthorisedWriteEffect.judge(evidence({ reads: [{ place: 'its collection', before, after: read([{ id: 4 }, { id: 3 }]) }] }))).toEqual([]);
    expect(changeOf({ place: 'its collection', before, after: read([{ id: 4 }, { id: 3 }, { id: 2 }]) })).toBeUndefined();
  });

  it('tells items deleted from a list, and an item read 404 afterwards', () => {
    expect(changeOf({ place: "the route's own GET", before: read([{ email: 'a@x' }, { email: 'b@x' }]), after: read([]) })).toBe(
      "2 of 2 items of the route's own GET were deleted",
    );
    expect(changeOf({ place: 'the item', before: read({ id: 1 }), after: read({ code: 'gone' }, 404) })).toBe('the item was deleted (it read 200, then 404)');
  });

  it('takes a value that also differs between the two reads after the write for volatile', () => {
    const volatile = { place: 'the item', before: read({ id: 1, views: 1 }), after: read({ id: 1, views: 2 }), afterAgain: read({ id: 1, views: 3 }) };
    expect(changeOf(volatile)).toBeUndefined();
  });

  it('says nothing when the reads could not be taken or the write was refused and nothing changed', () => {
    expect(changeOf({ place: 'the item', before: read({}, 401), after: read({ id: 1 }) })).toBeUndefined();
    expect(unauthorisedWriteEffect.judge(evidence({ write: { status: 403, code: 'rest_forbidden' } }))).toEqual([]);
  });
});
