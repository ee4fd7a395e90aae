/** Dates as the community plugin sends them: ISO 8601 in UTC without a zone suffix (`2024-05-01T09:30:00`). */

/** Formats a date the way `bp_rest_prepare_date_response` does. */
export function restDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** The current time in REST form. */
export function restNow(): string {
  return restDate(new Date());
}

/** Fixed reference point for seeded dates, so the same seed gives the same data whatever the day. */
export const SEED_REFERENCE_DATE = new Date('2025-06-01T00:00:00Z');
