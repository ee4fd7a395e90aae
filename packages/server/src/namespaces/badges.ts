/**
 * `badges`: the achievements plugin's block-editor routes. All are public reads over the seeded catalogue;
 * the award list names an achievement (by slug or id) and a member (by id or login), and either unknown is 404.
 */
import { WpError, type Member, type RouteHandlers, type ServerRequest, type Store } from '../types.js';
import type { ResourceModule } from './module.js';
import { currentRank, pointBalances, seedBadgesCatalogue, type Achievement, type BadgesState } from './plugins/badges-catalogue.js';
import { moduleState } from './plugins/module-state.js';
import { textValue } from './plugins/request-values.js';
import { collectionResponse, oneMethodRoute } from './plugins/route-builders.js';

const MODULE_NAME = 'badges';

const AWARD_LIST_ROUTE = '/badges/block-achievements-award-list/(?P<achievement>[a-zA-Z0-9_-]+)/(?P<user_id>[a-zA-Z0-9_-]+)';

function badgesState(store: Store): BadgesState {
  return moduleState<BadgesState>(store, MODULE_NAME);
}

/** A public list route: answers `list(state, store)` with the collection headers. */
function publicList(route: string, list: (state: BadgesState, store: Store) => unknown[]): RouteHandlers {
  return {
    route,
    methods: {
      GET: {
        handle: (_req, ctx) => collectionResponse(list(badgesState(ctx.store), ctx.store)),
      },
    },
  };
}

/** What anyone may see of a member: never the e-mail address or credentials. */
function publicMember(member: Member): { id: number; user_login: string; display_name: string } {
  return { id: member.id, user_login: member.user_login, display_name: member.name };
}

/** Every member with points, achievements and rank: most points first, then by id. */
function standings(state: BadgesState, store: Store): Array<Record<string, unknown>> {
  const rows = [...store.members.values()].map((member) => {
    const points = pointBalances(state, member.id);
    const rank = currentRank(state, member.id);
    return {
      ...publicMember(member),
      points,
      total_points: Object.values(points).reduce((sum, value) => sum + value, 0),
      achievements: (state.earnings.get(member.id) ?? []).map((earning) => earning.achievement),
      rank: rank === undefined ? null : rank.slug,
    };
  });
  return rows.sort((a, b) => b.total_points - a.total_points || a.id - b.id);
}

function findAchievement(state: BadgesState, key: string): Achievement {
  const achievement = state.achievements.find((candidate) => candidate.slug === key || String(candidate.id) === key);
  if (achievement === undefined) {
    throw new WpError('badges_invalid_achievement', 'Invalid achievement.', 404);
  }
  return achievement;
}

function findMember(store: Store, key: string): Member {
  const byId = /^\d+$/.test(key) ? store.members.get(Number(key)) : undefined;
  const member = byId ?? [...store.members.values()].find((candidate) => candidate.user_login === key);
  if (member === undefined) throw new WpError('badges_invalid_user', 'Invalid user.', 404);
  return member;
}

function awardList(req: ServerRequest, store: Store): Record<string, unknown> {
  const state = badgesState(store);
  const achievement = findAchievement(state, textValue(req.params, 'achievement') ?? '');
  const member = findMember(store, textValue(req.params, 'user_id') ?? '');
  const awards = (state.earnings.get(member.id) ?? []).filter((earning) => earning.achievement === achievement.slug);
  return { achievement, user: publicMember(member), earned: awards.length > 0, awards };
}

/** The badges module: point types, ranks, achievements and their types, standings, and award lists. */
export const module: ResourceModule = {
  name: MODULE_NAME,
  seed: (store, faker) => {
    store.namespaces[MODULE_NAME] = seedBadgesCatalogue(store, faker);
  },
  routes: [
    publicList('/badges/block-point-types', (state) => state.pointTypes),
    publicList('/badges/ranks', (state) => state.ranks),
    publicList('/badges/achievement-types', (state) => state.achievementTypes),
    publicList('/badges/achievements', (state) => state.achievements),
    publicList('/badges/rank-types', (state) => state.rankTypes),
    publicList('/badges/user-lists', standings),
    oneMethodRoute(AWARD_LIST_ROUTE, 'GET', { answer: (req, ctx) => awardList(req, ctx.store) }),
  ],
};
