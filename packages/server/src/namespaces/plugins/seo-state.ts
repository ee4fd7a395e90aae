/**
 * The SEO module's slice of the store: options, notifications, backups, the .htaccess text, per-post and
 * per-term SEO data, and `settings`, where the simple actions keep what they persist. Seeded from faker.
 */
import type { Faker } from '@faker-js/faker';
import { cloneOptions, defaultSeoOptions, type SeoOptions } from './seo-options.js';
import { seedNotifications, type SeoNotification } from './seo-notifications.js';
import { restDateTime, seededDate } from './seed-dates.js';

/** Posts with ids 1..SEO_POST_COUNT exist. */
export const SEO_POST_COUNT = 50;
/** Terms with ids 1..SEO_TERM_COUNT exist. */
export const SEO_TERM_COUNT = 20;

/** The SEO data of one post. Image and permalink are site-relative; answers make them absolute. */
export interface SeoPostMeta {
  id: number;
  post_title: string;
  slug: string;
  title: string;
  description: string;
  keyphrases: { focus: { keyphrase: string; score: number }; additional: string[] };
  seo_score: number;
  robots_noindex: boolean;
  robots_nofollow: boolean;
  /** Site-relative path of the first image attached to the post, or null. */
  first_attached_image: string | null;
  primary_term_education: boolean;
  link_format_education: boolean;
  internal_link_count: number;
}

export interface SeoTermMeta {
  id: number;
  name: string;
  taxonomy: 'category' | 'post_tag';
  title: string;
  description: string;
}

/** A snapshot of the options, named by the second it was taken (as the plugin names backups). */
export interface SeoBackup {
  name: string;
  date: string;
  options: SeoOptions;
}

export interface SeoState {
  options: SeoOptions;
  notifications: SeoNotification[];
  /** Oldest first. */
  backups: SeoBackup[];
  htaccess: string;
  posts: Map<number, SeoPostMeta>;
  terms: Map<number, SeoTermMeta>;
  /** Everything the simple actions persist, by setting name. */
  settings: Record<string, unknown>;
}

function seedPost(faker: Faker, id: number): SeoPostMeta {
  const postTitle = faker.lorem.sentence({ min: 3, max: 7 }).replace(/\.$/, '');
  const slug = faker.helpers.slugify(postTitle.toLowerCase());
  const hasImage = faker.datatype.boolean({ probability: 0.7 });
  return {
    id,
    post_title: postTitle,
    slug,
    title: '#post_title #separator_sa #site_title',
    description: faker.lorem.sentences(2),
    keyphrases: {
      focus: { keyphrase: faker.lorem.words({ min: 1, max: 3 }), score: faker.number.int({ min: 0, max: 100 }) },
      additional: [],
    },
    seo_score: faker.number.int({ min: 20, max: 100 }),
    robots_noindex: false,
    robots_nofollow: false,
    first_attached_image: hasImage ? `/wp-content/uploads/2025/${String(1 + (id % 12)).padStart(2, '0')}/${slug}.jpg` : null,
    primary_term_education: true,
    link_format_education: true,
    internal_link_count: faker.number.int({ min: 0, max: 12 }),
  };
}

function seedTerm(faker: Faker, id: number): SeoTermMeta {
  const name = faker.lorem.words({ min: 1, max: 2 });
  return {
    id,
    name,
    taxonomy: id % 2 === 0 ? 'post_tag' : 'category',
    title: '#taxonomy_title #separator_sa #site_title',
    description: faker.lorem.sentence(),
  };
}

function seedBackups(faker: Faker, options: SeoOptions): SeoBackup[] {
  return [-90, -30]
    .map((fromDays) => seededDate(faker, fromDays, fromDays + 20))
    .map((date) => ({ name: String(Math.floor(date.getTime() / 1000)), date: restDateTime(date), options: cloneOptions(options) }));
}

/** A fresh, deterministic SEO slice. */
export function seedSeoState(faker: Faker): SeoState {
  const options = defaultSeoOptions();
  const profiles = (options.social as { profiles: { urls: Record<string, string> } }).profiles.urls;
  const handle = faker.internet
    .username()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  profiles.facebookPageUrl = `https://facebook.example/${handle}`;
  profiles.twitterUrl = `https://x.example/${handle}`;
  const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  return {
    options,
    notifications: seedNotifications(faker),
    backups: seedBackups(faker, options),
    htaccess: '# BEGIN WordPress\nRewriteEngine On\nRewriteRule ^index\\.php$ - [L]\n# END WordPress\n',
    posts: new Map(range(SEO_POST_COUNT).map((id) => [id, seedPost(faker, id)])),
    terms: new Map(range(SEO_TERM_COUNT).map((id) => [id, seedTerm(faker, id)])),
    settings: {
      crawlCleanupLog: range(5).map(() => ({ query: `${faker.word.noun()}=${faker.word.verb()}`, hits: faker.number.int({ min: 1, max: 300 }) })),
    },
  };
}
