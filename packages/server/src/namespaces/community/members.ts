/**
 * The members resource: the directory, one member, and `members/me`. Avatars, covers and the directory extras
 * (follow, details, permissions) live in their own files and are registered here.
 */
import type { Faker } from '@faker-js/faker';
import { WpError, type Member, type Role, type RouteHandlers, type ServerContext, type ServerRequest, type Store } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { restDate, SEED_REFERENCE_DATE } from './dates.js';
import { rejectedValue } from './errors.js';
import { createMember, deleteMember, freeLogin, MEMBER_TYPES, requireMember, ROLES } from './member-accounts.js';
import { memberDirectoryRoutes } from './member-directory.js';
import { memberMediaRoutes } from './member-media.js';
import { forgetBlocksOf } from './moderation.js';
import { queryMembers } from './member-query.js';
import { MEMBERS_MODULE, membersState } from './member-state.js';
import { serializeMember } from './member-view.js';
import { boolParam, intParam, stringListParam, stringParam } from './params.js';
import { denied, editContextFor, isAdministrator, isModerator, moderatorOnly, selfOrModerator, signedIn, signedInMember } from './permissions.js';
import { pagedResponse } from './paging.js';
import { EDITABLE, forMethods } from './route-methods.js';

export const MEMBERS_ROUTE = '/community/v1/members';
export const MEMBER_ROUTE = String.raw`/community/v1/members/(?P<id>[\d]+)`;
export const ME_ROUTE = '/community/v1/members/me';

function memberResponse(member: Member, req: ServerRequest, ctx: ServerContext, status = 200): { status: number; body: unknown } {
  return { status, body: serializeMember(member, req, ctx) };
}

/** The roles in `params.roles`, refused when one is unknown or the list is empty. */
function readRoles(params: Record<string, unknown>): Role[] {
  const roles = stringListParam(params, 'roles');
  const unknown = roles.find((role) => !(ROLES as readonly string[]).includes(role));
  if (unknown !== undefined) throw new WpError('rest_user_invalid_role', `The role ${unknown} does not exist.`, 400, { params: ['roles'] });
  if (roles.length === 0) throw new WpError('rest_user_invalid_role', 'A member needs at least one role.', 400, { params: ['roles'] });
  return [...new Set(roles)] as Role[];
}

/** The member types in `params.types` (the contract declares one string; a list is read as well). */
function readTypes(params: Record<string, unknown>): string[] {
  const types = stringListParam(params, 'types');
  const unknown = types.find((type) => !MEMBER_TYPES.includes(type));
  if (unknown !== undefined) throw rejectedValue('types', 'bp_rest_member_invalid_type', `types is not one of ${MEMBER_TYPES.join(', ')}.`);
  return [...new Set(types)];
}

/**
 * Who may give which roles: only moderators change roles, only administrators grant or take away
 * `administrator`, and an administrator cannot demote themselves (WordPress's `rest_user_invalid_role` guard).
 */
function checkRoleChange(req: ServerRequest, member: Member, roles: Role[]): void {
  const viewer = req.user;
  if (!isModerator(viewer)) throw denied(req, 'rest_cannot_edit_roles', 'Sorry, you are not allowed to edit roles of this user.');
  const touchesAdministrator = roles.includes('administrator') !== member.roles.includes('administrator');
  if (touchesAdministrator && !isAdministrator(viewer)) {
    throw new WpError('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.', 403);
  }
  if (viewer !== null && viewer.id === member.id && isAdministrator(member) && !roles.includes('administrator')) {
    throw new WpError('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.', 403);
  }
}

/** Applies `name`, `roles` and `types` if sent; everything is checked before anything changes. */
function updateMember(req: ServerRequest, member: Member): void {
  const { params, sent } = req;
  const roles = sent.has('roles') ? readRoles(params) : undefined;
  if (roles !== undefined) checkRoleChange(req, member, roles);
  const types = sent.has('types') ? readTypes(params) : undefined;
  if (sent.has('name')) member.name = stringParam(params, 'name').trim() || member.user_login;
  if (roles !== undefined) member.roles = roles;
  if (types !== undefined) member.member_types = types;
}

