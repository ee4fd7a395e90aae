/**
 * `seo/v1`: the SEO plugin's settings and tools. Every route needs an administrator, declares no parameters, and
 * answers `{success: true, ...}`. The routes are one table of (method, path, effect); a path naming a post
 * resolves it first (404 for an unknown id), and the effect acts on that post's SEO data, otherwise on the
 * plugin's settings.
 */
import type { HttpMethod } from '@restconform/interface';
import { WpError, type MethodHandler, type RouteHandlers, type ServerContext, type ServerRequest } from '../types.js';
import type { ResourceModule } from './module.js';
import { administratorsOnly } from './plugins/access.js';
import { moduleState } from './plugins/module-state.js';
import { integerValue, textValue } from './plugins/request-values.js';
import { analyzeHeadline, analyzeSite, suggestKeyphrases, updateInternalLinkCount, validateHtmlSitemapSlug } from './plugins/seo-analysis.js';
import { acknowledge, appendTo, clearList, combine, removeKey, reveal, setFlag, storeKeyed, storeValue, unset, type SeoEffect } from './plugins/seo-effects.js';
import { SEO_NOTIFICATION_ROUTE } from './plugins/seo-notifications.js';
import {
  createBackup,
  deleteBackup,
  dismissListedNotifications,
  dismissNamedNotification,
  exportSettings,
  firstAttachedImage,
  importSettings,
  importSiteSettings,
  listSmartTags,
  loadPostDetails,
  loadTermDetails,
  readOptions,
  readPosts,
  resetSettings,
  restoreBackup,
  saveOptions,
  searchObjects,
  updatePost,
  updateTerm,
  userImage,
} from './plugins/seo-records.js';
import { seedSeoState, type SeoState } from './plugins/seo-state.js';

const MODULE_NAME = 'seo';
const NAMESPACE_ROOT = '/seo/v1/';
const POST = String.raw`post/(?P<postId>[\d]+)`;

/** Where the plugin's connection service would send an administrator to authorise search statistics. */
const connectUrl =
  (step: string): SeoEffect =>
  ({ ctx }) => ({
    url: `https://connect.seo.example/${step}?site=${encodeURIComponent(ctx.baseUrl)}`,
  });

/** Echoes member `content` back, processed (here: trimmed), as the editor's content processor does. */
const processContent: SeoEffect = ({ params }) => ({ content: (textValue(params, 'content') ?? '').trim() });

