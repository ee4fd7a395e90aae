/**
 * Member avatars and cover images. There is no file upload here: POST marks the member as having uploaded
 * one, DELETE goes back to the site default (404 when nothing was uploaded, as the plugin answers).
 */
import { WpError, type Member, type RouteHandlers, type ServerContext, type ServerRequest } from '../../types.js';
import { requireMember } from './member-accounts.js';
import { membersState } from './member-state.js';
import { avatarUrls, coverUrl, type AvatarUrls } from './member-view.js';
import { boolParam, intParam, stringParam } from './params.js';
import { selfOrModerator } from './permissions.js';

function targetMember(req: ServerRequest, ctx: ServerContext): Member {
  return requireMember(ctx.store, intParam(req.params, 'user_id'));
}

const ownerOrModerator = (req: ServerRequest) =>
  selfOrModerator(req, intParam(req.params, 'user_id'), 'bp_rest_authorization_required', "Sorry, you are not allowed to change this member's pictures.");

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `<img>` elements in place of URLs, as `html=true` asks. */
function avatarImages(urls: AvatarUrls, member: Member, alt: string): AvatarUrls {
  const image = (src: string, size: number) =>
    `<img src="${escapeAttribute(src)}" class="avatar user-${member.id}-avatar avatar-${size} photo" width="${size}" height="${size}" alt="${escapeAttribute(alt)}" />`;
  return { full: image(urls.full, 300), thumb: image(urls.thumb, 150) };
}

/** Routes registered by the members module. */
export const memberMediaRoutes: RouteHandlers[] = [
  {
    route: String.raw`/community/v1/members/(?P<user_id>[\d]+)/avatar`,
    methods: {
      GET: {
        handle: (req, ctx) => {
          const member = targetMember(req, ctx);
          const urls = avatarUrls(ctx, member);
          const alt = stringParam(req.params, 'alt') || `Profile photo of ${member.name}`;
          return { status: 200, body: boolParam(req.params, 'html') ? avatarImages(urls, member, alt) : urls };
        },
      },
      POST: {
        permission: ownerOrModerator,
        handle: (req, ctx) => {
          const member = targetMember(req, ctx);
          membersState(ctx.store).uploadedAvatars.add(member.id);
          return { status: 200, body: avatarUrls(ctx, member) };
        },
      },
      DELETE: {
        permission: ownerOrModerator,
        handle: (req, ctx) => {
          const member = targetMember(req, ctx);
          const previous = avatarUrls(ctx, member);
          if (!membersState(ctx.store).uploadedAvatars.delete(member.id)) {
            throw new WpError('bp_rest_attachments_user_avatar_no_uploaded_avatar', 'Sorry, there are no uploaded avatars for this member on this site.', 404);
          }
          return { status: 200, body: { deleted: true, previous } };
        },
      },
    },
  },
  {
    route: String.raw`/community/v1/members/(?P<user_id>[\d]+)/cover`,
    methods: {
      GET: { handle: (req, ctx) => ({ status: 200, body: { image: coverUrl(ctx, targetMember(req, ctx)) } }) },
      POST: {
        permission: ownerOrModerator,
        handle: (req, ctx) => {
          const member = targetMember(req, ctx);
          membersState(ctx.store).uploadedCovers.add(member.id);
          return { status: 200, body: { image: coverUrl(ctx, member) } };
        },
      },
      DELETE: {
        permission: ownerOrModerator,
        handle: (req, ctx) => {
          const member = targetMember(req, ctx);
          const previous = { image: coverUrl(ctx, member) };
          if (!membersState(ctx.store).uploadedCovers.delete(member.id)) {
            throw new WpError('bp_rest_attachments_user_cover_no_image', 'There is no cover image to delete for this member.', 404);
          }
          return { status: 200, body: { deleted: true, previous } };
        },
      },
    },
  },
];
