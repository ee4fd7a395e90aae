/**
 * oEmbed for this site's own pages: member profiles (`{base}/{locale}/members/{login}/`) and activity posts
 * (`{base}/{locale}/activity/p/{id}/`). Anything else is 404 `oembed_invalid_url`; there is no internet here, so
 * the proxy only answers for this site too. `format=xml` answers `text/xml`.
 */
import { site } from '../locales/index.js';
import { LOCALES, WpError, type Locale, type Member, type ServerContext, type ServerRequest, type ServerResponse } from '../types.js';
import { findContent, type ContentItem } from './community/content-catalogue.js';
import { findMemberByLogin } from './community/member-accounts.js';
import { avatarUrls, memberLink } from './community/member-view.js';
import { boolParam, intParam, stringParam } from './community/params.js';
import { moderatorOnly } from './community/permissions.js';
import type { ResourceModule } from './module.js';

/** WordPress's `oembed_min_max_width` bounds and `oembed_default_width`. */
const MIN_WIDTH = 200;
const MAX_WIDTH = 600;
const DEFAULT_WIDTH = 600;

/** What an embed shows, before sizes are applied. */
interface EmbedSubject {
  locale: Locale;
  title: string;
  author: Member;
  /** The page embedded. */
  link: string;
  /** Inner HTML of the quote shown before the frame loads. */
  quote: string;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** The path of `url` inside this site (`/en_gb/members/x/`), or undefined when the URL is elsewhere or malformed. */
function pathOnThisSite(ctx: ServerContext, url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.origin === new URL(ctx.baseUrl).origin ? decodeURIComponent(parsed.pathname) : undefined;
  } catch {
    return undefined;
  }
}

function localeOf(segment: string | undefined): Locale | undefined {
  return LOCALES.find((locale) => locale === segment);
}

function memberSubject(ctx: ServerContext, path: string): EmbedSubject | undefined {
  const match = /^\/([^/]+)\/members\/([^/]+)\/?$/.exec(path);
  const locale = localeOf(match?.[1]);
  const member = match === null ? undefined : findMemberByLogin(ctx.store, match[2]!);
  if (locale === undefined || member === undefined) return undefined;
  const link = memberLink(ctx, locale, member);
  return { locale, title: member.name, author: member, link, quote: `<a href="${escapeHtml(link)}">${escapeHtml(member.name)}</a>` };
}

function activitySubject(ctx: ServerContext, path: string, hideMedia: boolean): EmbedSubject | undefined {
  const match = /^\/([^/]+)\/activity\/p\/(\d+)\/?$/.exec(path);
  const locale = localeOf(match?.[1]);
  const activity: ContentItem | undefined = match === null ? undefined : findContent(ctx.store, 'activity', Number.parseInt(match[2]!, 10));
  const author = activity === undefined ? undefined : ctx.store.members.get(activity.author_id);
  if (locale === undefined || activity === undefined || author === undefined) return undefined;
  const link = `${ctx.baseUrl}/${locale}/activity/p/${activity.item_id}/`;
  const media = activity.media_path !== undefined && !hideMedia ? `<img src="${escapeHtml(ctx.baseUrl + activity.media_path)}" alt="" />` : '';
  return {
    locale,
    title: `${author.name}: ${activity.text}`,
    author,
    link,
    quote: `<p>${escapeHtml(activity.text)}</p>${media}<a href="${escapeHtml(link)}">${escapeHtml(author.name)}</a>`,
  };
}

/** WordPress's `absint`: a number's absolute whole part, 0 for anything else. */
function absint(params: Record<string, unknown>, name: string, fallback: number): number {
  if (params[name] === undefined) return fallback;
  const value = params[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(number) ? Math.abs(Math.trunc(number)) : 0;
}

/** The oEmbed response data, sized as `get_oembed_response_data` sizes it (16:9, at least 200 high). */
function embedData(ctx: ServerContext, req: ServerRequest, subject: EmbedSubject): Record<string, unknown> {
  const width = Math.min(Math.max(MIN_WIDTH, absint(req.params, 'maxwidth', DEFAULT_WIDTH)), MAX_WIDTH);
  let height = Math.max(Math.ceil((width / 16) * 9), MIN_WIDTH);
  const maxHeight = intParam(req.params, 'maxheight', 0);
  if (maxHeight > 0) height = Math.min(height, maxHeight);
  const frame =
    `<iframe sandbox="allow-scripts" security="restricted" src="${escapeHtml(`${subject.link}embed/`)}" width="${width}" height="${height}" ` +
    `title="${escapeHtml(subject.title)}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no" class="wp-embedded-content"></iframe>`;
  return {
    version: '1.0',
    provider_name: site(subject.locale).name,
    provider_url: `${ctx.baseUrl}/${subject.locale}/`,
    author_name: subject.author.name,
    author_url: memberLink(ctx, subject.locale, subject.author),
    title: subject.title,
    type: 'rich',
    width,
    height,
    html: `<blockquote class="wp-embedded-content">${subject.quote}</blockquote>${frame}`,
    thumbnail_url: avatarUrls(ctx, subject.author).full,
    thumbnail_width: 300,
    thumbnail_height: 300,
  };
}

/** `_oembed_create_xml`: one element per field, text escaped. */
function toXml(data: Record<string, unknown>): string {
  const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const elements = Object.entries(data).map(([key, value]) => `<${key}>${escapeXml(String(value))}</${key}>`);
  return `<?xml version="1.0"?>\n<oembed>${elements.join('')}</oembed>\n`;
}

/** Answers `subject` (JSON, or XML for `format=xml`), or 404 `oembed_invalid_url` when there is none. */
function answer(ctx: ServerContext, req: ServerRequest, subject: EmbedSubject | undefined): ServerResponse {
  if (subject === undefined) throw new WpError('oembed_invalid_url', 'Not Found', 404);
  const data = embedData(ctx, req, subject);
  if (stringParam(req.params, 'format') === 'xml') return { status: 200, body: toXml(data), contentType: 'text/xml; charset=UTF-8' };
  return { status: 200, body: data };
}

function embed(req: ServerRequest, ctx: ServerContext): ServerResponse {
  const path = pathOnThisSite(ctx, req.params.url);
  return answer(ctx, req, path === undefined ? undefined : memberSubject(ctx, path));
}

function embedActivity(req: ServerRequest, ctx: ServerContext): ServerResponse {
  const path = pathOnThisSite(ctx, req.params.url);
  const hideMedia = boolParam(req.params, 'hide_media');
  return answer(ctx, req, path === undefined ? undefined : (activitySubject(ctx, path, hideMedia) ?? memberSubject(ctx, path)));
}

/** oEmbed of the site's own pages and of the community's activity posts. */
export const module: ResourceModule = {
  name: 'oembed',
  seed: () => {},
  routes: [
    { route: '/oembed/1.0/embed', methods: { GET: { handle: embed } } },
    { route: '/oembed/1.0/embed/activity', methods: { GET: { handle: embedActivity } } },
    {
      route: '/oembed/1.0/proxy',
      methods: {
        GET: {
          permission: moderatorOnly('rest_forbidden', 'Sorry, you are not allowed to make proxied oEmbed requests.'),
          handle: (req, ctx) => {
            const path = pathOnThisSite(ctx, req.params.url);
            return answer(ctx, req, path === undefined ? undefined : (memberSubject(ctx, path) ?? activitySubject(ctx, path, false)));
          },
        },
      },
    },
  ],
};
