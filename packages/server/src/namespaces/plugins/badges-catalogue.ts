/**
 * The badges plugin's seeded catalogue: point types, achievement types and achievements, rank types and ranks,
 * and which member earned what. Members come from the store, so earnings follow whoever exists at seed time.
 */
import type { Faker } from '@faker-js/faker';
import type { Store } from '../../types.js';
import { restDateTime, seededDate } from './seed-dates.js';

export interface PointType {
  id: number;
  slug: string;
  singular_name: string;
  plural_name: string;
}

export interface AchievementType {
  slug: string;
  singular_name: string;
  plural_name: string;
}

export interface Achievement {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  achievement_type: string;
  points: number;
  points_type: string;
}

export interface RankType {
  slug: string;
  singular_name: string;
  plural_name: string;
}

export interface Rank {
  id: number;
  slug: string;
  title: string;
  rank_type: string;
  /** Lower ranks first; a member holds the highest rank whose threshold their points reach. */
  priority: number;
  points_required: number;
}

/** One award of an achievement to a member. */
export interface Earning {
  achievement: string;
  date: string;
  points: number;
  points_type: string;
}

export interface BadgesState {
  pointTypes: PointType[];
  achievementTypes: AchievementType[];
  achievements: Achievement[];
  rankTypes: RankType[];
  ranks: Rank[];
  /** Member id → awards, oldest first. */
  earnings: Map<number, Earning[]>;
}

const POINT_TYPES: Array<Omit<PointType, 'id'>> = [
  { slug: 'credits', singular_name: 'Credit', plural_name: 'Credits' },
  { slug: 'stars', singular_name: 'Star', plural_name: 'Stars' },
];
const ACHIEVEMENT_TYPES: AchievementType[] = [
  { slug: 'badge', singular_name: 'Badge', plural_name: 'Badges' },
  { slug: 'quest', singular_name: 'Quest', plural_name: 'Quests' },
];
const RANK_TYPES: RankType[] = [{ slug: 'level', singular_name: 'Level', plural_name: 'Levels' }];
const RANK_TITLES = ['Novice', 'Apprentice', 'Researcher', 'Fellow', 'Laureate'];
const ACHIEVEMENT_SUBJECTS = [
  'First Experiment',
  'Curious Mind',
  'Peer Reviewer',
  'Field Scientist',
  'Data Wrangler',
  'Mentor',
  'Lab Partner',
  'Citizen Scientist',
  'Stargazer',
  'Problem Solver',
  'Team Player',
  'Explorer',
];
const ACHIEVEMENT_COUNT = 10;

function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function seedAchievements(faker: Faker): Achievement[] {
  const titles = faker.helpers.arrayElements(ACHIEVEMENT_SUBJECTS, ACHIEVEMENT_COUNT);
  return titles.map((title, index) => ({
    id: 100 + index + 1,
    slug: slugOf(title),
    title,
    excerpt: faker.lorem.sentence(),
    achievement_type: faker.helpers.arrayElement(ACHIEVEMENT_TYPES).slug,
    points: faker.number.int({ min: 1, max: 20 }) * 5,
    points_type: faker.helpers.arrayElement(POINT_TYPES).slug,
  }));
}

function seedEarnings(faker: Faker, store: Store, achievements: Achievement[]): Map<number, Earning[]> {
  const earnings = new Map<number, Earning[]>();
  for (const memberId of [...store.members.keys()].sort((a, b) => a - b)) {
    const earned = faker.helpers.arrayElements(achievements, { min: 0, max: 5 });
    const awards = earned.map((achievement) => ({
      achievement: achievement.slug,
      date: restDateTime(seededDate(faker, -300, -1)),
      points: achievement.points,
      points_type: achievement.points_type,
    }));
    earnings.set(
      memberId,
      awards.sort((a, b) => a.date.localeCompare(b.date)),
    );
  }
  return earnings;
}

/** A fresh, deterministic catalogue for the members currently in `store`. */
export function seedBadgesCatalogue(store: Store, faker: Faker): BadgesState {
  const achievements = seedAchievements(faker);
  return {
    pointTypes: POINT_TYPES.map((pointType, index) => ({ id: 10 + index + 1, ...pointType })),
    achievementTypes: ACHIEVEMENT_TYPES,
    achievements,
    rankTypes: RANK_TYPES,
    ranks: RANK_TITLES.map((title, index) => ({
      id: 200 + index + 1,
      slug: slugOf(title),
      title,
      rank_type: 'level',
      priority: index + 1,
      points_required: index * 50,
    })),
    earnings: seedEarnings(faker, store, achievements),
  };
}

/** A member's point balance per point type (every type present, zero when nothing was earned). */
export function pointBalances(state: BadgesState, memberId: number): Record<string, number> {
  const balances = Object.fromEntries(state.pointTypes.map((pointType) => [pointType.slug, 0]));
  for (const earning of state.earnings.get(memberId) ?? []) {
    balances[earning.points_type] = (balances[earning.points_type] ?? 0) + earning.points;
  }
  return balances;
}

/** The highest rank the member's total points reach. */
export function currentRank(state: BadgesState, memberId: number): Rank | undefined {
  const total = Object.values(pointBalances(state, memberId)).reduce((sum, points) => sum + points, 0);
  return state.ranks.filter((rank) => rank.points_required <= total).at(-1);
}
