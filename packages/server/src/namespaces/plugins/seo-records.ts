/**
 * The SEO routes with behaviour of their own, as effects for the route table: options, per-post and per-term
 * SEO data, backups, notifications, settings import and export.
 */
import { createHash } from 'node:crypto';
import { copyJson } from '../../json-copy.js';
import { WpError, type ServerContext } from '../../types.js';
import { integerValue, isPlainObject, objectValue, textListValue, textValue } from './request-values.js';
import { missingMember, requiredMember, type SeoEffect, type ValueKind } from './seo-effects.js';
import { dismissNotifications, notificationsView } from './seo-notifications.js';
import { cloneOptions, defaultSeoOptions, mergeKnownOptions, optionSections } from './seo-options.js';
import { SEO_SMART_TAGS } from './seo-smart-tags.js';
import type { SeoBackup, SeoPostMeta, SeoState, SeoTermMeta } from './seo-state.js';
import { restDateTime } from './seed-dates.js';

/** The only site of this single-site install, for `settings/import/{siteId}`. */
const THIS_SITE_ID = 1;
const MAX_OBJECT_RESULTS = 10;

/** Fields a caller may change on a post's SEO data, and how each is read. */
const POST_FIELDS: Record<string, ValueKind> = {
  title: 'text',
  description: 'text',
  robots_noindex: 'boolean',
  robots_nofollow: 'boolean',
};
/** Fields a caller may change on a term's SEO data. */
const TERM_FIELDS: Record<string, ValueKind> = { title: 'text', description: 'text' };

// --- options -------------------------------------------------------------------------------------------------

/** Everything the plugin's settings screens load. */
export const readOptions: SeoEffect = ({ state }) => ({
  options: cloneOptions(state.options),
  settings: cloneOptions(state.settings),
  notifications: notificationsView(state.notifications),
  backups: state.backups.map(backupSummary),
});

/** Merges `options` (the plugin's own request shape) and any top-level option sections into the options. */
export const saveOptions: SeoEffect = ({ state, params }) => {
  const changed = [...mergeKnownOptions(state.options, objectValue(params, 'options') ?? {}), ...mergeKnownOptions(state.options, params)];
  return { options: cloneOptions(state.options), changed };
};

/** `settings/export`: the named option sections (member `settings`), or all. */
export const exportSettings: SeoEffect = ({ state, params }) => ({
  settings: { options: optionSections(state.options, textListValue(params, 'settings')) },
});

/** `settings/import`: merges the object sent as `settings` (or `options`), which may wrap it in `options`. */
export const importSettings: SeoEffect = ({ state, params }) => {
  const imported = objectValue(params, 'settings') ?? objectValue(params, 'options');
  if (imported === undefined) throw missingMember('settings', 'JSON object of option sections');
  const sections = isPlainObject(imported.options) ? imported.options : imported;
  return { options: cloneOptions(state.options), changed: mergeKnownOptions(state.options, sections) };
};

/** `settings/import/{siteId}`: an import into one site of the network; this install has only site 1. */
export const importSiteSettings: SeoEffect = (input) => {
  if (integerValue(input.params, 'siteId') !== THIS_SITE_ID) throw new WpError('seo_invalid_site', 'No site has this id.', 404);
  return importSettings(input);
};

/** `reset-settings`: back to a fresh install's options. */
export const resetSettings: SeoEffect = ({ state }) => {
  state.options = defaultSeoOptions();
  return { options: cloneOptions(state.options) };
};

/** `tags`: the smart tags. */
export const listSmartTags: SeoEffect = () => ({ tags: SEO_SMART_TAGS.map((tag) => ({ ...tag, context: [...tag.context] })) });

// --- notifications -------------------------------------------------------------------------------------------

/** `notifications/dismiss`: dismisses those named in member `notifications`, or every active one. */
export const dismissListedNotifications: SeoEffect = ({ state, params }) => ({
  dismissed: dismissNotifications(state.notifications, textListValue(params, 'notifications')),
  notifications: notificationsView(state.notifications),
});

/** `notification/{name}`: dismisses the reminder the path names. */
export const dismissNamedNotification: SeoEffect = ({ state, params }) => {
  const name = requiredMember(params, 'name', 'text') as string;
  return { dismissed: dismissNotifications(state.notifications, [name]), notifications: notificationsView(state.notifications) };
};

// --- backups -------------------------------------------------------------------------------------------------

function backupSummary(backup: SeoBackup): { name: string; date: string } {
  return { name: backup.name, date: backup.date };
}

function findBackup(state: SeoState, params: Record<string, unknown>): SeoBackup {
  const name = requiredMember(params, 'backup', 'text') as string;
  const backup = state.backups.find((candidate) => candidate.name === name);
  if (backup === undefined) throw new WpError('seo_backup_not_found', 'No backup has this name.', 404);
  return backup;
}

/** `POST backup`: snapshots the options, named by the current second (one later than the newest, if taken). */
export const createBackup: SeoEffect = ({ state }) => {
  const newest = Number(state.backups.at(-1)?.name ?? 0);
  const seconds = Math.max(Math.floor(Date.now() / 1000), newest + 1);
  const backup = { name: String(seconds), date: restDateTime(new Date(seconds * 1000)), options: cloneOptions(state.options) };
  state.backups.push(backup);
  return { backup: backupSummary(backup), backups: state.backups.map(backupSummary) };
};

