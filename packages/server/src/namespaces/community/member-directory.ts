/**
 * The members directory's extra routes: follow/unfollow, the caller's permissions, the directory tabs, one
 * member's profile tabs and the profile drop-down menu.
 */
import { WpError, type Member, type RouteHandlers, type ServerContext, type ServerRequest } from '../../types.js';
import { missingParams } from './errors.js';
import { followersOf, requireMember } from './member-accounts.js';
import { memberLink, serializeMember } from './member-view.js';
import { boolParam, intParam, stringParam } from './params.js';
import { isAdministrator, isModerator, loggedIn, signedIn, signedInMember } from './permissions.js';
import { EDITABLE, forMethods } from './route-methods.js';

/** What the caller may do, as the app's menus need it. */
function permissionsOf(member: Member): Record<string, boolean> {
  const moderator = isModerator(member);
  return {
    is_administrator: isAdministrator(member),
    is_moderator: moderator,
    can_create_members: moderator,
    can_edit_members: moderator,
    can_delete_members: moderator,
    can_moderate: moderator,
    can_manage_components: isAdministrator(member),
    can_edit_profile_fields: moderator,
    can_edit_own_profile: true,
    can_follow: true,
    can_block: true,
    can_report: true,
  };
}

/** Follows or unfollows; `action` tells whether anything changed, as the plugin's `bp_start_following` does. */
function followAction(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  const target = requireMember(ctx.store, intParam(req.params, 'id'));
  const action = stringParam(req.params, 'action');
  if (action === '') throw missingParams(['action']);
  if (target.id === viewer.id) {
    throw new WpError('bp_rest_member_cannot_follow_self', 'You cannot follow or unfollow yourself.', 400);
  }
  let changed: boolean;
  if (action === 'follow') {
    changed = !viewer.following.has(target.id);
    viewer.following.add(target.id);
  } else {
    changed = viewer.following.delete(target.id);
  }
  return { status: 200, body: { action: changed, data: serializeMember(target, req, ctx) } };
}

function directoryTabs(req: ServerRequest, ctx: ServerContext) {
  const viewer = req.user;
  const tabs: Record<string, { title: string; count: number; position: number }> = {
    all: { title: 'All Members', count: ctx.store.members.size, position: 0 },
  };
  if (viewer !== null) {
    tabs.following = { title: 'Following', count: viewer.following.size, position: 1 };
    tabs.followers = { title: 'Followers', count: followersOf(ctx.store, viewer.id).length, position: 2 };
  }
  return {
    status: 200,
    body: {
      tabs,
      order_options: { active: 'Recently Active', newest: 'Newest Members', alphabetical: 'Alphabetical', popular: 'Popular' },
    },
  };
}

function memberTabs(req: ServerRequest, ctx: ServerContext) {
  const member = requireMember(ctx.store, intParam(req.params, 'id'));
  const link = memberLink(ctx, req.locale, member);
  const tab = (id: string, title: string, position: number, count?: number) => ({
    id,
    title,
    link: `${link}${id}/`,
    position,
    ...(count === undefined ? {} : { count }),
  });
  return {
    status: 200,
    body: {
      tabs: [
        tab('profile', 'Profile', 0),
        tab('following', 'Following', 1, member.following.size),
        tab('followers', 'Followers', 2, followersOf(ctx.store, member.id).length),
      ],
    },
  };
}

/** The default menu, or the site's custom menu (none is configured, so it is empty). */
function profileDropdown(req: ServerRequest, ctx: ServerContext) {
  const viewer = signedInMember(req);
  if (!boolParam(req.params, 'default', true)) return { status: 200, body: [] };
  const link = memberLink(ctx, req.locale, viewer);
  const items = [
    { id: 'profile', title: 'View Profile', url: link },
    { id: 'edit-profile', title: 'Edit Profile', url: `${link}profile/edit/` },
    { id: 'settings', title: 'Account Settings', url: `${link}settings/` },
    { id: 'logout', title: 'Log Out', url: `${ctx.baseUrl}/${req.locale}/wp-login.php?action=logout` },
  ];
  return { status: 200, body: items };
}

/** Routes registered by the members module. */
export const memberDirectoryRoutes: RouteHandlers[] = [
  {
    route: String.raw`/community/v1/members/action/(?P<id>[\d]+)`,
    methods: forMethods(EDITABLE, { permission: loggedIn(), handle: followAction }),
  },
  {
    route: '/community/v1/members/me/permissions',
    methods: { GET: { permission: signedIn, handle: (req) => ({ status: 200, body: permissionsOf(signedInMember(req)) }) } },
  },
  { route: '/community/v1/members/details', methods: { GET: { handle: directoryTabs } } },
  { route: String.raw`/community/v1/members/(?P<id>[\d]+)/detail`, methods: { GET: { handle: memberTabs } } },
  { route: '/community/v1/members/profile-dropdown', methods: { GET: { permission: loggedIn(), handle: profileDropdown } } },
];
