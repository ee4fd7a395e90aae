import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import { schemasPhase } from './index.js';
import { answerInstead, editDescriptor, json, restPath, rewriteAnswers } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer, type ForwardedAnswer, type ForwardedRequest } from '../../testing/faulty-server.js';
import { findingLines, runPhase } from '../../testing/phase-run.js';
import { anonymousEditBlanked } from '../../testing/buddypress-shapes.js';

const LOCALES = ['en_gb', 'el'];

function rewriteJson(answer: ForwardedAnswer, rewrite: (body: any) => unknown): ForwardedAnswer {
  return { ...answer, body: JSON.stringify(rewrite(JSON.parse(answer.body))) };
}

/** Requests to `path` (inside the REST root, query left out) whose query `when` accepts, answered through `rewrite`. */
function rewriteWhen(
  method: string,
  path: RegExp,
  when: (query: URLSearchParams, request: ForwardedRequest) => boolean,
  rewrite: (body: any) => unknown,
): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const url = new URL(request.path, 'http://front');
    const inside = url.pathname.replace(/^\/[a-z_]+\/wp-json/i, '');
    if (request.method !== method || !path.test(inside) || !when(url.searchParams, request) || answer.status >= 300) return answer;
    return rewriteJson(answer, rewrite);
  };
}

const eachItem = (body: any, change: (item: any) => void): unknown => {
  for (const item of Array.isArray(body) ? body : [body]) change(item);
  return body;
};

/** Answers an anonymous `context=edit` read of the route with 401 and `code`. */
function refuseAnonymousEdit(route: RegExp, code: string): Fault {
  const refusal = {
    status: 401,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: JSON.stringify({ code, message: 'Sorry.', data: { status: 401 } }),
  };
  return answerInstead(
    'GET',
    route,
    refusal,
    (request) => request.headers.authorization === undefined && new URL(request.path, 'http://front').searchParams.get('context') === 'edit',
  );
}

/** One fault per rule, each on its own route, so one server shows them all. */
const FAULTS: Fault[] = [
  // response_schema: a boolean answered as a string.
  rewriteWhen(
    'GET',
    /^\/community\/v1\/components$/,
    () => true,
    (body) => eachItem(body, (item) => (item.is_active = 'yes')),
  ),
  // context_field_sets (answers): the embed answer carries a field the view answer does not.
  rewriteWhen(
    'GET',
    /^\/community\/v1\/members\/\d+$/,
    (query) => query.get('context') === 'embed',
    (body) => eachItem(body, (item) => (item.embed_only = true)),
  ),
  // context_field_sets (schema): a property published for embed only.
  rewriteAnswers('GET', /^\/community\/v1$/, (answer) =>
    rewriteJson(answer, (body) => {
      const schema = body.routes?.['/community/v1/profile/groups']?.schema;
      if (schema) schema.properties.description.context = ['embed'];
      return body;
    }),
  ),
  // edit_context_rights: context=edit shows an anonymous caller more than view does.
  rewriteWhen(
    'GET',
    /^\/community\/v1\/profile\/fields$/,
    (query, request) => query.get('context') === 'edit' && request.headers.authorization === undefined,
    (body) => eachItem(body, (item) => (item.private_note = 'only for editors')),
  ),
  // edit_context_rights, the code: an anonymous context=edit refused with a code WordPress does not use for it (a
  // warning), and one refused as core's statuses, taxonomies and types controllers refuse it (quiet; a route anonymous
  // callers may list, so the code is judged).
  refuseAnonymousEdit(/^\/community\/v1\/profile\/groups$/, 'rest_not_logged_in'),
  refuseAnonymousEdit(/^\/community\/v1\/members$/, 'rest_cannot_view'),
  // fields_parameter: _fields ignored.
  async (request, forward) =>
    forward(request.path.includes('/community/v1/settings?') ? { ...request, path: request.path.replace(/_fields=[^&]*/, '') } : request),
  // head_as_get: HEAD answered 404.
  async (request, forward) =>
    request.method === 'HEAD' &&
    request.path.includes('/community/v1/moderation?') === false &&
    /\/community\/v1\/moderation$/.test(request.path.split('?')[0]!)
      ? { status: 404, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: '' }
      : forward(request),
];