/** `DELETE backup`: removes the backup named by member `backup`. */
export const deleteBackup: SeoEffect = ({ state, params }) => {
  const backup = findBackup(state, params);
  state.backups = state.backups.filter((candidate) => candidate !== backup);
  return { deleted: true, previous: backupSummary(backup), backups: state.backups.map(backupSummary) };
};

/** `backup/restore`: the options become the named backup's snapshot. */
export const restoreBackup: SeoEffect = ({ state, params }) => {
  state.options = cloneOptions(findBackup(state, params).options);
  return { options: cloneOptions(state.options) };
};

// --- posts, terms and users ----------------------------------------------------------------------------------

/** A post's SEO data with its addresses made absolute. */
export function postView(post: SeoPostMeta, ctx: ServerContext): Record<string, unknown> {
  return {
    ...copyJson(post),
    permalink: `${ctx.baseUrl}/${post.slug}/`,
    first_attached_image: post.first_attached_image === null ? null : `${ctx.baseUrl}${post.first_attached_image}`,
  };
}

function findRecord<T>(records: Map<number, T>, params: Record<string, unknown>, members: string[], kind: 'post' | 'term'): T {
  const id = members.map((member) => integerValue(params, member)).find((value) => value !== undefined);
  if (id === undefined) throw missingMember(members[0]!, 'integer');
  const record = records.get(id);
  if (record === undefined) throw new WpError(`seo_invalid_${kind}`, `No ${kind} has this id.`, 404);
  return record;
}

/** Writes the fields of `fields` that the request carries, in their kind; answers the names changed. */
function updateFields(record: Record<string, unknown>, params: Record<string, unknown>, fields: Record<string, ValueKind>): string[] {
  const changed: string[] = [];
  for (const [field, kind] of Object.entries(fields)) {
    if (params[field] === undefined) continue;
    record[field] = requiredMember(params, field, kind);
    changed.push(field);
  }
  return changed;
}

/** `GET post`: the SEO data of the post `postId` names, or of every post. */
export const readPosts: SeoEffect = ({ state, params, ctx }) => {
  if (params.postId === undefined) {
    return { posts: [...state.posts.values()].map((post) => postView(post, ctx)), total: state.posts.size };
  }
  return { post: postView(findRecord(state.posts, params, ['postId'], 'post'), ctx) };
};

/** `POST post` and `posts-list/update-details-column`: changes a post's SEO title, description, robots, focus keyphrase. */
export const updatePost: SeoEffect = ({ state, params, ctx }) => {
  const post = findRecord(state.posts, params, ['postId', 'id'], 'post');
  const changed = updateFields(post as unknown as Record<string, unknown>, params, POST_FIELDS);
  const keyphrase = textValue(params, 'keyphrase');
  if (keyphrase !== undefined) {
    post.keyphrases.focus = { keyphrase, score: Math.min(100, keyphrase.length * 7) };
    changed.push('keyphrase');
  }
  return { post: postView(post, ctx), changed };
};

/** `posts-list/load-details-column`: SEO data of the posts listed in member `ids` (unknown ids skipped). */
export const loadPostDetails: SeoEffect = ({ state, params, ctx }) => ({
  posts: textListValue(params, 'ids')
    .map((id) => state.posts.get(Number(id)))
    .filter((post): post is SeoPostMeta => post !== undefined)
    .map((post) => postView(post, ctx)),
});

/** `terms-list/load-details-column`: SEO data of the terms listed in member `ids`. */
export const loadTermDetails: SeoEffect = ({ state, params }) => ({
  terms: textListValue(params, 'ids')
    .map((id) => state.terms.get(Number(id)))
    .filter((term): term is SeoTermMeta => term !== undefined)
    .map((term) => ({ ...term })),
});

/** `terms-list/update-details-column`: changes a term's SEO title and description. */
export const updateTerm: SeoEffect = ({ state, params }) => {
  const term = findRecord(state.terms, params, ['termId', 'id'], 'term');
  const changed = updateFields(term as unknown as Record<string, unknown>, params, TERM_FIELDS);
  return { term: { ...term }, changed };
};

/** `post/{postId}/first-attached-image` (the route resolves the post): its first image, or null. */
export const firstAttachedImage: SeoEffect = ({ target, ctx }) => ({
  url: postView(target as unknown as SeoPostMeta, ctx).first_attached_image,
});

/** `user/{userId}/image`: the member's avatar address; 404 for an unknown member. */
export const userImage: SeoEffect = ({ params, ctx }) => {
  const member = ctx.store.members.get(integerValue(params, 'userId') ?? -1);
  if (member === undefined) throw new WpError('seo_invalid_user', 'No user has this id.', 404);
  const hash = createHash('md5').update(member.email.trim().toLowerCase()).digest('hex');
  return { url: `https://secure.gravatar.com/avatar/${hash}?s=96&d=mm&r=g` };
};

/** `objects`: posts whose title contains member `query` (case-insensitive), for link pickers. */
export const searchObjects: SeoEffect = ({ state, params, ctx }) => {
  const query = (textValue(params, 'query') ?? '').toLowerCase();
  const matches = [...state.posts.values()].filter((post) => post.post_title.toLowerCase().includes(query));
  return {
    objects: matches.slice(0, MAX_OBJECT_RESULTS).map((post) => ({
      id: post.id,
      type: 'post',
      title: post.post_title,
      link: `${ctx.baseUrl}/${post.slug}/`,
    })),
  };
};
