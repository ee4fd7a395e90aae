/** The platform settings a signed-in app reads, and @mention suggestions. */
import type { RouteHandlers, ServerContext, ServerRequest } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { activeComponentNames } from './components.js';
import { MEMBER_TYPES } from './member-accounts.js';
import { avatarUrls } from './member-view.js';
import { boolParam, stringParam } from './params.js';
import { loggedIn, signedInMember } from './permissions.js';

/** At most this many suggestions, as the plugin's autocomplete asks for. */
const MENTION_LIMIT = 10;

function settings(_req: ServerRequest, ctx: ServerContext) {
  const active = activeComponentNames(ctx.store);
  return {
    status: 200,
    body: {
      active_components: active,
      registration_enabled: true,
      account_deletion_enabled: true,
      profile_visibility_enabled: true,
      follow_enabled: active.includes('members'),
      moderation_enabled: active.includes('moderation'),
      member_types: [...MEMBER_TYPES],
      avatar: { full_width: 300, full_height: 300, thumb_width: 150, thumb_height: 150 },
    },
  };
}

/** Members whose login or name contains `term` (the caller excluded), optionally only those the caller follows. */
function mention(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const term = stringParam(req.params, 'term').trim().replace(/^@/, '').toLowerCase();
  const onlyFollowed = boolParam(req.params, 'only_friends');
  const suggestions = [...ctx.store.members.values()]
    .filter((member) => member.id !== viewer.id)
    .filter((member) => !onlyFollowed || viewer.following.has(member.id))
    .filter((member) => member.user_login.toLowerCase().includes(term) || member.name.toLowerCase().includes(term))
    .sort((a, b) => a.user_login.localeCompare(b.user_login, 'en') || a.id - b.id)
    .slice(0, MENTION_LIMIT)
    .map((member) => ({
      id: member.id,
      ID: member.user_login,
      image: avatarUrls(ctx, member).thumb,
      name: member.name,
      user_id: member.id,
    }));
  return { status: 200, body: suggestions };
}

const routes: RouteHandlers[] = [
  { route: '/community/v1/settings', methods: { GET: { permission: loggedIn(), handle: settings } } },
  { route: '/community/v1/mention', methods: { GET: { permission: loggedIn(), handle: mention } } },
];

/** Settings and mentions of the community namespace; they keep no state of their own. */
export const module: ResourceModule = { name: 'misc', seed: () => {}, routes };
