import { describe, expect, it } from 'vitest';
import { blankField } from './profile-fields.js';
import { dropField, optionsOf, profileState, putField } from './profile-state.js';
import { communityStore } from './testing/fake-request.js';

describe('the option index', () => {
  it('follows options as they are added, re-parented, retyped and removed', () => {
    const store = communityStore();
    const parent = { ...blankField(9001), type: 'selectbox' };
    const other = { ...blankField(9002), type: 'radio' };
    putField(store, parent);
    putField(store, other);
    const option = (id: number, order: number) => ({ ...blankField(id), type: 'option', parent_id: parent.id, option_order: order });
    putField(store, option(9003, 2));
    putField(store, option(9004, 1));
    expect(optionsOf(store, parent).map((f) => f.id)).toEqual([9004, 9003]);
    putField(store, { ...option(9003, 2), parent_id: other.id });
    expect(optionsOf(store, parent).map((f) => f.id)).toEqual([9004]);
    expect(optionsOf(store, other).map((f) => f.id)).toEqual([9003]);
    putField(store, { ...option(9004, 1), type: 'textbox' });
    expect(optionsOf(store, parent)).toEqual([]);
    dropField(store, 9003);
    expect(optionsOf(store, other)).toEqual([]);
    expect(profileState(store).fields.has(9003)).toBe(false);
  });

  it('agrees with a scan of every field for the seeded store', () => {
    const store = communityStore(3);
    const { fields } = profileState(store);
    for (const field of fields.values()) {
      const scanned = [...fields.values()]
        .filter((f) => f.type === 'option' && f.parent_id === field.id)
        .map((f) => f.id)
        .sort();
      expect(
        optionsOf(store, field)
          .map((f) => f.id)
          .sort(),
      ).toEqual(scanned);
    }
  });
});
