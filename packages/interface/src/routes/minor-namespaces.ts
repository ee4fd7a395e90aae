/**
 * `calendar/v1`, `badges`, `analytics/v1` and `user-import/v1`: the document's section "Calendar, badges,
 * analytics, user import". None declares a parameter; the optional `type`/`slug` segments are path syntax only.
 */
import type { ContractRoute } from '../types.js';
import { arglessRoutes } from './argless.js';
import { namespaceIndexRoute } from './core.js';

const BADGE_SEGMENT = '[a-zA-Z0-9_-]+';
const THEME_TYPE = '[a-zA-Z0-9-]+';
const SLUG = '[a-zA-Z0-9-_]+';

export const CALENDAR_ROUTES: ContractRoute[] = [
  namespaceIndexRoute('calendar/v1'),
  ...arglessRoutes('calendar/v1', [{ method: 'GET', routes: ['/calendar/v1/events'] }]),
];

export const BADGES_ROUTES: ContractRoute[] = [
  namespaceIndexRoute('badges'),
  ...arglessRoutes('badges', [
    {
      method: 'GET',
      routes: [
        '/badges/block-point-types',
        `/badges/block-achievements-award-list/(?P<achievement>${BADGE_SEGMENT})/(?P<user_id>${BADGE_SEGMENT})`,
        '/badges/ranks',
        '/badges/achievement-types',
        '/badges/achievements',
        '/badges/rank-types',
        '/badges/user-lists',
      ],
    },
  ]),
];

export const ANALYTICS_ROUTES: ContractRoute[] = [
  namespaceIndexRoute('analytics/v1'),
  ...arglessRoutes('analytics/v1', [
    { method: 'POST', routes: ['/analytics/v1/feedback'] },
    { method: 'GET', routes: ['/analytics/v1/ai-insights', '/analytics/v1/ai-insights/ratings'] },
    { method: 'POST', routes: ['/analytics/v1/ai-insights/rate', '/analytics/v1/ai-insights/feedback'] },
    {
      method: 'GET',
      routes: [
        `/analytics/v1/popular-posts/themes(?:/(?P<type>${THEME_TYPE}))?`,
        `/analytics/v1/terms(?:/(?P<slug>${SLUG}))?`,
        `/analytics/v1/taxonomy(?:/(?P<slug>${SLUG}))?`,
      ],
    },
  ]),
];

export const USER_IMPORT_ROUTES: ContractRoute[] = [
  namespaceIndexRoute('user-import/v1'),
  ...arglessRoutes('user-import/v1', [{ method: 'GET', routes: ['/user-import/v1/execute-cron'] }]),
];
