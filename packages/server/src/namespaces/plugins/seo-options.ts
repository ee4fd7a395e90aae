/**
 * The SEO plugin's options: a nested settings object with fixed sections. Writers merge a patch into it key by
 * key, keeping only keys the options already have and values of the same JSON kind, so no request can change
 * the options' shape.
 */
import { copyJson } from '../../json-copy.js';
import { isPlainObject } from './request-values.js';

/** The options object: sections of settings, each a JSON value. */
export type SeoOptions = Record<string, unknown>;

/** What a fresh install starts with, and what `reset-settings` restores. */
export function defaultSeoOptions(): SeoOptions {
  return {
    general: { licenseKey: '', usageTracking: false },
    webmasterTools: { google: '', bing: '', yandex: '', baidu: '', pinterest: '' },
    breadcrumbs: { enable: true, separator: '»', homepageLink: true, homepageLabel: 'Home' },
    searchAppearance: {
      global: { separator: '-', siteTitle: '#site_title #separator_sa #tagline', metaDescription: '#tagline', keywords: '' },
      advanced: { useKeywords: false, noPaginationForCanonical: true, runShortcodes: false, crawlCleanup: false },
      archives: { author: { show: true }, date: { show: false } },
    },
    social: {
      facebook: { general: { enable: true, defaultImageSourcePosts: 'default' } },
      twitter: { general: { enable: true, cardType: 'summary_large_image' } },
      profiles: { urls: { facebookPageUrl: '', twitterUrl: '', linkedinUrl: '' } },
    },
    sitemap: {
      general: { enable: true, filename: 'sitemap', linksPerIndex: 1000 },
      html: { enable: true, pageUrl: '' },
      rss: { enable: true },
    },
    tools: { robots: { enable: false, rules: [] } },
    advanced: { truSeo: true, headlineAnalyzer: true, adminBarMenu: true, emailSummary: { enable: true, recipients: [] } },
  };
}

/** A deep copy, so stored options never share objects with a request or a response. */
export function cloneOptions<T>(value: T): T {
  return copyJson(value);
}

function sameKind(current: unknown, next: unknown): boolean {
  if (Array.isArray(current)) return Array.isArray(next);
  if (current === null || next === null) return current === next;
  return typeof current === typeof next && !Array.isArray(next);
}

/**
 * Merges `patch` into `options` in place and answers the dotted paths it changed. Unknown keys and values of
 * another kind than the current one are skipped.
 */
export function mergeKnownOptions(options: SeoOptions, patch: Record<string, unknown>, prefix = ''): string[] {
  const changed: string[] = [];
  for (const [key, next] of Object.entries(patch)) {
    if (!Object.hasOwn(options, key)) continue;
    const current = options[key];
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isPlainObject(current)) {
      if (isPlainObject(next)) changed.push(...mergeKnownOptions(current, next, path));
    } else if (sameKind(current, next) && JSON.stringify(current) !== JSON.stringify(next)) {
      options[key] = cloneOptions(next);
      changed.push(path);
    }
  }
  return changed;
}

/** The named top-level sections of `options` (unknown names skipped), or all of them. */
export function optionSections(options: SeoOptions, names: readonly string[]): SeoOptions {
  const wanted = names.filter((name) => Object.hasOwn(options, name));
  const picked = wanted.length === 0 ? Object.keys(options) : wanted;
  return Object.fromEntries(picked.map((name) => [name, cloneOptions(options[name])]));
}
