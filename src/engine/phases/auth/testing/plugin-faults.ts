/**
 * Test-only: a plugin in front of the reference server (namespace `acme/v1`), modelled on a published
 * vulnerability: its settings, its list of managers and the grant of its capability to a named account are
 * written through routes that forget to ask who is calling, while their reads are the administrator's. Each route
 * can be left open or guarded (401/403 for anyone but the administrator):
 *   - `settings`: `GET|POST /acme/v1/settings` (title, notify, limit);
 *   - `managers`: `GET|DELETE /acme/v1/managers` (deletes the whole list);
 *   - `grants`: `POST /acme/v1/grants {email}` gives the account with that e-mail address the capability
 *     `manage_acme` (an address the server does not know: 400);
 *   - `entries`: `GET|DELETE /acme/v1/entries/{id}` (every id names an entry until it is deleted; the route takes id
 *     1 only, the first entry the administrator's `POST /acme/v1/entries` makes);
 *   - `entries by members`: the same delete, left open to any signed-in caller (anonymous callers are refused);
 *   - `lenient grants`: `grants` answers 200 (`granted: false`) for an address it does not know, as a careless plugin
 *     does, so only a body naming a real account shows what it grants.
 * Entries are made (`GET|POST /acme/v1/entries`) by the administrator only.
 * The members of the reference server answer, in `edit` context, `capabilities` and `extra_capabilities` (WordPress's
 * users do), and their update takes `extra_capabilities` from the administrator, so a grant can be put back.
 */
import { json, restPath } from '../../../testing/faults.js';
import type { Fault, ForwardedAnswer, ForwardedRequest } from '../../../testing/faulty-server.js';

export type AcmeRoute = 'settings' | 'managers' | 'grants' | 'entries' | 'entries by members' | 'lenient grants';

export const ACME_CAPABILITY = 'manage_acme';
const MEMBER_ITEM = /^\/community\/v1\/members\/(\d+)$/;
const STARTING_MANAGERS = [{ email: 'owner@acme.example' }, { email: 'deputy@acme.example' }];

/** The plugin's state, for a test to look at. */
export interface AcmeState {
  settings: { title: string; notify: boolean; limit: number };
  managers: Array<{ email: string }>;
  deletedEntries: Set<number>;
  /** Extra capabilities by member id. */
  capabilities: Map<number, Set<string>>;
  /** Ids of the entries the administrator made. */
  madeEntries: number[];
}

export function acmeState(): AcmeState {
  return {
    settings: { title: 'Acme forms', notify: true, limit: 10 },
    managers: [...STARTING_MANAGERS],
    deletedEntries: new Set(),
    capabilities: new Map(),
    madeEntries: [],
  };
}

const ROUTES: Record<string, { namespace: string; methods: string[]; endpoints: Array<{ methods: string[]; args: Record<string, unknown> }> }> = {
  '/acme/v1/settings': {
    namespace: 'acme/v1',
    methods: ['GET', 'POST', 'PUT', 'PATCH'],
    endpoints: [
      { methods: ['GET'], args: {} },
      {
        methods: ['POST', 'PUT', 'PATCH'],
        args: {
          title: { type: 'string', required: false, minLength: 1, maxLength: 40, description: 'The title of the forms.' },
          notify: { type: 'boolean', required: false, description: 'Whether new entries are mailed to the managers.' },
          limit: { type: 'integer', required: false, minimum: 1, maximum: 100, description: 'Entries per page.' },
        },
      },
    ],
  },
  '/acme/v1/managers': {
    namespace: 'acme/v1',
    methods: ['GET', 'DELETE'],
    endpoints: [
      { methods: ['GET'], args: {} },
      { methods: ['DELETE'], args: {} },
    ],
  },
  '/acme/v1/grants': {
    namespace: 'acme/v1',
    methods: ['POST'],
    endpoints: [
      {
        methods: ['POST'],
        args: { email: { type: 'string', format: 'email', required: true, description: 'The e-mail address of the account to make a manager.' } },
      },
    ],
  },
  '/acme/v1/entries': {
    namespace: 'acme/v1',
    methods: ['GET', 'POST'],
    endpoints: [
      { methods: ['GET'], args: {} },
      { methods: ['POST'], args: { title: { type: 'string', required: false, minLength: 1, maxLength: 40, description: 'The title of the entry.' } } },
    ],
  },
  '/acme/v1/entries/(?P<id>[\\d]+)': {
    namespace: 'acme/v1',
    methods: ['GET', 'DELETE'],
    endpoints: [
      { methods: ['GET'], args: { id: { type: 'integer', required: false, minimum: 1, maximum: 1, description: 'The id of the entry.' } } },
      { methods: ['DELETE'], args: { id: { type: 'integer', required: false, minimum: 1, maximum: 1, description: 'The id of the entry.' } } },
    ],
  },
};

