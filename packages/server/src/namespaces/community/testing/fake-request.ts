/**
 * Calls community and oEmbed handlers directly, the way the server core does (permission, then handler; a
 * WpError rendered as its body), on a store the core's own `createStore` seeds. Params are taken as already
 * validated: a test passes them in their sanitised types.
 */
import type { HttpMethod } from '@restconform/interface';
import { runMethodHandler } from '../../../handlers.js';
import { createStore } from '../../../store.js';
import type { Locale, ServerContext, ServerRequest, ServerResponse, Store } from '../../../types.js';
import type { ResourceModule } from '../../module.js';
import { module as oembed } from '../../oembed.js';
import { module as components } from '../components.js';
import { module as members } from '../members.js';
import { module as misc } from '../misc.js';
import { module as moderation } from '../moderation.js';
import { module as profile } from '../profile.js';
import { module as signups } from '../signups.js';

/** The modules this folder owns, in the registry's order. */
export const COMMUNITY_MODULES: readonly ResourceModule[] = [members, signups, moderation, components, misc, profile, oembed];

export const TEST_BASE_URL = 'http://127.0.0.1:8080';
export const ADMIN_ID = 1;
export const MEMBER_ID = 2;

/** A fresh store: administrator 1, subscriber 2, then every community module's seed. */
export function communityStore(seed = 7): Store {
  return createStore(seed, { admin: { user: 'admin', password: 'unused' }, member: { user: 'member', password: 'unused' } }, COMMUNITY_MODULES);
}

export function testContext(store: Store = communityStore()): ServerContext {
  return {
    baseUrl: TEST_BASE_URL,
    restRoot: 'wp-json',
    restUrl: (locale) => `${TEST_BASE_URL}/${locale}/wp-json`,
    store,
  };
}

export interface FakeCall {
  method: HttpMethod;
  /** The exact route key. */
  route: string;
  params?: Record<string, unknown>;
  /** The caller's member id; null for anonymous. Default: the administrator. */
  as?: number | null;
  locale?: Locale;
}

/** The request a handler would receive; `sent` holds every param given. */
export function fakeRequest(ctx: ServerContext, call: FakeCall): ServerRequest {
  const params = call.params ?? {};
  const as = call.as === undefined ? ADMIN_ID : call.as;
  return {
    method: call.method,
    route: call.route,
    path: call.route,
    locale: call.locale ?? 'en_gb',
    params,
    sent: new Set(Object.keys(params)),
    headers: {},
    user: as === null ? null : (ctx.store.members.get(as) ?? null),
  };
}

/** Runs one call and answers what the core would send. */
export async function invoke(ctx: ServerContext, call: FakeCall): Promise<ServerResponse> {
  const handler = COMMUNITY_MODULES.flatMap((module) => module.routes).find((routes) => routes.route === call.route)?.methods[call.method];
  if (handler === undefined) throw new Error(`no handler for ${call.method} ${call.route}`);
  const req = fakeRequest(ctx, call);
  return runMethodHandler(handler, req, ctx);
}

/** A response body, loosely typed for assertions. */
export function bodyOf(response: ServerResponse): any {
  return response.body;
}

/** Ids of seeded ordinary members (not 1 or 2, not moderators), for tests that need a third party. */
export function seededSubscribers(store: Store): number[] {
  return [...store.members.values()].filter((member) => member.id > 2 && member.roles.includes('subscriber')).map((member) => member.id);
}

/** The id of the seeded moderator. */
export function seededModerator(store: Store): number {
  const moderator = [...store.members.values()].find((member) => member.roles.includes('moderator'));
  if (moderator === undefined) throw new Error('the seed has no moderator');
  return moderator.id;
}
