/**
 * Dates for seeded plugin data. Every date derives from a fixed reference point and the seeded faker, never
 * from the clock, so two starts with the same seed answer alike on any day.
 */
import type { Faker } from '@faker-js/faker';

/** The reference point of every seeded plugin date. */
export const PLUGIN_SEED_EPOCH = new Date('2026-01-01T00:00:00Z');

const DAY_MS = 86_400_000;

/** A date in WordPress REST form: ISO 8601 in UTC without a zone suffix (`2026-05-01T09:30:00`). */
export function restDateTime(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** A seeded date between `fromDays` and `toDays` days after the reference point, on a whole minute. */
export function seededDate(faker: Faker, fromDays: number, toDays: number): Date {
  const date = faker.date.between({
    from: PLUGIN_SEED_EPOCH.getTime() + fromDays * DAY_MS,
    to: PLUGIN_SEED_EPOCH.getTime() + toDays * DAY_MS,
  });
  date.setUTCSeconds(0, 0);
  return date;
}

/** `days` days (may be fractional) after `date`. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
