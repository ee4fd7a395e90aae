/**
 * How a member looks in a response. Never the password; the e-mail address and roles only in `edit` answers, for
 * the member themselves or a moderator.
 */
import type { Locale, Member, ServerContext, ServerRequest } from '../../types.js';
import { followersOf } from './member-accounts.js';
import { membersState } from './member-state.js';
import { isModerator } from './permissions.js';
import { answerContext } from '../../context-filter.js';

/** An avatar in its two sizes. */
export interface AvatarUrls {
  full: string;
  thumb: string;
}

/** The member's public profile page: `{base}/{locale}/members/{user_login}/`. */
export function memberLink(ctx: ServerContext, locale: Locale, member: Member): string {
  return `${ctx.baseUrl}/${locale}/members/${encodeURIComponent(member.user_login)}/`;
}

/** The uploaded avatar, or the site's default picture. */
export function avatarUrls(ctx: ServerContext, member: Member): AvatarUrls {
  if (membersState(ctx.store).uploadedAvatars.has(member.id)) {
    const folder = `${ctx.baseUrl}/wp-content/uploads/avatars/${member.id}`;
    return { full: `${folder}/avatar-bpfull.jpg`, thumb: `${folder}/avatar-bpthumb.jpg` };
  }
  const folder = `${ctx.baseUrl}/wp-content/plugins/community/images`;
  return { full: `${folder}/profile-avatar-bpfull.png`, thumb: `${folder}/profile-avatar-bpthumb.png` };
}

/** The uploaded cover image, or the site's default cover. */
export function coverUrl(ctx: ServerContext, member: Member): string {
  if (membersState(ctx.store).uploadedCovers.has(member.id)) {
    return `${ctx.baseUrl}/wp-content/uploads/members/${member.id}/cover-image/cover.jpg`;
  }
  return `${ctx.baseUrl}/wp-content/plugins/community/images/profile-cover.png`;
}

/** The member object of the community namespace, as `req.user` may see it. */
export function serializeMember(member: Member, req: ServerRequest, ctx: ServerContext): Record<string, unknown> {
  const viewer = req.user;
  const isSelf = viewer !== null && viewer.id === member.id;
  const body: Record<string, unknown> = {
    id: member.id,
    name: member.name,
    mention_name: member.user_login,
    user_login: member.user_login,
    link: memberLink(ctx, req.locale, member),
    member_types: [...member.member_types],
    registered_date: member.registered_date,
    avatar_urls: avatarUrls(ctx, member),
    cover_url: coverUrl(ctx, member),
    followers: followersOf(ctx.store, member.id).length,
    following: member.following.size,
    is_following: viewer !== null && viewer.id !== member.id && viewer.following.has(member.id),
  };
  // The edit-context fields, for those who may edit the member; the core then keeps them only in `edit` answers.
  if (isSelf || (isModerator(viewer) && answerContext(req.method, req.params) === 'edit')) {
    body.roles = [...member.roles];
    body.email = member.email;
  }
  return body;
}
