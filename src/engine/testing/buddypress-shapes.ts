/**
 * Test-only faults that give the reference server the shapes of the real BuddyPress (`../shared/tools/realbp/`):
 * a single item answered as a one-element array, a member delete that requires `reassign`, profile field data
 * answered as `{unserialized, rendered}`, a text field answered `{rendered}` only, a signup activated by an
 * `activation_key` path variable, new members left out of the members list, WordPress's `wp/v2/types` beside a
 * profile field's own `type` and a validated `member_type`, an update that requires a field, an anonymous edit
 * answer that keeps its edit keys blanked. None is a fault of
 * WordPress's conventions: a harness must read them.
 */
import type { Fault, ForwardedAnswer, ForwardedRequest } from './faulty-server.js';
import { editDescriptor, json } from './faults.js';

const REST_PATH = /^\/[a-z_]+\/wp-json(\/[^?]*)/i;

function pathOf(request: ForwardedRequest): string | undefined {
  return REST_PATH.exec(request.path)?.[1];
}

function rewriteJson(answer: ForwardedAnswer, rewrite: (json: unknown) => unknown): ForwardedAnswer {
  if (answer.status < 200 || answer.status >= 300 || answer.body === '') return answer;
  return { ...answer, body: JSON.stringify(rewrite(JSON.parse(answer.body))) };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Creates, reads and updates of one community item answered as a one-element array (BuddyPress's every such answer). */
export function singleItemsAsArrays(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const path = pathOf(request);
    if (path === undefined || !path.startsWith('/community/v1/') || request.method === 'DELETE') return answer;
    const item = /\/\d+$/.test(path);
    if (!item && request.method !== 'POST') return answer;
    return rewriteJson(answer, (json) => (isObject(json) && !('code' in json) ? [json] : json));
  };
}

const MEMBER_ITEM = String.raw`/community/v1/members/(?P<id>[\d]+)`;

/** `DELETE members/{id}` declares `reassign` (integer, required) and refuses a delete without it, as BuddyPress does. */
export function memberDeleteNeedsReassign(): Fault[] {
  return [
    editDescriptor((root) => {
      for (const endpoint of root.routes[MEMBER_ITEM]?.endpoints ?? []) {
        const methods = (endpoint as { methods?: string[] }).methods ?? [];
        if (methods.includes('DELETE')) endpoint.args.reassign = { type: 'integer', required: true, description: 'Reassign the posts to this user.' };
      }
    }),
    async (request, forward) => {
      const path = pathOf(request);
      if (request.method !== 'DELETE' || path === undefined || !/^\/community\/v1\/members\/\d+$/.test(path)) return forward(request);
      const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
      const query = new URLSearchParams(request.path.split('?')[1] ?? '');
      if (!('reassign' in body) && !query.has('reassign')) {
        const refusal = { code: 'rest_missing_callback_param', message: 'Missing parameter(s): reassign', data: { status: 400, params: ['reassign'] } };
        return { status: 400, headers: { 'content-type': 'application/json; charset=UTF-8' }, body: JSON.stringify(refusal) };
      }
      return forward(request);
    },
  ];
}

/** Profile field data answered with its value as `{unserialized, rendered}`, as BuddyPress's xprofile data route does. */
export function fieldDataUnserialized(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const path = pathOf(request);
    if (path === undefined || !/^\/community\/v1\/profile\/\d+\/data\/\d+$/.test(path)) return answer;
    return rewriteJson(answer, (json) => {
      if (!isObject(json) || !Array.isArray(json.value)) return json;
      return { ...json, value: { unserialized: json.value, rendered: `<p>${json.value.join(', ')}</p>` } };
    });
  };
}

/** A profile group's `description` answered `{rendered}` only (BuddyPress's view of an xprofile field's description). */
export function descriptionRenderedOnly(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const path = pathOf(request);
    if (request.method !== 'GET' || path === undefined || !/^\/community\/v1\/profile\/groups\/\d+$/.test(path)) return answer;
    return rewriteJson(answer, (json) =>
      isObject(json) && typeof json.description === 'string' ? { ...json, description: { rendered: `<p>${json.description}</p>\n` } } : json,
    );
  };
}

