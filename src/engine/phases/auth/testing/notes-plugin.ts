/**
 * Test-only: a plugin in front of the reference server (namespace `acme/v1`) with notes kept as WordPress keeps
 * posts: a create takes a `status` (`publish`, `private`, `draft`) and an optional `password`; a published note is
 * read by anyone (behind a password, its content protected, as WordPress answers it), a private or draft one only by
 * the administrator (401 anonymous, 403 another account: `rest_forbidden`); the list shows published notes, and
 * `status=any` only to the administrator (400 to others). Only published notes are there at the start, so what only
 * some identities may read exists only when the run makes it.
 *   - `GET|POST /acme/v1/notes`, `GET|DELETE /acme/v1/notes/{id}` (creates and deletes: the administrator's).
 *   - `leak: 'list'`: the list shows every other identity the private and draft notes too.
 */
import { json, restPath } from '../../../testing/faults.js';
import type { Fault, ForwardedAnswer, ForwardedRequest } from '../../../testing/faulty-server.js';

interface Note {
  id: number;
  title: string;
  status: 'publish' | 'private' | 'draft';
  password: string;
}

/** The plugin's notes, for a test to look at: those there now, every note created in order, and the ids deleted. */
export interface NotesState {
  notes: Map<number, Note>;
  created: Note[];
  deleted: Set<number>;
}

export function notesState(): NotesState {
  const notes = new Map<number, Note>();
  for (const id of [1, 2]) notes.set(id, { id, title: `Published note ${id}`, status: 'publish', password: '' });
  return { notes, created: [], deleted: new Set() };
}

const STATUSES = ['publish', 'private', 'draft'];

const ROUTES = {
  '/acme/v1/notes': {
    namespace: 'acme/v1',
    methods: ['GET', 'POST'],
    endpoints: [
      {
        methods: ['GET'],
        args: {
          per_page: { type: 'integer', required: false, default: 10, minimum: 1, maximum: 100, description: 'Notes per page.' },
          status: { type: 'array', required: false, default: ['publish'], items: { type: 'string', enum: [...STATUSES, 'any'] }, description: 'Statuses.' },
        },
      },
      {
        methods: ['POST'],
        args: {
          title: { type: 'string', required: true, minLength: 1, maxLength: 60, description: 'The title of the note.' },
          status: { type: 'string', required: false, enum: STATUSES, description: 'A named status for the note.' },
          password: { type: 'string', required: false, description: 'A password to protect access to the content.' },
        },
      },
    ],
  },
  '/acme/v1/notes/(?P<id>[\\d]+)': {
    namespace: 'acme/v1',
    methods: ['GET', 'DELETE'],
    endpoints: [
      { methods: ['GET'], args: { id: { type: 'integer', required: false, description: 'The id of the note.' } } },
      {
        methods: ['DELETE'],
        args: {
          id: { type: 'integer', required: false, description: 'The id of the note.' },
          force: { type: 'boolean', required: false, default: false, description: 'Whether to bypass the trash.' },
        },
      },
    ],
  },
};

function refused(request: ForwardedRequest): ForwardedAnswer {
  const anonymous = request.headers.authorization === undefined;
  return json(anonymous ? 401 : 403, { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: anonymous ? 401 : 403 } });
}

const notFound = (): ForwardedAnswer => json(404, { code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } });

/** A note as an answer shows it: behind a password, its content protected. */
function shown(note: Note): Record<string, unknown> {
  const locked = note.password !== '';
  return { id: note.id, title: note.title, status: note.status, content: { rendered: locked ? '' : `Text of ${note.title}`, protected: locked } };
}

function bodyOf(request: ForwardedRequest): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(request.body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function notesPlugin(options: { administrator: () => string; state: NotesState; leak?: 'list' }): Fault {
  const { state } = options;
  return async (request, forward) => {
    const where = restPath(request);
    if (where === undefined) return forward(request);
    const admin = request.headers.authorization === options.administrator();
    if (where.path === '/' && request.method === 'GET') return withNotesRoutes(await forward(request));
    if (where.path === '/acme/v1/notes') {
      if (request.method === 'POST') {
        if (!admin) return refused(request);
        const body = bodyOf(request);
        if (typeof body.title !== 'string' || body.title === '')
          return json(400, { code: 'rest_missing_callback_param', message: 'Missing parameter(s): title', data: { status: 400, params: ['title'] } });
        const status = STATUSES.includes(String(body.status)) ? (body.status as Note['status']) : 'publish';
        const id = Math.max(0, ...state.notes.keys(), ...state.deleted) + 1;
        const note: Note = { id, title: body.title, status, password: typeof body.password === 'string' ? body.password : '' };
        state.notes.set(id, note);
        state.created.push(note);
        return json(201, shown(note));
      }
      const query = new URLSearchParams(where.query);
      // `status=any` or a PHP-style array (`status[]=any`, `status[0]=any`).
      const any = [...query].some(([name, value]) => /^status(\[\d*\])?$/.test(name) && value.split(',').includes('any'));
      if (any && !admin) return json(400, { code: 'rest_invalid_param', message: 'Invalid parameter(s): status', data: { status: 400, params: ['status'] } });
      const everyone = any || (options.leak === 'list' && !admin);
      const listed = [...state.notes.values()].filter((note) => everyone || note.status === 'publish');
      return { ...json(200, listed.map(shown)), headers: { 'content-type': 'application/json', 'x-wp-total': String(listed.length), 'x-wp-totalpages': '1' } };
    }
    const item = /^\/acme\/v1\/notes\/(\d+)$/.exec(where.path);
    if (item !== null) {
      const note = state.notes.get(Number(item[1]));
      if (note === undefined) return notFound();
      if (request.method === 'DELETE') {
        if (!admin) return refused(request);
        state.notes.delete(note.id);
        state.deleted.add(note.id);
        return json(200, { deleted: true, previous: shown(note) });
      }
      return note.status === 'publish' || admin ? json(200, shown(note)) : refused(request);
    }
    return forward(request);
  };
}

function withNotesRoutes(answer: ForwardedAnswer): ForwardedAnswer {
  if (answer.status !== 200) return answer;
  const root = JSON.parse(answer.body) as { namespaces?: string[]; routes: Record<string, unknown> };
  root.namespaces = [...(root.namespaces ?? []), 'acme/v1'];
  Object.assign(root.routes, ROUTES);
  return { ...answer, body: JSON.stringify(root) };
}
