/**
 * A member's data for one profile field. Anybody may read it; the member themselves or a moderator may write
 * or clear it, with values checked against the field's type.
 */
import type { RouteHandlers, ServerContext, ServerRequest } from '../../types.js';
import { restNow } from './dates.js';
import { missingParams } from './errors.js';
import { requireMember } from './member-accounts.js';
import { intParam } from './params.js';
import { selfOrModerator } from './permissions.js';
import { dataKey, profileState, requireField } from './profile-state.js';
import { validateFieldValue } from './profile-values.js';
import { serializeFieldData } from './profile-view.js';
import { EDITABLE, forMethods } from './route-methods.js';

/** The field and member the path names; 404 for either one unknown. */
function target(req: ServerRequest, ctx: ServerContext) {
  const field = requireField(ctx.store, intParam(req.params, 'field_id'));
  const member = requireMember(ctx.store, intParam(req.params, 'user_id'));
  return { field, member };
}

const ownerOrModerator = (req: ServerRequest) =>
  selfOrModerator(req, intParam(req.params, 'user_id'), 'bp_rest_authorization_required', "Sorry, you are not allowed to change this member's profile.");

function writeData(req: ServerRequest, ctx: ServerContext) {
  const { field, member } = target(req, ctx);
  if (!req.sent.has('value')) throw missingParams(['value']);
  const value = validateFieldValue(ctx.store, field, req.params.value);
  profileState(ctx.store).data.set(dataKey(field.id, member.id), { value, last_updated: restNow() });
  return { status: 200, body: serializeFieldData(ctx.store, field.id, member.id) };
}

function clearData(req: ServerRequest, ctx: ServerContext) {
  const { field, member } = target(req, ctx);
  const previous = serializeFieldData(ctx.store, field.id, member.id);
  profileState(ctx.store).data.delete(dataKey(field.id, member.id));
  return { status: 200, body: { deleted: true, previous } };
}

/** Routes registered by the profile module. */
export const profileDataRoutes: RouteHandlers[] = [
  {
    route: String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`,
    methods: {
      GET: {
        handle: (req, ctx) => {
          const { field, member } = target(req, ctx);
          return { status: 200, body: serializeFieldData(ctx.store, field.id, member.id) };
        },
      },
      ...forMethods(EDITABLE, { permission: ownerOrModerator, handle: writeData }),
      DELETE: { permission: ownerOrModerator, handle: clearData },
    },
  },
];