const ACTIVATION = String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`;

/** The activation route's variable called `activation_key`, as BuddyPress names it (the paths stay the same). */
export function activationKeyVariable(): Fault {
  return editDescriptor((root) => {
    const route = root.routes[ACTIVATION];
    if (route === undefined) return;
    delete root.routes[ACTIVATION];
    for (const endpoint of route.endpoints) {
      const { id, ...args } = endpoint.args;
      endpoint.args = id === undefined ? args : { activation_key: id, ...args };
    }
    root.routes[ACTIVATION.replace('(?P<id>', '(?P<activation_key>')] = route;
  });
}

/** Signups never show their `activation_key` (BuddyPress e-mails it); the reference server still activates by id. */
export function activationKeyHidden(): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const path = pathOf(request);
    if (path === undefined || !/^\/community\/v1\/signup(\/\d+)?$/.test(path)) return answer;
    const hide = (json: unknown): unknown => {
      if (Array.isArray(json)) return json.map(hide);
      if (!isObject(json)) return json;
      const { activation_key: _hidden, ...shown } = json;
      return shown;
    };
    return rewriteJson(answer, hide);
  };
}

/**
 * Members made through the REST create have no "last activity" yet, and the members list (BuddyPress's default
 * `type=active`) leaves them out: neither listed nor counted in X-WP-Total, whatever the query narrows to.
 */
export function newMembersUnlisted(): Fault {
  return membersLeftOut(() => true);
}

/**
 * New members (no "last activity" yet) left out of the members list only where it searches, as a product whose search
 * runs over its activity directory does: `include` shows them, `search` neither lists nor counts them.
 */
export function newMembersUnsearched(): Fault {
  return membersLeftOut((query) => query.has('search'));
}

/**
 * New members (no "last activity" yet) left out of the members list and its searches, and not counted, unless the
 * list is narrowed to them by `include`: as a product whose directory lists only active members, yet names any
 * member it is asked for by id.
 */
export function newMembersListedOnlyByInclude(): Fault {
  return membersLeftOut((query) => !query.has('include') && !query.has('include[]'));
}

/** Members made through the REST create left out of (and not counted by) the members lists whose query `when` takes. */
function membersLeftOut(when: (query: URLSearchParams) => boolean): Fault {
  const made = new Set<number>();
  return async (request, forward) => {
    const path = pathOf(request);
    if (path === '/community/v1/members' && request.method === 'POST') {
      const answer = await forward(request);
      if (answer.status >= 200 && answer.status < 300) {
        const json = JSON.parse(answer.body) as unknown;
        const item = Array.isArray(json) ? (json[0] as unknown) : json;
        if (isObject(item) && typeof item.id === 'number') made.add(item.id);
      }
      return answer;
    }
    if (path !== '/community/v1/members' || request.method !== 'GET' || made.size === 0) return forward(request);
    // The reference server's own `exclude` leaves them out, so its totals and pages count without them.
    const [route, search = ''] = request.path.split('?');
    const query = new URLSearchParams(search);
    if (!when(query)) return forward(request);
    const excluded = [...query.getAll('exclude'), ...query.getAll('exclude[]')].flatMap((value) => value.split(','));
    query.delete('exclude');
    query.delete('exclude[]');
    query.set('exclude', [...excluded, ...[...made].map(String)].join(','));
    return forward({ ...request, path: `${route}?${query.toString()}` });
  };
}

const TYPES = '/wp/v2/types';

/**
 * WordPress's post-type routes (`wp/v2/types`, read only) beside the community routes, as on every real site: a
 * family whose word is "type", which a profile field's own `type` ("textbox") does not name.
 */
export function postTypeRoutes(): Fault {
  return editDescriptor((root) => {
    const read = (args: Record<string, Record<string, unknown>>) => ({ namespace: 'wp/v2', methods: ['GET'], endpoints: [{ methods: ['GET'], args }] });
    const context = { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false };
    Object.assign(root.routes, {
      [TYPES]: read({ context }),
      [`${TYPES}/(?P<type>[\\w-]+)`]: read({
        type: { type: 'string', required: false, description: 'An alphanumeric identifier for the post type.' },
        context,
      }),
    });
  });
}

/** The profile fields list refuses a `member_type` that is no registered member type (BuddyPress validates it). */
export function memberTypeValidated(): Fault {
  const registered = new Set(['coach', 'teacher-coach', 'scientist', 'teacher']);
  return async (request, forward) => {
    if (request.method !== 'GET' || pathOf(request) !== '/community/v1/profile/fields') return forward(request);
    const query = new URLSearchParams(request.path.split('?')[1] ?? '');
    const asked = [...query.getAll('member_type'), ...query.getAll('member_type[]')].flatMap((value) => value.split(','));
    const unknown = asked.filter((type) => !registered.has(type));
    if (unknown.length === 0) return forward(request);
    const refusal = {
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): member_type',
      data: { status: 400, params: { member_type: `${unknown.join(', ')} is not a registered member type.` } },
    };
    return json(400, refusal);
  };
}

const GROUP_ITEM = String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`;