/** Deleting the only administrator would lock everybody out of the site's administration. */
function checkDeletable(store: Store, req: ServerRequest, member: Member): void {
  if (!isAdministrator(member)) return;
  if (!isAdministrator(req.user)) throw denied(req, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this user.');
  const administrators = [...store.members.values()].filter((candidate) => isAdministrator(candidate));
  if (administrators.length <= 1) {
    throw new WpError('rest_cannot_delete_last_administrator', 'The last administrator of the site cannot be deleted.', 400);
  }
}

function deleted(member: Member, req: ServerRequest, ctx: ServerContext): { status: number; body: unknown } {
  const previous = serializeMember(member, req, ctx);
  deleteMember(ctx.store, member.id);
  forgetBlocksOf(ctx.store, member.id);
  return { status: 200, body: { deleted: true, previous } };
}

const collection: RouteHandlers = {
  route: MEMBERS_ROUTE,
  methods: {
    GET: {
      permission: editContextFor((req) => isModerator(req.user)),
      handle: (req, ctx) => pagedResponse(queryMembers(ctx.store, req.params, req.user), req.params, (member) => serializeMember(member, req, ctx)),
    },
    POST: {
      permission: moderatorOnly('rest_cannot_create', 'Sorry, you are not allowed to create new members.'),
      handle: (req, ctx) => {
        const { params, sent } = req;
        const roles = sent.has('roles') ? readRoles(params) : undefined;
        if (roles?.includes('administrator') && !isAdministrator(req.user)) {
          throw new WpError('rest_user_invalid_role', 'Sorry, you are not allowed to give users that role.', 403);
        }
        const member = createMember(ctx.store, {
          user_login: stringParam(params, 'user_login').trim(),
          email: stringParam(params, 'email'),
          password: stringParam(params, 'password'),
          name: stringParam(params, 'name'),
          roles,
          member_types: sent.has('types') ? readTypes(params) : [],
        });
        return {
          ...memberResponse(member, req, ctx, 201),
          headers: { Location: `${ctx.restUrl(req.locale)}${MEMBERS_ROUTE}/${member.id}` },
        };
      },
    },
  },
};

const single: RouteHandlers = {
  route: MEMBER_ROUTE,
  methods: {
    GET: {
      permission: editContextFor((req) => req.user !== null && (isModerator(req.user) || req.user.id === intParam(req.params, 'id'))),
      handle: (req, ctx) => memberResponse(requireMember(ctx.store, intParam(req.params, 'id')), req, ctx),
    },
    ...forMethods(EDITABLE, {
      permission: (req, ctx) => {
        const member = requireMember(ctx.store, intParam(req.params, 'id'));
        return selfOrModerator(req, member.id, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this user.');
      },
      handle: (req, ctx) => {
        const member = requireMember(ctx.store, intParam(req.params, 'id'));
        updateMember(req, member);
        return memberResponse(member, req, ctx);
      },
    }),
    DELETE: {
      permission: (req, ctx) => {
        requireMember(ctx.store, intParam(req.params, 'id'));
        return isModerator(req.user) ? undefined : denied(req, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this user.');
      },
      handle: (req, ctx) => {
        const member = requireMember(ctx.store, intParam(req.params, 'id'));
        checkDeletable(ctx.store, req, member);
        return deleted(member, req, ctx);
      },
    },
  },
};

const me: RouteHandlers = {
  route: ME_ROUTE,
  methods: {
    GET: { permission: signedIn, handle: (req, ctx) => memberResponse(signedInMember(req), req, ctx) },
    ...forMethods(EDITABLE, {
      permission: signedIn,
      handle: (req, ctx) => {
        const member = signedInMember(req);
        updateMember(req, member);
        return memberResponse(member, req, ctx);
      },
    }),
    DELETE: {
      permission: signedIn,
      handle: (req, ctx) => {
        const member = signedInMember(req);
        if (!boolParam(req.params, 'force')) {
          throw new WpError('rest_trash_not_supported', "Users do not support trashing. Set 'force' to true to delete users.", 400);
        }
        const reassign = intParam(req.params, 'reassign', 0);
        if (reassign === member.id || !ctx.store.members.has(reassign)) {
          throw new WpError('rest_user_invalid_reassign', 'Invalid user ID for reassignment.', 400, { params: ['reassign'] });
        }
        checkDeletable(ctx.store, req, member);
        return deleted(member, req, ctx);
      },
    },
  },
};

/** About twenty members with faker names; the first is a moderator; a few follow each other or have avatars. */
function seedMembers(store: Store, faker: Faker): void {
  const state = membersState(store);
  const seeded: Member[] = [];
  for (let index = 0; index < 20; index += 1) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const login = freeLogin(store, `${firstName}${lastName}`);
    seeded.push(
      createMember(store, {
        user_login: login,
        email: `${login}@${faker.internet.domainName()}`,
        password: faker.internet.password({ length: 20 }),
        name: `${firstName} ${lastName}`,
        roles: index === 0 ? ['moderator'] : ['subscriber'],
        member_types: faker.helpers.arrayElements(MEMBER_TYPES, { min: 1, max: 2 }),
        registered_date: restDate(faker.date.between({ from: '2019-01-01T00:00:00Z', to: SEED_REFERENCE_DATE })),
      }),
    );
  }
  const everyone = [...store.members.values()];
  for (const member of seeded) {
    for (const followed of faker.helpers.arrayElements(everyone, { min: 0, max: 4 })) {
      if (followed.id !== member.id) member.following.add(followed.id);
    }
    if (faker.datatype.boolean({ probability: 0.3 })) state.uploadedAvatars.add(member.id);
    if (faker.datatype.boolean({ probability: 0.2 })) state.uploadedCovers.add(member.id);
  }
}

/** Members of the community namespace (accounts live in `store.members`). */
export const module: ResourceModule = {
  name: MEMBERS_MODULE,
  seed: seedMembers,
  routes: [collection, single, me, ...memberDirectoryRoutes, ...memberMediaRoutes],
};
