/**
 * `analytics/v1`: site analytics are private, so every read and the insight ratings need an administrator;
 * general feedback on the plugin may come from any logged-in member.
 */
import { WpError, type RouteHandlers, type ServerRequest, type Store } from '../types.js';
import type { ResourceModule } from './module.js';
import { administratorsOnly, loggedInOnly } from './plugins/access.js';
import { seedAnalytics, type AnalyticsState, type Feedback, type Insight } from './plugins/analytics-data.js';
import { moduleState } from './plugins/module-state.js';
import { integerValue, textValue } from './plugins/request-values.js';
import { collectionResponse, oneMethodRoute } from './plugins/route-builders.js';
import { restDateTime } from './plugins/seed-dates.js';

const MODULE_NAME = 'analytics';

const THEMES_ROUTE = '/analytics/v1/popular-posts/themes(?:/(?P<type>[a-zA-Z0-9-]+))?';
const TERMS_ROUTE = '/analytics/v1/terms(?:/(?P<slug>[a-zA-Z0-9-_]+))?';
const TAXONOMY_ROUTE = '/analytics/v1/taxonomy(?:/(?P<slug>[a-zA-Z0-9-_]+))?';
/** The taxonomy `terms` lists when no slug is given. */
const DEFAULT_TAXONOMY = 'category';
const MAX_RATING = 5;

function analyticsState(store: Store): AnalyticsState {
  return moduleState<AnalyticsState>(store, MODULE_NAME);
}

/** A GET route for administrators whose answer is a list. */
function adminCollection(key: string, list: (req: ServerRequest, state: AnalyticsState) => unknown[]): RouteHandlers {
  return {
    route: key,
    methods: {
      GET: { permission: administratorsOnly, handle: (req, ctx) => collectionResponse(list(req, analyticsState(ctx.store))) },
    },
  };
}

function ratingSummary(state: AnalyticsState, insightId: number, userId: number): Record<string, unknown> {
  const ratings = state.ratings.filter((rating) => rating.insight_id === insightId);
  const sum = ratings.reduce((total, rating) => total + rating.rating, 0);
  return {
    average: ratings.length === 0 ? null : Math.round((sum / ratings.length) * 100) / 100,
    count: ratings.length,
    mine: ratings.find((rating) => rating.user_id === userId)?.rating ?? null,
  };
}

function findInsight(state: AnalyticsState, params: Record<string, unknown>): Insight {
  const id = integerValue(params, 'insight_id') ?? integerValue(params, 'id');
  if (id === undefined) throw new WpError('analytics_missing_insight', 'The insight_id parameter is required.', 400);
  const insight = state.insights.find((candidate) => candidate.id === id);
  if (insight === undefined) throw new WpError('analytics_insight_not_found', 'No insight has this id.', 404);
  return insight;
}

function feedbackText(params: Record<string, unknown>): string {
  const text = textValue(params, 'feedback') ?? textValue(params, 'message');
  if (text === undefined) throw new WpError('analytics_empty_feedback', 'The feedback text is empty.', 400);
  return text;
}

function addFeedback(state: AnalyticsState, userId: number, insightId: number | null, message: string): Feedback {
  const feedback = { id: state.nextFeedbackId++, user_id: userId, insight_id: insightId, message, date: restDateTime(new Date()) };
  state.feedback.push(feedback);
  return feedback;
}

function rateInsight(req: ServerRequest, state: AnalyticsState): Record<string, unknown> {
  const insight = findInsight(state, req.params);
  const rating = integerValue(req.params, 'rating');
  if (rating === undefined || rating < 1 || rating > MAX_RATING) {
    throw new WpError('analytics_invalid_rating', `The rating must be a whole number from 1 to ${MAX_RATING}.`, 400);
  }
  const userId = req.user!.id;
  state.ratings = state.ratings.filter((existing) => existing.insight_id !== insight.id || existing.user_id !== userId);
  state.ratings.push({ insight_id: insight.id, user_id: userId, rating, date: restDateTime(new Date()) });
  return { success: true, insight_id: insight.id, rating: ratingSummary(state, insight.id, userId) };
}

function themesOf(req: ServerRequest, state: AnalyticsState): unknown {
  const type = textValue(req.params, 'type');
  if (type === undefined) return Object.entries(state.themes).map(([themeType, themes]) => ({ type: themeType, themes }));
  // hasOwn, not a lookup: a type such as `constructor` must not reach Object's prototype.
  if (!Object.hasOwn(state.themes, type)) {
    throw new WpError('analytics_invalid_theme_type', 'No popular-posts themes exist for this type.', 404);
  }
  return { type, themes: state.themes[type] };
}

function taxonomyOf(req: ServerRequest, state: AnalyticsState): unknown {
  const slug = textValue(req.params, 'slug');
  if (slug === undefined) return state.taxonomies;
  const taxonomy = state.taxonomies.find((candidate) => candidate.slug === slug);
  if (taxonomy === undefined) throw new WpError('analytics_invalid_taxonomy', 'Invalid taxonomy.', 404);
  return { ...taxonomy, count: state.terms.filter((term) => term.taxonomy === slug).length };
}

function termsOf(req: ServerRequest, state: AnalyticsState): unknown[] {
  const slug = textValue(req.params, 'slug') ?? DEFAULT_TAXONOMY;
  if (!state.taxonomies.some((taxonomy) => taxonomy.slug === slug)) {
    throw new WpError('analytics_invalid_taxonomy', 'Invalid taxonomy.', 404);
  }
  return state.terms.filter((term) => term.taxonomy === slug);
}

/** The analytics module: insights, their ratings and feedback, popular-posts themes, taxonomies and terms. */
export const module: ResourceModule = {
  name: MODULE_NAME,
  seed: (store, faker) => {
    store.namespaces[MODULE_NAME] = seedAnalytics(faker);
  },
  routes: [
    oneMethodRoute('/analytics/v1/feedback', 'POST', {
      permission: loggedInOnly,
      answer: (req, ctx) => ({ success: true, feedback: addFeedback(analyticsState(ctx.store), req.user!.id, null, feedbackText(req.params)) }),
    }),
    adminCollection('/analytics/v1/ai-insights', (req, state) =>
      state.insights.map((insight) => ({ ...insight, rating: ratingSummary(state, insight.id, req.user!.id) })),
    ),
    adminCollection('/analytics/v1/ai-insights/ratings', (req, state) =>
      state.insights.map((insight) => ({
        insight_id: insight.id,
        ...ratingSummary(state, insight.id, req.user!.id),
        ratings: state.ratings.filter((rating) => rating.insight_id === insight.id),
      })),
    ),
    oneMethodRoute('/analytics/v1/ai-insights/rate', 'POST', {
      permission: administratorsOnly,
      answer: (req, ctx) => rateInsight(req, analyticsState(ctx.store)),
    }),
    oneMethodRoute('/analytics/v1/ai-insights/feedback', 'POST', {
      permission: administratorsOnly,
      answer: (req, ctx) => {
        const state = analyticsState(ctx.store);
        const insight = findInsight(state, req.params);
        return { success: true, feedback: addFeedback(state, req.user!.id, insight.id, feedbackText(req.params)) };
      },
    }),
    oneMethodRoute(THEMES_ROUTE, 'GET', { permission: administratorsOnly, answer: (req, ctx) => themesOf(req, analyticsState(ctx.store)) }),
    adminCollection(TERMS_ROUTE, termsOf),
    oneMethodRoute(TAXONOMY_ROUTE, 'GET', { permission: administratorsOnly, answer: (req, ctx) => taxonomyOf(req, analyticsState(ctx.store)) }),
  ],
};