/**
 * The profile group update declares `field` required and refuses a write without it (400, before any permission
 * check, as WordPress validates), as BuddyPress's activity update does its `type`: an update that sends another
 * field alone never reaches what it writes, nor who may write it.
 */
export function groupUpdateRequires(field: string): Fault[] {
  return [
    editDescriptor((root) => {
      for (const endpoint of root.routes[GROUP_ITEM]?.endpoints ?? []) {
        const methods = (endpoint as { methods?: string[] }).methods ?? [];
        if (methods.includes('PATCH') && endpoint.args[field] !== undefined) endpoint.args[field] = { ...endpoint.args[field], required: true };
      }
    }),
    async (request, forward) => {
      const path = pathOf(request);
      if (!['POST', 'PUT', 'PATCH'].includes(request.method) || path === undefined || !/^\/community\/v1\/profile\/groups\/\d+$/.test(path))
        return forward(request);
      const body = request.body === '' ? {} : (JSON.parse(request.body) as Record<string, unknown>);
      const query = new URLSearchParams(request.path.split('?')[1] ?? '');
      if (field in body || query.has(field)) return forward(request);
      return json(400, { code: 'rest_missing_callback_param', message: `Missing parameter(s): ${field}`, data: { status: 400, params: [field] } });
    },
  ];
}

/**
 * Creates under `path` answered in a shape of the route's own (an activity comment create answers `{ "created": …,
 * "comments": … }`): no top-level id, no `Location`. `inside`: the new item is in the answer under `key`, as a
 * one-element list; else the answer says only that it was created, and the item is found by its list.
 */
export function createAnsweredWithoutId(path: RegExp, key: string, inside: boolean): Fault {
  return async (request, forward) => {
    const answer = await forward(request);
    const where = pathOf(request);
    if (request.method !== 'POST' || where === undefined || !path.test(where) || answer.status < 200 || answer.status >= 300) return answer;
    const { location: _location, ...headers } = answer.headers;
    const item = JSON.parse(answer.body) as unknown;
    return { ...answer, headers, body: JSON.stringify({ created: true, [key]: inside ? [item] : [] }) };
  };
}

/**
 * The signup create refuses a body without the required profile field `field_{id}` (undeclared) with a product's own
 * 400 whose `message` is keyed by field, and a value that is not one of that field's options; given one, it passes on
 * without it (the reference server does not know the argument).
 */
export function signupRequiresProfileField(id: number, options: readonly string[]): Fault {
  const name = `field_${id}`;
  return async (request, forward) => {
    if (request.method !== 'POST' || pathOf(request) !== '/community/v1/signup') return forward(request);
    const { [name]: given, ...rest } = (request.body === '' ? {} : JSON.parse(request.body)) as Record<string, unknown>;
    if (typeof given !== 'string' || !options.includes(given))
      return json(400, { code: 'bp_rest_register_errors', message: { [name]: 'This is a required field' }, data: { status: 400 } });
    return forward({ ...request, body: JSON.stringify(rest) });
  };
}

