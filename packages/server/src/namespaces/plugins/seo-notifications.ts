/**
 * The SEO plugin's admin notifications: the twelve reminders `POST /seo/v1/notification/{name}` names, each
 * active until dismissed. A dismissal is kept, so later reads of the options show it.
 */
import type { Faker } from '@faker-js/faker';

/** Reminder name → its title, in the interface document's order. */
const REMINDER_TITLES = {
  'blog-visibility-reminder': 'Your site is hidden from search engines',
  'description-format-reminder': 'Check your meta description format',
  'conflicting-plugins-reminder': 'Conflicting plugins detected',
  'install-addons-reminder': 'Get more out of your SEO with add-ons',
  'install-image-seo-reminder': 'Optimise your images for search',
  'install-local-business-reminder': 'Add local business information',
  'install-news-sitemap-reminder': 'Publish a news sitemap',
  'install-video-sitemap-reminder': 'Publish a video sitemap',
  'install-analytics-reminder': 'Connect site analytics',
  'install-optin-reminder': 'Grow your audience with opt-in forms',
  'v3-migration-custom-field-reminder': 'Review custom fields after the upgrade',
  'v3-migration-schema-number-reminder': 'Review schema phone numbers after the upgrade',
} as const;

/** The names the notification route accepts. */
export const SEO_REMINDER_NAMES = Object.keys(REMINDER_TITLES) as Array<keyof typeof REMINDER_TITLES>;

/** The route that dismisses one reminder by name. */
export const SEO_NOTIFICATION_ROUTE = `/seo/v1/notification/(?P<name>${SEO_REMINDER_NAMES.join('|')})`;

export interface SeoNotification {
  name: string;
  title: string;
  content: string;
  type: 'warning' | 'info';
  dismissed: boolean;
}

/** Every reminder, active, with seeded body text. */
export function seedNotifications(faker: Faker): SeoNotification[] {
  return SEO_REMINDER_NAMES.map((name) => ({
    name,
    title: REMINDER_TITLES[name],
    content: faker.lorem.sentence(),
    type: name.startsWith('install-') ? 'info' : 'warning',
    dismissed: false,
  }));
}

/** Dismisses the named notifications (all active ones when `names` is empty); answers the names it dismissed. */
export function dismissNotifications(notifications: SeoNotification[], names: readonly string[]): string[] {
  const dismissed: string[] = [];
  for (const notification of notifications) {
    if (notification.dismissed || (names.length > 0 && !names.includes(notification.name))) continue;
    notification.dismissed = true;
    dismissed.push(notification.name);
  }
  return dismissed;
}

/** Notifications split as the plugin's admin screens read them. */
export function notificationsView(notifications: readonly SeoNotification[]): { active: SeoNotification[]; dismissed: SeoNotification[] } {
  return {
    active: notifications.filter((notification) => !notification.dismissed).map((notification) => ({ ...notification })),
    dismissed: notifications.filter((notification) => notification.dismissed).map((notification) => ({ ...notification })),
  };
}
