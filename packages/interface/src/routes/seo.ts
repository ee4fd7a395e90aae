/** `seo/v1`: every endpoint declares no parameters. */
import type { ContractRoute } from '../types.js';
import { arglessRoutes } from './argless.js';
import { namespaceIndexRoute } from './core.js';

const NAMESPACE = 'seo/v1';
const POST_ID = String.raw`(?P<postId>[\d]+)`;
const USER_ID = String.raw`(?P<userId>[\d]+)`;
const SITE_ID = String.raw`(?P<siteId>[\d]+)`;

/** The notifications `POST /seo/v1/notification/{name}` accepts, in the document's order. */
export const SEO_NOTIFICATION_NAMES = [
  'blog-visibility-reminder',
  'description-format-reminder',
  'conflicting-plugins-reminder',
  'install-addons-reminder',
  'install-image-seo-reminder',
  'install-local-business-reminder',
  'install-news-sitemap-reminder',
  'install-video-sitemap-reminder',
  'install-analytics-reminder',
  'install-optin-reminder',
  'v3-migration-custom-field-reminder',
  'v3-migration-schema-number-reminder',
] as const;

const seo = (path: string): string => `/${NAMESPACE}/${path}`;

export const SEO_ROUTES: ContractRoute[] = [
  namespaceIndexRoute(NAMESPACE),
  ...arglessRoutes(NAMESPACE, [
    {
      method: 'GET',
      routes: [
        'options',
        'ping',
        'post',
        `post/${POST_ID}/first-attached-image`,
        `user/${USER_ID}/image`,
        'tags',
        'search-statistics/url/auth',
        'search-statistics/url/reauth',
      ].map(seo),
    },
    {
      method: 'POST',
      routes: [
        'options',
        'post',
        'htaccess',
        `post/${POST_ID}/disable-primary-term-education`,
        `post/${POST_ID}/disable-link-format-education`,
        `post/${POST_ID}/update-internal-link-count`,
        `post/${POST_ID}/process-content`,
        'posts-list/load-details-column',
        'posts-list/update-details-column',
        'terms-list/load-details-column',
        'terms-list/update-details-column',
        'keyphrases',
        'analyze',
        'analyze-headline',
        'analyze-headline/delete',
        'analyze/delete-site',
        'clear-log',
        'connect',
        'connect-pro',
        'connect-url',
        'backup',
        'backup/restore',
        'email-debug-info',
        'migration/fix-blank-formats',
        'notifications/dismiss',
        'objects',
        'plugins/deactivate',
        'plugins/install',
        'plugins/upgrade',
        'reset-settings',
        'search-statistics/sitemap/delete',
        'search-statistics/sitemap/ignore',
        'settings/export',
        'settings/hide-setup-wizard',
        'settings/hide-upgrade-bar',
        'settings/import',
        `settings/import/${SITE_ID}`,
        'settings/import-plugins',
        'settings/toggle-card',
        'settings/toggle-radio',
        'settings/dismiss-alert',
        'settings/items-per-page',
        'settings/do-task',
        'sitemap/deactivate-conflicting-plugins',
        'sitemap/delete-static-files',
        'sitemap/validate-html-sitemap-slug',
        'tools/delete-robots-txt',
        'tools/import-robots-txt',
        'wizard',
        'integration/keyword-tool/authenticate',
        'integration/keyword-tool/refresh',
        'integration/keyword-tool/keyphrases',
        'integration/code-snippets/snippets',
        'crawl-cleanup',
        'crawl-cleanup/block',
        'crawl-cleanup/delete-blocked',
        'crawl-cleanup/delete-unblocked',
        `notification/(?P<name>${SEO_NOTIFICATION_NAMES.join('|')})`,
      ].map(seo),
    },
    { method: 'DELETE', routes: ['backup', 'search-statistics/auth'].map(seo) },
  ]),
];