const GROUPS = '/community/v1/profile/groups';

/**
 * A list whose default narrows by a registry the run did not register into, as BuddyPress's notifications list
 * defaults to the components the site registered: the profile group create takes a `component_name` (`made`), and
 * the groups list declares `component_name` with the default `registered`, listing and counting only the groups of
 * the component it is given (those made without one are `registered`'s). `settable: false`: the list's argument is
 * an enum of `registered` alone, so it cannot be asked for the others.
 */
export function listDefaultNarrows(registered: string, made: string, settable = true): Fault[] {
  const components = new Map<number, string>();
  return [
    editDescriptor((root) => {
      for (const endpoint of root.routes[GROUPS]?.endpoints ?? []) {
        const methods = (endpoint as { methods?: string[] }).methods ?? [];
        const description = 'The component the item belongs to.';
        if (methods.includes('POST')) endpoint.args.component_name = { type: 'string', enum: [made], required: true, description };
        if (methods.includes('GET'))
          endpoint.args.component_name = { type: 'string', default: registered, required: false, description, ...(settable ? {} : { enum: [registered] }) };
      }
    }),
    async (request, forward) => {
      const path = pathOf(request);
      if (path !== GROUPS) return forward(request);
      const [route, search = ''] = request.path.split('?');
      if (request.method === 'POST') {
        const { component_name: component, ...body } = (request.body === '' ? {} : JSON.parse(request.body)) as Record<string, unknown>;
        const answer = await forward({ ...request, body: JSON.stringify(body) });
        const item = answer.status < 300 ? (JSON.parse(answer.body) as unknown) : undefined;
        if (isObject(item) && typeof item.id === 'number' && typeof component === 'string') components.set(item.id, component);
        return answer;
      }
      if (request.method !== 'GET') return forward(request);
      const query = new URLSearchParams(search);
      const asked = query.get('component_name') ?? registered;
      query.delete('component_name');
      // Every group's id, to leave out those of other components (the reference server's own exclude_groups does).
      const all = await forward({ ...request, path: `${route}?per_page=100` });
      const ids = all.status === 200 ? (JSON.parse(all.body) as Array<{ id: number }>).map((group) => group.id) : [];
      const others = ids.filter((id) => (components.get(id) ?? registered) !== asked);
      const excluded = [...query.getAll('exclude_groups'), ...query.getAll('exclude_groups[]')].flatMap((value) => value.split(','));
      query.delete('exclude_groups');
      query.delete('exclude_groups[]');
      if (excluded.length + others.length > 0) query.set('exclude_groups', [...excluded, ...others.map(String)].join(','));
      return forward({ ...request, path: `${route}?${query.toString()}` });
    },
  ];
}

/**
 * An anonymous `context=edit` read of the members list answered as `view` is, plus the edit keys blanked (`roles`,
 * `capabilities`, `extra_capabilities` as [], `registered_date` as null), as BuddyPress's members endpoint answers it.
 */
export function anonymousEditBlanked(): Fault {
  return async (request, forward) => {
    const [route, search = ''] = request.path.split('?');
    const query = new URLSearchParams(search);
    if (
      request.method !== 'GET' ||
      pathOf(request) !== '/community/v1/members' ||
      query.get('context') !== 'edit' ||
      request.headers.authorization !== undefined
    )
      return forward(request);
    query.set('context', 'view');
    const answer = await forward({ ...request, path: `${route}?${query.toString()}` });
    const blanked = { roles: [], capabilities: [], extra_capabilities: [], registered_date: null, registered_date_gmt: null };
    return rewriteJson(answer, (json) => (Array.isArray(json) ? json.map((item: unknown) => (isObject(item) ? { ...item, ...blanked } : item)) : json));
  };
}
