/**
 * Moderation: members block other members and report content. One moderation item per (type, id) collects
 * every block or report made against it; enough of them suspend it site-wide. Every route needs a logged-in
 * member; a member sees the items they reported, a moderator sees all of them.
 */
import type { Faker } from '@faker-js/faker';
import { WpError, type Member, type RouteHandlers, type ServerContext, type ServerRequest, type Store } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { findContent, seedContent } from './content-catalogue.js';
import { restDate, restNow, SEED_REFERENCE_DATE } from './dates.js';
import { missingParams } from './errors.js';
import { requireMember } from './member-accounts.js';
import { pagedResponse } from './paging.js';
import { boolParam, intListParam, intParam, stringParam } from './params.js';
import { isAdministrator, isModerator, loggedIn, signedInMember } from './permissions.js';
import { storeSlice } from './store-slice.js';

const MODULE_NAME = 'moderation';

/** This many blocks or reports suspend an item site-wide. */
const SUSPENSION_THRESHOLD = 3;

/** The site of a single-site install; `blog_id` filters against it. */
const BLOG_ID = 1;

/** One member's block or report of an item. */
interface Report {
  user_id: number;
  category: string;
  note: string;
  date_created: string;
}

interface ModerationItem {
  id: number;
  item_id: number;
  item_type: string;
  blog_id: number;
  hide_sitewide: boolean;
  last_updated: string;
  reports: Report[];
}

interface ModerationState {
  items: Map<number, ModerationItem>;
}

/** The report form's categories: the plugin's term ids (as the report route's enumeration has them), then `other`. */
export const REPORT_CATEGORY_LABELS: ReadonlyArray<{ id: string; name: string; description: string }> = [
  { id: '23', name: 'Spam', description: 'Unwanted advertising or repeated posts.' },
  { id: '24', name: 'Harassment', description: 'Bullying, threats or intimidation of a member.' },
  { id: '25', name: 'Inappropriate content', description: 'Content that does not belong on a site for students and scientists.' },
  { id: '26', name: 'Offensive language', description: 'Insults, slurs or abusive words.' },
  { id: '27', name: 'Misinformation', description: 'Claims that are false or misleading.' },
  { id: 'other', name: 'Other', description: 'Anything else; please describe it in the note.' },
];

function moderationState(store: Store): ModerationState {
  return storeSlice<ModerationState>(store, MODULE_NAME, () => ({ items: new Map() }));
}

/** A deleted member's block goes with it: no moderation item names an account that no longer exists. */
export function forgetBlocksOf(store: Store, memberId: number): void {
  const { items } = moderationState(store);
  for (const [id, item] of items) if (item.item_type === 'user' && item.item_id === memberId) items.delete(id);
}

function findItem(store: Store, itemType: string, itemId: number): ModerationItem | undefined {
  return [...moderationState(store).items.values()].find((item) => item.item_type === itemType && item.item_id === itemId);
}

/** Adds `report` to the item about (type, id), creating the item on its first report. */
function addReport(store: Store, itemType: string, itemId: number, report: Report): ModerationItem {
  let item = findItem(store, itemType, itemId);
  if (item === undefined) {
    item = {
      id: store.nextId(MODULE_NAME),
      item_id: itemId,
      item_type: itemType,
      blog_id: BLOG_ID,
      hide_sitewide: false,
      last_updated: report.date_created,
      reports: [],
    };
    moderationState(store).items.set(item.id, item);
  }
  item.reports.push(report);
  item.last_updated = report.date_created;
  item.hide_sitewide = item.reports.length >= SUSPENSION_THRESHOLD;
  return item;
}

function visibleTo(item: ModerationItem, viewer: Member): boolean {
  return isModerator(viewer) || item.reports.some((report) => report.user_id === viewer.id);
}