const GROUP_ITEM = String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`;

/**
 * The shape of BuddyPress's friends routes: the item route's variable matches words (`[\w-]+`) while its `id`
 * argument is a required integer, which WordPress validates first (400 rest_invalid_param on a word), and the list
 * answers an object whose keys are words, not ids. Here on the profile groups: the list keyed by each group's name.
 */
function wordVariable(root: { routes: Record<string, unknown> }): typeof root {
  const route = root.routes[GROUP_ITEM];
  if (route === undefined) return root;
  delete root.routes[GROUP_ITEM];
  root.routes[GROUP_ITEM.replace(String.raw`[\d]+`, String.raw`[\w-]+`)] = route;
  return root;
}

const WORD_KEYED_GROUPS: Fault[] = [
  editDescriptor(wordVariable),
  // The namespace's index, where the published schemas are read, too.
  rewriteAnswers('GET', /^\/community\/v1$/, (answer) => rewriteJson(answer, wordVariable)),
  rewriteWhen(
    'GET',
    /^\/community\/v1\/profile\/groups$/,
    () => true,
    (body: Array<{ name: string }>) => Object.fromEntries(body.map((group) => [group.name.replace(/\W+/g, '-'), group])),
  ),
  async (request, forward) => {
    const where = restPath(request);
    const word = where === undefined ? null : /^\/community\/v1\/profile\/groups\/(\w*[^\d/]\w*)$/.exec(where.path);
    if (request.method !== 'GET' || word === null || word === undefined) return forward(request);
    return json(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): id', data: { status: 400, params: { id: 'id is not of type integer.' } } });
  },
];

describe('phase schemas', () => {
  let reference: ReferenceServer;
  let broken: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    broken = await startFaultyServer({ seed: 3, faults: FAULTS });
  });
  afterAll(async () => {
    await Promise.all([reference.close(), broken.close()]);
  });

  it('is quiet on the reference server, in both locales', async () => {
    const result = await runPhase(schemasPhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin, answerSchemas: true });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    // Every resource route was reached, the item routes included (ids taken from their lists).
    const routes = new Set(result.events.flatMap((event) => (event.type === 'exchange' && event.phase === 'schemas' ? [event.operation.route] : [])));
    expect(routes).toContain('/community/v1/members/(?P<id>[\\d]+)');
    expect(routes).toContain('/community/v1/profile/groups/(?P<id>[\\d]+)');
    expect(result.notes.filter((note) => note.includes('schemas:'))).toEqual([]);
  });

  it('takes a path value from a list only when the argument of that name accepts it', async () => {
    const words = await startFaultyServer({ seed: 3, faults: WORD_KEYED_GROUPS });
    try {
      const result = await runPhase(schemasPhase, {
        url: words.url,
        locales: ['en_gb'],
        credentials: words.credentials.admin,
        answerSchemas: true,
        only: /^GET \/community\/v1\/profile\/groups/,
      });
      expect(findingLines(result.findings)).toEqual([]);
      // No key is an id: the item route is left out, not asked for a word that WordPress refuses 400.
      const statuses = result.events.flatMap((event) =>
        event.type === 'exchange' && event.operation.route.startsWith('/community/v1/profile/groups/') ? [event.status] : [],
      );
      expect(statuses).toEqual([]);
      // The list was read (the fault's map answered), so the item route was considered.
      expect(result.events.some((event) => event.type === 'exchange' && event.operation.route === '/community/v1/profile/groups')).toBe(true);
    } finally {
      await words.close();
    }
  });

  it('does not take the edit keys BuddyPress keeps, blanked, in an anonymous edit answer for fields shown', async () => {
    let anonymousEdits = 0;
    const counted: Fault = (request, forward) => {
      const { pathname, searchParams } = new URL(request.path, 'http://front');
      if (pathname.endsWith('/community/v1/members') && searchParams.get('context') === 'edit' && request.headers.authorization === undefined)
        anonymousEdits += 1;
      return forward(request);
    };
    const shaped = await startFaultyServer({ seed: 3, faults: [counted, anonymousEditBlanked()] });
    try {
      const result = await runPhase(schemasPhase, {
        url: shaped.url,
        locales: ['en_gb'],
        credentials: shaped.credentials.admin,
        answerSchemas: true,
        only: /^GET \/community\/v1\/members/,
      });
      expect(anonymousEdits).toBeGreaterThan(0);
      // (The reference server's edit schema requires `email`, which this shape leaves out: response_schema's to say.)
      expect(findingLines(result.findings).filter((line) => line.startsWith('edit_context_rights'))).toEqual([]);
    } finally {
      await shaped.close();
    }
  });

  it('reports each broken rule on a server that breaks it', async () => {
    const result = await runPhase(schemasPhase, { url: broken.url, locales: ['en_gb'], credentials: broken.credentials.admin, answerSchemas: true });
    const lines = findingLines(result.findings);
    const has = (pattern: RegExp) =>
      expect(
        lines.some((line) => pattern.test(line)),
        `${pattern} in\n${lines.join('\n')}`,
      ).toBe(true);
    has(/^response_schema failure en_gb GET \/community\/v1\/components: .*`is_active` must be boolean/);
    has(/^context_field_sets warning en_gb GET \/community\/v1\/members\/\(\?P<id>\[\\d\]\+\): context=embed answered embed_only, which context=view did not/);
    has(/^context_field_sets warning en_gb GET \/community\/v1\/profile\/groups: the published schema shows description in context embed but not in view/);
    has(/^edit_context_rights failure en_gb GET \/community\/v1\/profile\/fields: context=edit showed an anonymous caller private_note/);
    has(/^edit_context_rights warning en_gb GET \/community\/v1\/profile\/groups: context=edit without credentials answered 401 rest_not_logged_in/);
    expect(lines.filter((line) => line.includes('GET /community/v1/members: context=edit'))).toEqual([]);
    has(/^fields_parameter failure en_gb GET \/community\/v1\/settings: _fields=/);
    has(/^head_as_get failure en_gb GET \/community\/v1\/moderation: HEAD answered status 404 where GET answered 200/);
  });
});
