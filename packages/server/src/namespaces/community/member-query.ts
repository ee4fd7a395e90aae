/** The members directory query: every filter and order of `GET /community/v1/members`, without paging. */
import type { Member, Store } from '../../types.js';
import { followersOf } from './member-accounts.js';
import { intListParam, intParam, stringListParam, stringParam } from './params.js';

/** Members matching the list filters in `params`, in the order `params.type` asks for, as `viewer` sees them. */
export function queryMembers(store: Store, params: Record<string, unknown>, viewer: Member | null): Member[] {
  let members = [...store.members.values()];

  const scope = stringParam(params, 'scope', 'all');
  if (scope !== 'all') {
    if (viewer === null) return [];
    const related = scopeMembers(store, viewer, scope);
    members = members.filter((member) => related.has(member.id));
  }

  const friendsOf = intParam(params, 'user_id', 0);
  if (friendsOf > 0) {
    const owner = store.members.get(friendsOf);
    members = owner === undefined ? [] : members.filter((member) => owner.following.has(member.id));
  }

  const search = stringParam(params, 'search').trim().toLowerCase();
  if (search !== '') {
    members = members.filter((member) => member.name.toLowerCase().includes(search) || member.user_login.toLowerCase().includes(search));
  }

  for (const listName of ['include', 'user_ids']) {
    const ids = new Set(intListParam(params, listName));
    if (ids.size > 0) members = members.filter((member) => ids.has(member.id));
  }
  const excluded = new Set(intListParam(params, 'exclude'));
  members = members.filter((member) => !excluded.has(member.id));

  const types = stringListParam(params, 'member_type');
  if (types.length > 0) members = members.filter((member) => member.member_types.some((type) => types.includes(type)));

  return sortMembers(store, members, stringParam(params, 'type', 'newest'));
}

function scopeMembers(store: Store, viewer: Member, scope: string): Set<number> {
  const following = new Set(viewer.following);
  const followers = new Set(followersOf(store, viewer.id));
  if (scope === 'following') return following;
  if (scope === 'followers') return followers;
  return new Set([...following, ...followers]);
}

/** `active`, `random` and `online` have no data behind them here; they get a fixed order so paging is stable. */
function sortMembers(store: Store, members: Member[], type: string): Member[] {
  const byId = (a: Member, b: Member) => a.id - b.id;
  switch (type) {
    case 'alphabetical':
      return members.sort((a, b) => a.name.localeCompare(b.name, 'en') || byId(a, b));
    case 'popular': {
      const followers = new Map(members.map((member) => [member.id, followersOf(store, member.id).length]));
      return members.sort((a, b) => (followers.get(b.id) ?? 0) - (followers.get(a.id) ?? 0) || byId(a, b));
    }
    case 'newest':
    case 'active':
      return members.sort((a, b) => b.registered_date.localeCompare(a.registered_date) || b.id - a.id);
    default:
      return members.sort(byId);
  }
}