function refused(request: ForwardedRequest): ForwardedAnswer {
  const anonymous = request.headers.authorization === undefined;
  return json(anonymous ? 401 : 403, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: anonymous ? 401 : 403 } });
}

function parsed(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The plugin: `open` names the routes whose writes anyone may make (the rest are the administrator's);
 * `administrator()` is the administrator's Authorization header.
 */
export function acmePlugin(options: { open: readonly AcmeRoute[]; administrator: () => string; state?: AcmeState }): Fault {
  const state = options.state ?? acmeState();
  const open = new Set(options.open);
  const callers = new Map<string, boolean>();
  const knownCaller = async (request: ForwardedRequest, forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>, locale: string): Promise<boolean> => {
    const authorization = request.headers.authorization;
    if (authorization === undefined) return true;
    if (!callers.has(authorization)) {
      const me = await forward({
        method: 'GET',
        path: `/${locale}/wp-json/community/v1/members/me`,
        headers: { authorization, accept: 'application/json' },
        body: '',
      });
      callers.set(authorization, me.status === 200);
    }
    return callers.get(authorization)!;
  };
  return async (request, forward) => {
    const where = restPath(request);
    if (where === undefined) return forward(request);
    // WordPress authenticates before any route's callback: credentials it does not know never reach the plugin.
    if (!(await knownCaller(request, forward, where.locale))) return forward(request);
    const admin = request.headers.authorization === options.administrator();
    const guard = (route: AcmeRoute): boolean => !admin && !open.has(route);
    if (where.path === '/' && request.method === 'GET') return withAcmeRoutes(await forward(request));
    const member = MEMBER_ITEM.exec(where.path);
    if (member !== null) return memberWithCapabilities(request, forward, Number(member[1]), admin, state);
    if (where.path === '/acme/v1/settings') {
      if (request.method === 'GET') return admin ? json(200, state.settings) : refused(request);
      if (guard('settings')) return refused(request);
      const body = parsed(request.body);
      if (typeof body.title === 'string' && body.title !== '') state.settings.title = body.title.slice(0, 40);
      if (typeof body.notify === 'boolean') state.settings.notify = body.notify;
      if (Number.isInteger(body.limit) && (body.limit as number) >= 1 && (body.limit as number) <= 100) state.settings.limit = body.limit as number;
      return json(200, state.settings);
    }
    if (where.path === '/acme/v1/managers') {
      if (request.method === 'GET') return admin ? json(200, state.managers) : refused(request);
      if (guard('managers')) return refused(request);
      const previous = state.managers;
      state.managers = [];
      return json(200, { deleted: true, previous });
    }
    if (where.path === '/acme/v1/grants') {
      if (guard('grants')) return refused(request);
      const email = parsed(request.body).email;
      const id = typeof email === 'string' ? await memberByEmail(forward, where.locale, email, options.administrator()) : undefined;
      if (id === undefined && open.has('lenient grants')) return json(200, { granted: false });
      if (id === undefined) return json(400, { code: 'acme_unknown_account', message: 'No account has that e-mail address.', data: { status: 400 } });
      const held = state.capabilities.get(id) ?? new Set<string>();
      held.add(ACME_CAPABILITY);
      state.capabilities.set(id, held);
      return json(200, { granted: ACME_CAPABILITY, user: id });
    }
    if (where.path === '/acme/v1/entries') {
      if (request.method === 'GET')
        return json(
          200,
          state.madeEntries.filter((id) => !state.deletedEntries.has(id)).map((id) => ({ id, title: `Entry ${id}` })),
        );
      if (!admin) return refused(request);
      const id = state.madeEntries.length + 1;
      state.madeEntries.push(id);
      return json(201, { id, title: `Entry ${id}` });
    }
    const entry = /^\/acme\/v1\/entries\/(\d+)$/.exec(where.path);
    if (entry !== null) {
      const id = Number(entry[1]);
      const gone = state.deletedEntries.has(id);
      if (request.method === 'GET')
        return gone ? json(404, { code: 'acme_no_entry', message: 'No such entry.', data: { status: 404 } }) : json(200, { id, title: `Entry ${id}` });
      const signedIn = request.headers.authorization !== undefined && open.has('entries by members');
      if (guard('entries') && !signedIn) return refused(request);
      if (gone) return json(404, { code: 'acme_no_entry', message: 'No such entry.', data: { status: 404 } });
      state.deletedEntries.add(id);
      return json(200, { deleted: true, previous: { id, title: `Entry ${id}` } });
    }
    return forward(request);
  };
}

function withAcmeRoutes(answer: ForwardedAnswer): ForwardedAnswer {
  if (answer.status !== 200) return answer;
  const root = JSON.parse(answer.body) as { namespaces?: string[]; routes: Record<string, unknown> };
  root.namespaces = [...(root.namespaces ?? []), 'acme/v1'];
  Object.assign(root.routes, ROUTES);
  // The member's update takes extra capabilities (from the administrator), so a grant can be put back.
  const members = root.routes['/community/v1/members/(?P<id>[\\d]+)'] as { endpoints: Array<{ methods: string[]; args: Record<string, unknown> }> } | undefined;
  for (const endpoint of members?.endpoints ?? []) {
    if (endpoint.methods.includes('PATCH') || endpoint.methods.includes('POST'))
      endpoint.args = { ...endpoint.args, extra_capabilities: { type: 'object', required: false, description: 'Capabilities beyond the roles.' } };
  }
  return { ...answer, body: JSON.stringify(root) };
}

/** The member item: its capabilities added to `edit` answers, and `extra_capabilities` taken from the administrator. */
async function memberWithCapabilities(
  request: ForwardedRequest,
  forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>,
  id: number,
  admin: boolean,
  state: AcmeState,
): Promise<ForwardedAnswer> {
  let sent = request;
  if (request.method !== 'GET' && request.method !== 'DELETE') {
    const body = parsed(request.body);
    const extra = body.extra_capabilities;
    if (extra !== undefined) {
      if (!admin) return refused(request);
      const held = state.capabilities.get(id) ?? new Set<string>();
      for (const [name, value] of Object.entries(extra !== null && typeof extra === 'object' ? extra : {})) {
        if (value === true) held.add(name);
        else held.delete(name);
      }
      state.capabilities.set(id, held);
      const { extra_capabilities: _taken, ...rest } = body;
      sent =
        Object.keys(rest).length === 0
          ? { ...request, method: 'GET', path: `${request.path.split('?')[0]}?context=edit`, body: '' }
          : { ...request, body: JSON.stringify(rest) };
    }
  }
  const answer = await forward(sent);
  if (answer.status !== 200) return answer;
  const member = parsed(answer.body);
  if (!Array.isArray(member.roles)) return answer;
  const extra = Object.fromEntries([...(state.capabilities.get(id) ?? [])].map((name) => [name, true]));
  const capabilities = { read: true, ...Object.fromEntries((member.roles as string[]).map((role) => [role, true])), ...extra };
  return { ...answer, body: JSON.stringify({ ...member, capabilities, extra_capabilities: extra }) };
}

/** The id of the member whose e-mail address is `email`, as the administrator lists them. */
async function memberByEmail(
  forward: (request: ForwardedRequest) => Promise<ForwardedAnswer>,
  locale: string,
  email: string,
  administrator: string,
): Promise<number | undefined> {
  const answer = await forward({
    method: 'GET',
    path: `/${locale}/wp-json/community/v1/members?context=edit&per_page=100`,
    headers: { authorization: administrator, accept: 'application/json' },
    body: '',
  });
  if (answer.status !== 200) return undefined;
  const members = JSON.parse(answer.body) as Array<{ id?: number; email?: string }>;
  return members.find((member) => member.email?.toLowerCase() === email.toLowerCase())?.id;
}
