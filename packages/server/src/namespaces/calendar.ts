/**
 * `calendar/v1`: the events calendar. One public route lists the seeded events, soonest first.
 */
import type { Faker } from '@faker-js/faker';
import type { ServerContext, Store } from '../types.js';
import type { ResourceModule } from './module.js';
import { moduleState } from './plugins/module-state.js';
import { collectionResponse } from './plugins/route-builders.js';
import { addDays, restDateTime, seededDate } from './plugins/seed-dates.js';

const MODULE_NAME = 'calendar';
const SEEDED_EVENT_COUNT = 15;
const EVENT_CATEGORIES = ['workshop', 'lecture', 'meetup', 'field-trip', 'webinar', 'competition'] as const;

/** A venue where events take place. */
export interface Venue {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
}

/** One calendar event as stored; the answer adds the event's address on the site. */
export interface CalendarEvent {
  id: number;
  title: string;
  slug: string;
  description: string;
  start: string;
  end: string;
  all_day: boolean;
  categories: string[];
  cost: string;
  venue: Venue;
}

interface CalendarState {
  /** Sorted by start, then id. */
  events: CalendarEvent[];
}

function seedVenues(faker: Faker): Venue[] {
  return Array.from({ length: 4 }, (_, index) => ({
    id: index + 1,
    name: `${faker.location.city()} ${faker.helpers.arrayElement(['Science Centre', 'Library', 'Town Hall', 'Observatory'])}`,
    address: faker.location.streetAddress(),
    city: faker.location.city(),
    country: faker.location.country(),
  }));
}

function seedEvent(faker: Faker, id: number, venues: Venue[]): CalendarEvent {
  const subject = `${faker.word.adjective()} ${faker.helpers.arrayElement([faker.science.chemicalElement().name, faker.word.noun()])}`;
  const title = `${faker.helpers.arrayElement(['Introduction to', 'Hands-on', 'Advanced', 'Open day:', 'Panel on'])} ${subject}`;
  const allDay = faker.datatype.boolean({ probability: 0.2 });
  const start = seededDate(faker, 0, 365);
  if (allDay) start.setUTCHours(0, 0);
  const end = allDay ? addDays(start, 1 - 1 / 86_400) : addDays(start, faker.number.int({ min: 1, max: 8 }) / 24);
  return {
    id,
    title,
    slug: `${faker.helpers.slugify(title.toLowerCase())}-${id}`,
    description: faker.lorem.paragraph(),
    start: restDateTime(start),
    end: restDateTime(end),
    all_day: allDay,
    categories: faker.helpers.arrayElements([...EVENT_CATEGORIES], { min: 1, max: 2 }),
    cost: faker.helpers.arrayElement(['', 'Free', '5', '10', '25']),
    venue: faker.helpers.arrayElement(venues),
  };
}

function seed(store: Store, faker: Faker): void {
  const venues = seedVenues(faker);
  const events = Array.from({ length: SEEDED_EVENT_COUNT }, (_, index) => seedEvent(faker, index + 1, venues));
  events.sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  store.namespaces[MODULE_NAME] = { events } satisfies CalendarState;
}

function eventView(event: CalendarEvent, ctx: ServerContext): Record<string, unknown> {
  return { ...event, url: `${ctx.baseUrl}/events/${event.slug}/` };
}

/** The calendar module: `GET /calendar/v1/events`, public. */
export const module: ResourceModule = {
  name: MODULE_NAME,
  seed,
  routes: [
    {
      route: '/calendar/v1/events',
      methods: {
        GET: {
          handle: (_req, ctx) => collectionResponse(moduleState<CalendarState>(ctx.store, MODULE_NAME).events.map((event) => eventView(event, ctx))),
        },
      },
    },
  ],
};
