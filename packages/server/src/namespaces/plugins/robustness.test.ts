/**
 * Property: whatever members a caller sends to a plugin route, the handler answers (never throws anything but a
 * WpError), the answer is JSON, and the SEO options keep their shape. The routes declare no parameters, so every
 * member reaches the handlers unvalidated; the members drawn are the ones the handlers read, plus noise.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HttpMethod } from '@restconform/interface';
import { WpError } from '../../types.js';
import { module as analytics } from '../analytics.js';
import { module as badges } from '../badges.js';
import { module as calendar } from '../calendar.js';
import type { ResourceModule } from '../module.js';
import { module as seo } from '../seo.js';
import { module as userImport } from '../user-import.js';
import { defaultSeoOptions } from './seo-options.js';
import { callRoute, seededTestStore } from './testing/route-call.js';
import { propertyRuns } from '../../testing/property-runs.js';

const MODULES: readonly ResourceModule[] = [seo, calendar, badges, analytics, userImport];

/** Members some handler reads, and option sections a merge looks at. */
const MEMBER_NAMES = [
  'postId',
  'userId',
  'siteId',
  'name',
  'backup',
  'htaccess',
  'options',
  'settings',
  'notifications',
  'card',
  'value',
  'radio',
  'table',
  'alert',
  'task',
  'query',
  'keyphrase',
  'headline',
  'url',
  'content',
  'count',
  'ids',
  'id',
  'termId',
  'title',
  'description',
  'robots_noindex',
  'licenseKey',
  'email',
  'plugins',
  'sitemap',
  'slug',
  'section',
  'log',
  'insight_id',
  'rating',
  'feedback',
  'message',
  'type',
  'achievement',
  'user_id',
  'breadcrumbs',
  'tools',
  '__proto__',
  'constructor',
];

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -3, max: 60 }).map(String),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('true', '0', '', ' ', 'admin', 'widget', 'category', 'install-optin-reminder', 'constructor', '__proto__'),
);
const anyJson = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...MEMBER_NAMES), fc.string({ maxLength: 5 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const OPERATIONS = MODULES.flatMap((module) =>
  module.routes.flatMap(({ route, methods }) => (Object.keys(methods) as HttpMethod[]).map((method) => ({ module, route, method }))),
);

function keysDeep(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysDeep(child, prefix === '' ? key : `${prefix}.${key}`));
}

describe('plugin routes under arbitrary members', () => {
  it('answer with JSON or a WpError, never an exception, and keep the SEO options in shape', async () => {
    const store = seededTestStore(MODULES, 11);
    const optionKeys = keysDeep(defaultSeoOptions()).sort();
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS),
        fc.dictionary(fc.constantFrom(...MEMBER_NAMES), anyJson, { maxKeys: 4 }),
        fc.constantFrom<'admin' | 'member' | null>('admin', 'admin', 'member', null),
        async ({ module, route, method }, params, as) => {
          let status: number;
          try {
            const response = await callRoute(module, store, { method, route, params, as });
            JSON.stringify(response.body);
            status = response.status;
          } catch (error) {
            failures.push(`${method} ${route} ${JSON.stringify(params)}: ${error instanceof WpError ? error.code : String(error)}`);
            return false;
          }
          const options = (store.namespaces.seo as { options: unknown }).options;
          return status < 500 && JSON.stringify(keysDeep(options).sort()) === JSON.stringify(optionKeys);
        },
      ),
      { seed: 20260101, numRuns: propertyRuns(3000, 600) },
    );
    expect(failures).toEqual([]);
  });
});
