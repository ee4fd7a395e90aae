/**
 * Test-only faults that give the reference server the shapes of the real BuddyPress (`../shared/tools/realbp/`):
 * a single item answered as a one-element array, a member delete that requires `reassign`, profile field data
 * answered as `{unserialized, rendered}`, a text field answered `{rendered}` only, a signup activated by an
 * `activation_key` path variable. None is a fault of WordPress's conventions: a harness must read them.
 */
import type { Fault, ForwardedAnswer, ForwardedRequest } from './faulty-server.js';
import { editDescriptor } from './faults.js';

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