/** Every SEO route: method, path below `/seo/v1/` (or a full route key), and what it does. */
const SEO_ROUTE_TABLE: ReadonlyArray<readonly [HttpMethod, string, SeoEffect]> = [
  ['GET', 'options', readOptions],
  ['POST', 'options', saveOptions],
  ['GET', 'ping', acknowledge()],
  ['GET', 'post', readPosts],
  ['POST', 'post', updatePost],
  ['GET', `${POST}/first-attached-image`, firstAttachedImage],
  ['POST', `${POST}/disable-primary-term-education`, setFlag('primary_term_education', false)],
  ['POST', `${POST}/disable-link-format-education`, setFlag('link_format_education', false)],
  ['POST', `${POST}/update-internal-link-count`, updateInternalLinkCount],
  ['POST', `${POST}/process-content`, processContent],
  ['GET', String.raw`user/(?P<userId>[\d]+)/image`, userImage],
  ['GET', 'tags', listSmartTags],
  ['POST', 'htaccess', storeValue('htaccess', 'htaccess', 'text')],
  ['POST', 'posts-list/load-details-column', loadPostDetails],
  ['POST', 'posts-list/update-details-column', updatePost],
  ['POST', 'terms-list/load-details-column', loadTermDetails],
  ['POST', 'terms-list/update-details-column', updateTerm],
  ['POST', 'keyphrases', appendTo('keyphrases', 'keyphrase')],
  ['POST', 'analyze', analyzeSite],
  ['POST', 'analyze-headline', analyzeHeadline],
  ['POST', 'analyze-headline/delete', removeKey('analyzedHeadlines', 'headline')],
  ['POST', 'analyze/delete-site', unset('siteAnalysis')],
  ['POST', 'clear-log', appendTo('clearedLogs', 'log')],
  ['POST', 'connect', combine(storeValue('licenseKey', 'licenseKey', 'text'), setFlag('connected', true))],
  ['POST', 'connect-pro', combine(storeValue('licenseKey', 'licenseKey', 'text'), setFlag('connectedPro', true))],
  ['POST', 'connect-url', connectUrl('connect')],
  ['POST', 'backup', createBackup],
  ['DELETE', 'backup', deleteBackup],
  ['POST', 'backup/restore', restoreBackup],
  ['POST', 'email-debug-info', appendTo('debugInfoSentTo', 'email')],
  ['POST', 'migration/fix-blank-formats', setFlag('blankFormatsFixed', true)],
  ['POST', 'notifications/dismiss', dismissListedNotifications],
  ['POST', SEO_NOTIFICATION_ROUTE, dismissNamedNotification],
  ['POST', 'objects', searchObjects],
  ['POST', 'plugins/deactivate', appendTo('deactivatedPlugins', 'plugins')],
  ['POST', 'plugins/install', appendTo('installedPlugins', 'plugins')],
  ['POST', 'plugins/upgrade', appendTo('upgradedPlugins', 'plugins')],
  ['POST', 'reset-settings', resetSettings],
  ['GET', 'search-statistics/url/auth', connectUrl('search-statistics/auth')],
  ['GET', 'search-statistics/url/reauth', connectUrl('search-statistics/reauth')],
  ['DELETE', 'search-statistics/auth', setFlag('searchStatisticsConnected', false)],
  ['POST', 'search-statistics/sitemap/delete', appendTo('deletedSitemaps', 'sitemap')],
  ['POST', 'search-statistics/sitemap/ignore', appendTo('ignoredSitemaps', 'sitemap')],
  ['POST', 'settings/export', exportSettings],
  ['POST', 'settings/hide-setup-wizard', setFlag('setupWizardHidden', true)],
  ['POST', 'settings/hide-upgrade-bar', setFlag('upgradeBarHidden', true)],
  ['POST', 'settings/import', importSettings],
  ['POST', String.raw`settings/import/(?P<siteId>[\d]+)`, importSiteSettings],
  ['POST', 'settings/import-plugins', appendTo('importedFromPlugins', 'plugins')],
  ['POST', 'settings/toggle-card', storeKeyed('cards', 'card', 'value', 'boolean')],
  ['POST', 'settings/toggle-radio', storeKeyed('radios', 'radio', 'value', 'text')],
  ['POST', 'settings/dismiss-alert', appendTo('dismissedAlerts', 'alert')],
  ['POST', 'settings/items-per-page', storeKeyed('itemsPerPage', 'table', 'value', 'integer')],
  ['POST', 'settings/do-task', appendTo('completedTasks', 'task')],
  ['POST', 'sitemap/deactivate-conflicting-plugins', setFlag('conflictingSitemapPluginsDeactivated', true)],
  ['POST', 'sitemap/delete-static-files', setFlag('staticSitemapFilesDeleted', true)],
  ['POST', 'sitemap/validate-html-sitemap-slug', validateHtmlSitemapSlug],
  ['POST', 'tools/delete-robots-txt', setFlag('physicalRobotsTxtDeleted', true)],
  ['POST', 'tools/import-robots-txt', setFlag('robotsTxtImported', true)],
  ['POST', 'wizard', combine(saveOptions, storeValue('wizardStep', 'section', 'text', true))],
  ['POST', 'integration/keyword-tool/authenticate', setFlag('keywordToolAuthenticated', true)],
  ['POST', 'integration/keyword-tool/refresh', acknowledge()],
  ['POST', 'integration/keyword-tool/keyphrases', suggestKeyphrases],
  ['POST', 'integration/code-snippets/snippets', reveal('codeSnippets')],
  ['POST', 'crawl-cleanup', reveal('crawlCleanupLog', 'blockedQueries')],
  ['POST', 'crawl-cleanup/block', appendTo('blockedQueries', 'query')],
  ['POST', 'crawl-cleanup/delete-blocked', clearList('blockedQueries')],
  ['POST', 'crawl-cleanup/delete-unblocked', clearList('crawlCleanupLog')],
];

/** The record a route acts on: the post its path names (404 when unknown), else the plugin's settings. */
function targetOf(state: SeoState, req: ServerRequest, route: string): Record<string, unknown> {
  if (!route.includes('(?P<postId>')) return state.settings;
  const post = state.posts.get(integerValue(req.params, 'postId') ?? -1);
  if (post === undefined) throw new WpError('seo_invalid_post', 'No post has this id.', 404);
  return post as unknown as Record<string, unknown>;
}

function methodHandler(route: string, effect: SeoEffect): MethodHandler {
  return {
    permission: administratorsOnly,
    handle: (req: ServerRequest, ctx: ServerContext) => {
      const state = moduleState<SeoState>(ctx.store, MODULE_NAME);
      const target = targetOf(state, req, route);
      return { status: 200, body: { success: true, ...effect({ state, target, params: req.params, req, ctx }) } };
    },
  };
}

/** The table as route handlers, one entry per route key. */
function seoRoutes(): RouteHandlers[] {
  const byRoute = new Map<string, RouteHandlers>();
  for (const [method, path, effect] of SEO_ROUTE_TABLE) {
    const route = path.startsWith('/') ? path : NAMESPACE_ROOT + path;
    const handlers = byRoute.get(route) ?? { route, methods: {} };
    if (handlers.methods[method] !== undefined) throw new Error(`${method} ${route} appears twice in the SEO route table`);
    handlers.methods[method] = methodHandler(route, effect);
    byRoute.set(route, handlers);
  }
  return [...byRoute.values()];
}

/** The SEO module. */
export const module: ResourceModule = {
  name: MODULE_NAME,
  seed: (store, faker) => {
    store.namespaces[MODULE_NAME] = seedSeoState(faker);
  },
  routes: seoRoutes(),
};