/** The item as `viewer` may see it: reporters other than the viewer only for moderators. */
function serializeItem(item: ModerationItem, viewer: Member, withReporters: boolean): Record<string, unknown> {
  const own = item.reports.find((report) => report.user_id === viewer.id);
  const body: Record<string, unknown> = {
    id: item.id,
    item_id: item.item_id,
    item_type: item.item_type,
    blog_id: item.blog_id,
    user_id: own?.user_id ?? item.reports[0]?.user_id ?? 0,
    last_updated: item.last_updated,
    hide_sitewide: item.hide_sitewide,
    count: item.reports.length,
    is_blocked: item.item_type === 'user' && own !== undefined,
  };
  if (withReporters) {
    const reporters = isModerator(viewer) ? item.reports : item.reports.filter((report) => report.user_id === viewer.id);
    body.reporters = reporters.map((report) => ({ ...report }));
  }
  return body;
}

/**
 * The item with this id; 404 also when the caller neither reported it nor moderates, so that members cannot
 * learn who else was blocked, and an unblocked item is gone for the member who unblocked it.
 */
function requireVisibleItem(req: ServerRequest, ctx: ServerContext): ModerationItem {
  const viewer = signedInMember(req);
  const item = moderationState(ctx.store).items.get(intParam(req.params, 'id'));
  if (item === undefined || !visibleTo(item, viewer)) throw new WpError('bp_rest_moderation_invalid_id', 'Invalid moderation ID.', 404);
  return item;
}

type ItemKey = 'id' | 'item_type' | 'item_id' | 'last_updated' | 'hide_sitewide';

function listItems(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const { params, sent } = req;
  let items = [...moderationState(ctx.store).items.values()].filter((item) => visibleTo(item, viewer));
  if (sent.has('item_id')) items = items.filter((item) => item.item_id === intParam(params, 'item_id'));
  const include = new Set(intListParam(params, 'include'));
  if (include.size > 0) items = items.filter((item) => include.has(item.id));
  const exclude = new Set(intListParam(params, 'exclude'));
  items = items.filter((item) => !exclude.has(item.id));
  if (sent.has('status')) items = items.filter((item) => item.hide_sitewide === boolParam(params, 'status'));
  if (sent.has('blog_id')) items = items.filter((item) => item.blog_id === intParam(params, 'blog_id'));
  const orderBy = stringParam(params, 'order_by', 'last_updated') as ItemKey;
  const direction = stringParam(params, 'order', 'desc') === 'asc' ? 1 : -1;
  const value = (item: ModerationItem): string | number => (orderBy === 'hide_sitewide' ? Number(item.hide_sitewide) : (item[orderBy] ?? item.last_updated));
  items.sort((a, b) => {
    const [left, right] = [value(a), value(b)];
    return direction * (left < right ? -1 : left > right ? 1 : a.id - b.id);
  });
  const withReporters = boolParam(params, 'reporters');
  return pagedResponse(items, params, (item) => serializeItem(item, viewer, withReporters));
}

/** Blocks member `item_id`: not yourself, not an administrator, not twice. */
function block(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const target = requireMember(ctx.store, intParam(req.params, 'item_id'));
  if (target.id === viewer.id) throw new WpError('bp_rest_moderation_block_self', 'You cannot block yourself.', 400);
  if (isAdministrator(target)) throw new WpError('bp_rest_moderation_block_administrator', 'Administrators cannot be blocked.', 400);
  const type = stringParam(req.params, 'type', 'user');
  const existing = findItem(ctx.store, type, target.id);
  if (existing?.reports.some((report) => report.user_id === viewer.id)) {
    throw new WpError('bp_rest_moderation_already_blocked', 'You have already blocked this member.', 400);
  }
  const item = addReport(ctx.store, type, target.id, { user_id: viewer.id, category: 'block', note: '', date_created: restNow() });
  return {
    status: 201,
    body: serializeItem(item, viewer, true),
    headers: { Location: `${ctx.restUrl(req.locale)}/community/v1/moderation/${item.id}` },
  };
}

