import { describe, expect, it } from 'vitest';
import { createPersisted, fieldsShown } from './create-persisted.js';

describe('create_persisted', () => {
  const sent = { title: 'Hello  there', status: 'future', slug: 'hello' };

  it('fires for each sent value the read shows otherwise', () => {
    expect(createPersisted.judge({ family: 'posts', sent, upload: true, read: { title: { raw: 'Hello there' }, status: 'publish', slug: 'other' } })).toEqual([
      { message: 'the posts create sent slug "hello" beside its upload; the new posts reads "other"' },
    ]);
  });

  it('passes values read back after normalisation, and fields the read does not show', () => {
    expect(createPersisted.judge({ family: 'posts', sent, upload: false, read: { title: 'Hello there', status: 'publish' } })).toEqual([]);
    expect(createPersisted.judge({ family: 'posts', sent, upload: false, read: [] })).toEqual([]);
    expect(fieldsShown(sent, { title: 'x', other: 1 })).toEqual(['title']);
  });
});
