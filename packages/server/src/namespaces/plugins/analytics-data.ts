/**
 * The analytics plugin's seeded data: AI insights about site traffic, the popular-posts themes per display
 * type, and the taxonomies and terms its reports filter by. Feedback and ratings start empty.
 */
import type { Faker } from '@faker-js/faker';
import { restDateTime, seededDate } from './seed-dates.js';

export interface Insight {
  id: number;
  title: string;
  summary: string;
  metric: string;
  change_percent: number;
  period: { start: string; end: string };
}

/** One member's 1–5 rating of one insight; rating again replaces it. */
export interface InsightRating {
  insight_id: number;
  user_id: number;
  rating: number;
  date: string;
}

/** Free-text feedback, on the plugin as a whole (`insight_id` null) or on one insight. */
export interface Feedback {
  id: number;
  user_id: number;
  insight_id: number | null;
  message: string;
  date: string;
}

export interface PopularPostsTheme {
  name: string;
  label: string;
  styles: { title_color: string; background_color: string; border_color: string };
  level: 'lite' | 'pro';
}

export interface Taxonomy {
  slug: string;
  name: string;
  hierarchical: boolean;
}

export interface Term {
  id: number;
  taxonomy: string;
  slug: string;
  name: string;
  count: number;
}

export interface AnalyticsState {
  insights: Insight[];
  ratings: InsightRating[];
  feedback: Feedback[];
  nextFeedbackId: number;
  /** Display type (`inline`, `widget`, `products`) → its themes. */
  themes: Record<string, PopularPostsTheme[]>;
  taxonomies: Taxonomy[];
  terms: Term[];
}

const METRICS = ['sessions', 'pageviews', 'bounce_rate', 'new_users', 'avg_session_duration', 'conversions'];
const THEME_NAMES: Record<string, string[]> = {
  inline: ['alpha', 'beta', 'charlie', 'delta'],
  widget: ['alpha', 'beta', 'charlie', 'delta', 'echo', 'foxtrot'],
  products: ['alpha', 'beta', 'charlie'],
};
const TAXONOMIES: Taxonomy[] = [
  { slug: 'category', name: 'Categories', hierarchical: true },
  { slug: 'post_tag', name: 'Tags', hierarchical: false },
];

function seedInsights(faker: Faker): Insight[] {
  return Array.from({ length: 6 }, (_, index) => {
    const metric = METRICS[index % METRICS.length]!;
    const change = faker.number.int({ min: -40, max: 60 });
    const end = seededDate(faker, 0, 60);
    return {
      id: index + 1,
      title: `${metric.replace(/_/g, ' ')} ${change >= 0 ? 'up' : 'down'} ${Math.abs(change)}%`,
      summary: faker.lorem.sentences(2),
      metric,
      change_percent: change,
      period: { start: restDateTime(new Date(end.getTime() - 30 * 86_400_000)), end: restDateTime(end) },
    };
  });
}

function seedThemes(faker: Faker): Record<string, PopularPostsTheme[]> {
  return Object.fromEntries(
    Object.entries(THEME_NAMES).map(([type, names]) => [
      type,
      names.map((name, index) => ({
        name,
        label: name.charAt(0).toUpperCase() + name.slice(1),
        styles: {
          title_color: faker.color.rgb(),
          background_color: faker.color.rgb(),
          border_color: faker.color.rgb(),
        },
        level: index < 2 ? ('lite' as const) : ('pro' as const),
      })),
    ]),
  );
}

function seedTerms(faker: Faker): Term[] {
  const terms: Term[] = [];
  for (const taxonomy of TAXONOMIES) {
    for (const word of faker.helpers.uniqueArray(() => faker.word.noun(), 6)) {
      terms.push({
        id: terms.length + 1,
        taxonomy: taxonomy.slug,
        slug: word.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        name: word.charAt(0).toUpperCase() + word.slice(1),
        count: faker.number.int({ min: 0, max: 40 }),
      });
    }
  }
  return terms;
}

/** A fresh, deterministic analytics slice. */
export function seedAnalytics(faker: Faker): AnalyticsState {
  return {
    insights: seedInsights(faker),
    ratings: [],
    feedback: [],
    nextFeedbackId: 1,
    themes: seedThemes(faker),
    taxonomies: TAXONOMIES,
    terms: seedTerms(faker),
  };
}
