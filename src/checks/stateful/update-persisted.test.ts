import { describe, expect, it } from 'vitest';
import { updatePersisted } from './update-persisted.js';

describe('update_persisted', () => {
  it('fires when the read shows another value than the one written', () => {
    expect(updatePersisted.judge({ field: 'title', wrote: 'New', read: { title: { raw: 'Old', rendered: 'Old' } } })).toEqual([
      { message: 'the update of title does not show: read {"raw":"Old","rendered":"Old"}, wrote "New"' },
    ]);
  });

  it('passes the written value, and a field the read does not show', () => {
    expect(updatePersisted.judge({ field: 'title', wrote: 'New', read: { title: { raw: 'New' } } })).toEqual([]);
    expect(updatePersisted.judge({ field: 'password', wrote: 'secret', read: { title: 'x' } })).toEqual([]);
    expect(updatePersisted.judge({ field: 'title', wrote: 'New', read: undefined })).toEqual([]);
  });
});
