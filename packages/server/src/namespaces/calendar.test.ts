import { describe, expect, it } from 'vitest';
import { module } from './calendar.js';
import { callRoute, seededTestStore } from './plugins/testing/route-call.js';

const EVENTS = '/calendar/v1/events';

describe('calendar module', () => {
  it('lists about fifteen events to anonymous callers, soonest first', async () => {
    const response = await callRoute(module, seededTestStore([module]), { method: 'GET', route: EVENTS, as: null });
    expect(response.status).toBe(200);
    const events = response.body as Array<Record<string, any>>;
    expect(events).toHaveLength(15);
    const starts = events.map((event) => event.start as string);
    expect([...starts].sort()).toEqual(starts);
    for (const event of events) {
      expect(event).toMatchObject({ id: expect.any(Number), title: expect.any(String), all_day: expect.any(Boolean) });
      expect(event.end > event.start).toBe(true);
      expect(event.url).toMatch(/^http:\/\/127\.0\.0\.1:1\/events\/[a-z0-9-]+\/$/);
      expect(event.venue).toMatchObject({ name: expect.any(String), city: expect.any(String) });
    }
    expect(response.headers).toMatchObject({ 'X-WP-Total': '15', 'X-WP-TotalPages': '1' });
  });

  it('seeds the same events from the same seed and different ones from another', async () => {
    const list = async (seed: number) => (await callRoute(module, seededTestStore([module], seed), { method: 'GET', route: EVENTS })).body;
    expect(await list(7)).toEqual(await list(7));
    expect(await list(7)).not.toEqual(await list(8));
  });
});
