/** `community/v1`: members, their avatars and covers, and @mention suggestions. */
import {
  arg,
  contextArg,
  excludeArg,
  flagArg,
  includeArg,
  integerIdArg,
  integerListArg,
  pageArg,
  perPageArg,
  requiredArg,
  searchArg,
  stringListArg,
} from '../args.js';
import type { ContractArg, ContractRoute } from '../types.js';
import { COMMUNITY_NAMESPACE } from './community-namespace.js';

/** The member types a member can hold. */
export const MEMBER_TYPES = ['coach', 'teacher-coach', 'scientist', 'teacher'];

const MEMBER_CONTEXTS = ['view', 'embed', 'edit'];
const MEMBER_ID_DESCRIPTION = 'A unique numeric ID for the member.';

/** The writable member fields every member write accepts: `name`, `roles`, `types`. */
function memberProfileArgs(): Record<string, ContractArg> {
  return {
    name: arg({ type: 'string' }, 'Display name for the member.'),
    roles: arg({ type: 'array', items: { type: 'string' } }, 'Roles assigned to the member.'),
    types: arg({ type: 'string', enum: MEMBER_TYPES }, 'Member type of the member.'),
  };
}

function memberRoute(route: string, endpoints: ContractRoute['endpoints']): ContractRoute {
  return { route, namespace: COMMUNITY_NAMESPACE, endpoints };
}

export const MEMBER_ROUTES: ContractRoute[] = [
  memberRoute('/community/v1/members', [
    {
      methods: ['GET'],
      args: {
        context: contextArg(MEMBER_CONTEXTS),
        page: pageArg(),
        per_page: perPageArg(),
        search: searchArg(),
        type: arg(
          {
            type: 'string',
            enum: ['active', 'newest', 'alphabetical', 'random', 'online', 'popular'],
            default: 'newest',
          },
          'Sort order of the member list.',
        ),
        user_id: arg({ type: 'integer', default: 0 }, 'Limit results to friends of a member.'),
        user_ids: integerListArg('Limit results to members with these IDs.'),
        include: includeArg(),
        exclude: excludeArg(),
        member_type: stringListArg('Limit results to members of these member types.'),
        xprofile: arg({ type: 'string', default: '' }, 'Limit results to members matching a profile field query.'),
        bp_ps_search: arg({ type: 'object', default: {} }, 'Profile-search form data.'),
        scope: arg(
          { type: 'string', enum: ['all', 'personal', 'following', 'followers'], default: 'all' },
          'Limit results to members in a scope relative to the current member.',
        ),
      },
    },
    {
      methods: ['POST'],
      allowBatch: true,
      args: {
        user_login: requiredArg({ type: 'string' }, 'An alphanumeric identifier for the member.'),
        password: requiredArg({ type: 'string' }, 'Password for the member; never included in responses.'),
        email: requiredArg({ type: 'string', format: 'email' }, 'The email address for the member.'),
        ...memberProfileArgs(),
      },
    },
  ]),
  memberRoute(String.raw`/community/v1/members/(?P<id>[\d]+)`, [
    {
      methods: ['GET'],
      args: { id: integerIdArg(MEMBER_ID_DESCRIPTION), context: contextArg(MEMBER_CONTEXTS) },
    },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      allowBatch: true,
      args: { id: integerIdArg(MEMBER_ID_DESCRIPTION), ...memberProfileArgs() },
    },
    { methods: ['DELETE'], args: { id: integerIdArg(MEMBER_ID_DESCRIPTION, true) } },
  ]),
  memberRoute('/community/v1/members/me', [
    { methods: ['GET'], args: { context: contextArg(MEMBER_CONTEXTS) } },
    { methods: ['POST', 'PUT', 'PATCH'], args: memberProfileArgs() },
    {
      methods: ['DELETE'],
      args: {
        force: flagArg(false, 'Required to be true, as members cannot be trashed.'),
        reassign: requiredArg({ type: 'integer' }, "Reassign the deleted member's posts and links to this member ID."),
      },
    },
  ]),
  memberRoute('/community/v1/members/me/permissions', [{ methods: ['GET'], args: {} }]),
  memberRoute(String.raw`/community/v1/members/action/(?P<id>[\d]+)`, [
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: {
        id: integerIdArg(MEMBER_ID_DESCRIPTION),
        action: arg({ type: 'string', enum: ['follow', 'unfollow'] }, 'Whether to follow or unfollow the member.'),
      },
    },
  ]),
  memberRoute('/community/v1/members/details', [{ methods: ['GET'], args: {} }]),
  memberRoute(String.raw`/community/v1/members/(?P<id>[\d]+)/detail`, [{ methods: ['GET'], args: { id: integerIdArg(MEMBER_ID_DESCRIPTION, true) } }]),
  memberRoute('/community/v1/members/profile-dropdown', [{ methods: ['GET'], args: { default: arg({ type: 'boolean' }, 'Which menu to retrieve.') } }]),
  memberRoute(String.raw`/community/v1/members/(?P<user_id>[\d]+)/avatar`, [
    {
      methods: ['GET'],
      args: {
        user_id: integerIdArg(MEMBER_ID_DESCRIPTION),
        context: contextArg(MEMBER_CONTEXTS),
        html: flagArg(false, 'Whether to return an img HTML element instead of the avatar URL.'),
        alt: arg({ type: 'string', default: '' }, 'Alternative text of the avatar image.'),
        no_gravatar: flagArg(false, 'Whether to disable the default fallback avatar service.'),
      },
    },
    { methods: ['POST'], args: { user_id: integerIdArg(MEMBER_ID_DESCRIPTION) } },
    { methods: ['DELETE'], args: { user_id: integerIdArg(MEMBER_ID_DESCRIPTION) } },
  ]),
  memberRoute(String.raw`/community/v1/members/(?P<user_id>[\d]+)/cover`, [
    { methods: ['GET'], args: { user_id: integerIdArg(MEMBER_ID_DESCRIPTION) } },
    { methods: ['POST'], args: { user_id: integerIdArg(MEMBER_ID_DESCRIPTION) } },
    { methods: ['DELETE'], args: { user_id: integerIdArg(MEMBER_ID_DESCRIPTION) } },
  ]),
  memberRoute('/community/v1/mention', [
    {
      methods: ['GET'],
      args: {
        term: requiredArg({ type: 'string' }, 'Name to look up for @name suggestions.'),
        only_friends: arg({ type: 'boolean' }, "Whether to limit suggestions to the current member's friends."),
        group_id: arg({ type: 'integer' }, 'Limit suggestions to members of a group.'),
      },
    },
  ]),
];
