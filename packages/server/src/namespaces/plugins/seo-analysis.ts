/**
 * The SEO plugin's analysers, as effects for the route table: a whole-site audit, the headline analyser, keyphrase
 * suggestions, link counting and the HTML-sitemap slug check. Scores are computed from the text, so the same input
 * always scores the same.
 */
import { WpError } from '../../types.js';
import { textValue } from './request-values.js';
import { requiredMember, type SeoEffect } from './seo-effects.js';
import type { SeoPostMeta } from './seo-state.js';
import { restDateTime } from './seed-dates.js';

/** Headline lengths (in words) the analyser rewards. */
const IDEAL_HEADLINE_WORDS = { min: 6, max: 12 };
const POWER_WORDS = ['best', 'easy', 'free', 'guide', 'how', 'new', 'proven', 'simple', 'why'];
const KEYPHRASE_MODIFIERS = ['for beginners', 'examples', 'explained', 'guide', 'tips', 'vs', 'near me'];

/** A 0–100 score from word count, power words, and a number or question. */
export function headlineScore(headline: string): number {
  const words = headline.toLowerCase().split(/\s+/).filter(Boolean);
  let score = 40;
  if (words.length >= IDEAL_HEADLINE_WORDS.min && words.length <= IDEAL_HEADLINE_WORDS.max) score += 25;
  score += Math.min(20, 10 * words.filter((word) => POWER_WORDS.includes(word)).length);
  if (/\d/.test(headline) || headline.trim().endsWith('?')) score += 15;
  return Math.min(100, score);
}

/** `analyze-headline`: scores member `headline` and keeps the result by headline. */
export const analyzeHeadline: SeoEffect = ({ target, params }) => {
  const headline = requiredMember(params, 'headline', 'text') as string;
  const result = { score: headlineScore(headline), words: headline.split(/\s+/).filter(Boolean).length, characters: [...headline].length };
  const analysed = (target.analyzedHeadlines ??= Object.create(null)) as Record<string, unknown>;
  analysed[headline] = result;
  return { headline, result };
};

/** `analyze`: audits the site (or member `url`) and keeps the latest result. */
export const analyzeSite: SeoEffect = ({ target, params, ctx }) => {
  const url = textValue(params, 'url') ?? ctx.baseUrl;
  const checks = { title: 'passed', description: 'passed', robots: 'passed', sitemap: 'passed', https: url.startsWith('https:') ? 'passed' : 'warning' };
  const passed = Object.values(checks).filter((outcome) => outcome === 'passed').length;
  const analysis = { url, score: Math.round((100 * passed) / Object.keys(checks).length), checks, date: restDateTime(new Date()) };
  target.siteAnalysis = analysis;
  return { results: analysis };
};

/** `integration/keyword-tool/keyphrases`: suggestions built from member `keyphrase`. */
export const suggestKeyphrases: SeoEffect = ({ params }) => {
  const keyphrase = (requiredMember(params, 'keyphrase', 'text') as string).trim().toLowerCase();
  return {
    keyphrases: KEYPHRASE_MODIFIERS.map((modifier, index) => ({
      keyphrase: `${keyphrase} ${modifier}`,
      volume: (keyphrase.length * 97 + index * 31) % 5000,
    })),
  };
};

/** `post/{postId}/update-internal-link-count`: counts site links in member `content`, or keeps the count. */
export const updateInternalLinkCount: SeoEffect = ({ target, params, ctx }) => {
  const post = target as unknown as SeoPostMeta;
  const content = textValue(params, 'content');
  if (content !== undefined) {
    const hrefs = [...content.matchAll(/href\s*=\s*["']([^"']*)["']/gi)].map((match) => match[1]!);
    post.internal_link_count = hrefs.filter((href) => href.startsWith('/') || href.startsWith(ctx.baseUrl)).length;
  }
  return { internal_link_count: post.internal_link_count };
};

/** `sitemap/validate-html-sitemap-slug`: a slug is free unless a post already uses it. */
export const validateHtmlSitemapSlug: SeoEffect = ({ state, params }) => {
  const slug = (requiredMember(params, 'slug', 'text') as string).replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(slug)) {
    throw new WpError('seo_invalid_slug', 'A slug may contain only letters, digits, hyphens and slashes.', 400);
  }
  const taken = [...state.posts.values()].some((post) => post.slug === slug);
  return { slug, valid: !taken };
};