/** Unblocks: takes back the caller's own block or report; a moderator who made none clears the whole item. */
function unblock(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const item = requireVisibleItem(req, ctx);
  const previous = serializeItem(item, viewer, true);
  const ownIndex = item.reports.findIndex((report) => report.user_id === viewer.id);
  if (ownIndex >= 0) item.reports.splice(ownIndex, 1);
  else item.reports = [];
  item.hide_sitewide = item.reports.length >= SUSPENSION_THRESHOLD;
  if (item.reports.length === 0) moderationState(ctx.store).items.delete(item.id);
  return { status: 200, body: { deleted: true, previous } };
}

/** Reports a piece of content; the `other` category needs a note. */
function report(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const category = stringParam(req.params, 'report_category');
  const note = stringParam(req.params, 'note').trim();
  if (category === 'other' && note === '') throw missingParams(['note']);
  const itemType = stringParam(req.params, 'item_type');
  const itemId = intParam(req.params, 'item_id');
  const content = findContent(ctx.store, itemType, itemId);
  if (content === undefined) throw new WpError('bp_rest_moderation_invalid_item', 'Sorry, the reported item does not exist.', 404);
  if (content.author_id === viewer.id) throw new WpError('bp_rest_moderation_report_own', 'You cannot report your own content.', 400);
  if (findItem(ctx.store, itemType, itemId)?.reports.some((entry) => entry.user_id === viewer.id)) {
    throw new WpError('bp_rest_moderation_already_reported', 'You have already reported this item.', 400);
  }
  const item = addReport(ctx.store, itemType, itemId, { user_id: viewer.id, category, note, date_created: restNow() });
  // A report is a new thing made, so 201 as every create; its Location is the moderation item that holds it.
  return {
    status: 201,
    body: serializeItem(item, viewer, true),
    headers: { Location: `${ctx.restUrl(req.locale)}/community/v1/moderation/${item.id}` },
  };
}

const mustBeLoggedIn = loggedIn('bp_rest_authorization_required', 'Sorry, you need to be logged in to moderate.');

const routes: RouteHandlers[] = [
  {
    route: '/community/v1/moderation',
    methods: { GET: { permission: mustBeLoggedIn, handle: listItems }, POST: { permission: mustBeLoggedIn, handle: block } },
  },
  {
    route: String.raw`/community/v1/moderation/(?P<id>[\d]+)`,
    methods: {
      GET: {
        permission: mustBeLoggedIn,
        handle: (req, ctx) => ({ status: 200, body: serializeItem(requireVisibleItem(req, ctx), signedInMember(req), true) }),
      },
      DELETE: { permission: mustBeLoggedIn, handle: unblock },
    },
  },
  {
    route: '/community/v1/moderation/report',
    methods: {
      GET: { permission: mustBeLoggedIn, handle: () => ({ status: 200, body: REPORT_CATEGORY_LABELS.map((category) => ({ ...category })) }) },
      POST: { permission: mustBeLoggedIn, handle: report },
    },
  },
];

/** The content catalogue, then a few blocks between ordinary members (one member blocked by enough to be suspended). */
function seedModeration(store: Store, faker: Faker): void {
  seedContent(store, faker);
  // The built-in accounts (ids 1 and 2) start with no blocks, so a client sees a clean slate for them.
  const ordinary = [...store.members.values()].filter((member) => member.id > 2 && !isAdministrator(member));
  if (ordinary.length < 5) return;
  const date = () => restDate(faker.date.between({ from: '2025-01-01T00:00:00Z', to: SEED_REFERENCE_DATE }));
  const [suspended, ...others] = faker.helpers.shuffle(ordinary);
  for (const blocker of others.slice(0, SUSPENSION_THRESHOLD)) {
    addReport(store, 'user', suspended!.id, { user_id: blocker.id, category: 'block', note: '', date_created: date() });
  }
  for (let index = 0; index < 4; index += 1) {
    const [blocker, blocked] = faker.helpers.arrayElements(others, 2);
    if (findItem(store, 'user', blocked!.id)?.reports.some((entry) => entry.user_id === blocker!.id)) continue;
    addReport(store, 'user', blocked!.id, { user_id: blocker!.id, category: 'block', note: '', date_created: date() });
  }
}

/** Moderation of the community namespace. */
export const module: ResourceModule = { name: MODULE_NAME, seed: seedModeration, routes };
