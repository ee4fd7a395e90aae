/**
 * Content members can report or embed (activity posts, comments, forum replies, documents…). The reference
 * server has no such resources of its own; this catalogue gives the moderation and oEmbed routes something
 * real to point at. It is seeded by the moderation module.
 */
import type { Faker } from '@faker-js/faker';
import { REPORT_ITEM_TYPES } from '@restconform/interface';
import type { Store } from '../../types.js';
import { restDate, SEED_REFERENCE_DATE } from './dates.js';
import { storeSlice } from './store-slice.js';

const SLICE = 'content';

/** A piece of content, identified by its type and its id within that type. */
export interface ContentItem {
  item_type: string;
  item_id: number;
  author_id: number;
  text: string;
  date: string;
  /** Site-relative path of a picture attached to the content, if any (oEmbed's `hide_media` hides it). */
  media_path?: string;
}

function catalogue(store: Store): ContentItem[] {
  return storeSlice<ContentItem[]>(store, SLICE, () => []);
}

/** The content item of this type and id, if there is one. */
export function findContent(store: Store, itemType: string, itemId: number): ContentItem | undefined {
  return catalogue(store).find((item) => item.item_type === itemType && item.item_id === itemId);
}

/** Every content item, in seed order. */
export function allContent(store: Store): readonly ContentItem[] {
  return catalogue(store);
}

/** Five items of every reportable type (ids 1..5 within each type), written by existing members. */
export function seedContent(store: Store, faker: Faker): void {
  const authors = [...store.members.keys()];
  const items = catalogue(store);
  for (const itemType of REPORT_ITEM_TYPES) {
    for (let itemId = 1; itemId <= 5; itemId += 1) {
      const withMedia = faker.datatype.boolean({ probability: 0.4 });
      items.push({
        item_type: itemType,
        item_id: itemId,
        author_id: faker.helpers.arrayElement(authors),
        text: faker.lorem.sentence(),
        date: restDate(faker.date.between({ from: '2024-01-01T00:00:00Z', to: SEED_REFERENCE_DATE })),
        ...(withMedia ? { media_path: `/wp-content/uploads/media/${itemType}-${itemId}.jpg` } : {}),
      });
    }
  }
}
