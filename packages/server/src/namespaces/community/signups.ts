/**
 * Self-registration. Anybody may sign up; an activation (by activation key or signup id, no rights needed)
 * turns the signup into a member. Listing, reading and deleting signups needs a moderator.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { WpError, type RouteHandlers, type ServerContext, type ServerRequest, type Store } from '../../types.js';
import type { ResourceModule } from '../module.js';
import { restDate, restNow, SEED_REFERENCE_DATE } from './dates.js';
import { rejectedValue } from './errors.js';
import { createMember, findMemberByEmail, findMemberByLogin, freeLogin } from './member-accounts.js';
import { collectionHeaders } from './paging.js';
import { intListParam, intParam, stringParam } from './params.js';
import { isModerator, moderatorOnly } from './permissions.js';
import { EDITABLE, forMethods } from './route-methods.js';
import { storeSlice } from './store-slice.js';

const MODULE_NAME = 'signups';

/** A pending (or activated) registration. The password stays inside the server. */
export interface Signup {
  id: number;
  user_login: string;
  user_email: string;
  password: string;
  registered: string;
  date_sent: string;
  activation_key: string;
  count_sent: number;
  active: boolean;
}

interface SignupsState {
  signups: Map<number, Signup>;
}

function signupsState(store: Store): SignupsState {
  return storeSlice<SignupsState>(store, MODULE_NAME, () => ({ signups: new Map() }));
}

/** WordPress's `is_email`: at least 6 characters, an `@` after the first character, a dot inside the domain. */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) && text.length >= 6 && /^[\x21-\x7e]+$/.test(text);
}

/** Derived from (seed, id) so two starts with the same seed hand out the same keys. */
function activationKey(store: Store, id: number): string {
  return createHash('sha256').update(`${store.seed}:signup:${id}`).digest('hex').slice(0, 32);
}

/** Registers `email`; the login is the e-mail address's local part, made unique. */
function addSignup(store: Store, email: string, password: string, registered: string): Signup {
  const state = signupsState(store);
  const loginTaken = (login: string) => [...state.signups.values()].some((signup) => signup.user_login === login);
  const id = store.nextId(MODULE_NAME);
  const signup: Signup = {
    id,
    user_login: freeLogin(store, email.slice(0, email.indexOf('@')), loginTaken),
    user_email: email,
    password,
    registered,
    date_sent: registered,
    activation_key: activationKey(store, id),
    count_sent: 1,
    active: false,
  };
  state.signups.set(id, signup);
  return signup;
}

/** The signup named by a signup ID, an e-mail address or a user_login. */
function findSignup(store: Store, identifier: string): Signup | undefined {
  const signups = [...signupsState(store).signups.values()];
  if (/^\d+$/.test(identifier)) {
    const byId = signupsState(store).signups.get(Number.parseInt(identifier, 10));
    if (byId !== undefined) return byId;
  }
  const wanted = identifier.toLowerCase();
  return signups.find((signup) => signup.user_email.toLowerCase() === wanted || signup.user_login.toLowerCase() === wanted);
}

function requireSignup(store: Store, identifier: string): Signup {
  const signup = findSignup(store, identifier);
  if (signup === undefined) throw new WpError('bp_rest_invalid_id', 'Invalid signup id.', 404);
  return signup;
}

/** The signup as a response; the activation key for whoever may manage signups, and to the one who signed up. */
function serializeSignup(signup: Signup, showKey: boolean): Record<string, unknown> {
  return {
    id: signup.id,
    user_login: signup.user_login,
    user_name: signup.user_login,
    user_email: signup.user_email,
    registered: signup.registered,
    date_sent: signup.date_sent,
    count_sent: signup.count_sent,
    active: signup.active,
    ...(showKey ? { activation_key: signup.activation_key } : {}),
  };
}

function register(req: ServerRequest, ctx: ServerContext) {
  const email = stringParam(req.params, 'signup_email').trim();
  const password = stringParam(req.params, 'signup_password');
  if (!looksLikeEmail(email)) throw rejectedValue('signup_email', 'bp_rest_signup_invalid_email', 'Please check your email address.');
  const pending = [...signupsState(ctx.store).signups.values()].some((signup) => signup.user_email.toLowerCase() === email.toLowerCase());
  if (pending || findMemberByEmail(ctx.store, email) !== undefined) {
    throw rejectedValue('signup_email', 'bp_rest_signup_email_exists', 'Sorry, that email address is already used!');
  }
  if (password.trim() === '') throw rejectedValue('signup_password', 'bp_rest_signup_invalid_password', 'Please make sure you enter your password.');
  const signup = addSignup(ctx.store, email, password, restNow());
  // 201 with the new signup and its address, as WordPress creates. The key goes to whoever may manage signups:
  // shown to anyone, it would let an anonymous caller activate an address they do not own (docs/wordpress/behaviour.md#what-must-never-reach-a-caller).
  return {
    status: 201,
    body: serializeSignup(signup, isModerator(req.user)),
    headers: { Location: `${ctx.restUrl(req.locale)}/community/v1/signup/${signup.id}` },
  };
}

function listSignups(req: ServerRequest, ctx: ServerContext) {
  const { params } = req;
  let signups = [...signupsState(ctx.store).signups.values()];
  const include = new Set(intListParam(params, 'include'));
  if (include.size > 0) signups = signups.filter((signup) => include.has(signup.id));
  const login = stringParam(params, 'user_login');
  if (login !== '') signups = signups.filter((signup) => signup.user_login === login);
  const orderBy = stringParam(params, 'orderby', 'signup_id');
  const key = (signup: Signup): string | number =>
    orderBy === 'user_login' ? signup.user_login : orderBy === 'user_email' ? signup.user_email : orderBy === 'registered' ? signup.registered : signup.id;
  const direction = stringParam(params, 'order', 'desc') === 'asc' ? 1 : -1;
  signups.sort((a, b) => {
    const [left, right] = [key(a), key(b)];
    return direction * (left < right ? -1 : left > right ? 1 : a.id - b.id);
  });
  const number = intParam(params, 'number', 1);
  const offset = Math.max(0, intParam(params, 'offset', 0));
  const pageSize = number < 1 ? signups.length : number;
  const page = signups.slice(offset, offset + pageSize);
  return {
    status: 200,
    body: page.map((signup) => serializeSignup(signup, true)),
    headers: collectionHeaders(signups.length, pageSize === 0 ? 0 : Math.ceil(signups.length / pageSize)),
  };
}

/** Creates the member; a signup that is already active is refused. */
function activate(req: ServerRequest, ctx: ServerContext) {
  const identifier = stringParam(req.params, 'id');
  const signups = [...signupsState(ctx.store).signups.values()];
  const signup =
    signups.find((candidate) => candidate.activation_key === identifier) ??
    (/^\d+$/.test(identifier) ? signupsState(ctx.store).signups.get(Number.parseInt(identifier, 10)) : undefined);
  if (signup === undefined) throw new WpError('bp_rest_invalid_activation_key', 'Invalid activation key.', 404);
  if (signup.active) throw new WpError('bp_rest_signup_already_active', 'The account is already activated.', 400);
  const login = findMemberByLogin(ctx.store, signup.user_login) === undefined ? signup.user_login : freeLogin(ctx.store, signup.user_login);
  const member = createMember(ctx.store, { user_login: login, email: signup.user_email, password: signup.password });
  signup.active = true;
  // Anyone may activate (by key or by id), so the answer shows the address only to whoever may manage signups.
  const moderator = isModerator(req.user);
  const { user_email: address, ...shown } = serializeSignup(signup, moderator);
  return { status: 200, body: { ...shown, ...(moderator ? { user_email: address } : {}), user_id: member.id } };
}

const manageSignups = moderatorOnly('bp_rest_authorization_required', 'Sorry, you are not allowed to manage signups.');

const routes: RouteHandlers[] = [
  {
    route: '/community/v1/signup/form',
    methods: {
      GET: {
        handle: () => ({
          status: 200,
          body: [
            { id: 'signup_email', label: 'Email', type: 'email', required: true, description: '' },
            { id: 'signup_password', label: 'Password', type: 'password', required: true, description: '' },
            { id: 'signup_password_confirm', label: 'Confirm Password', type: 'password', required: true, description: '' },
          ],
        }),
      },
    },
  },
  {
    route: '/community/v1/signup',
    methods: { GET: { permission: manageSignups, handle: listSignups }, POST: { handle: register } },
  },
  {
    route: String.raw`/community/v1/signup/(?P<id>[\w-]+)`,
    methods: {
      GET: {
        permission: manageSignups,
        handle: (req, ctx) => ({ status: 200, body: serializeSignup(requireSignup(ctx.store, stringParam(req.params, 'id')), true) }),
      },
      DELETE: {
        permission: manageSignups,
        handle: (req, ctx) => {
          const signup = requireSignup(ctx.store, stringParam(req.params, 'id'));
          signupsState(ctx.store).signups.delete(signup.id);
          return { status: 200, body: { deleted: true, previous: serializeSignup(signup, true) } };
        },
      },
    },
  },
  {
    route: String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`,
    methods: forMethods(EDITABLE, { handle: activate }),
  },
];

/** A handful of pending signups with faker e-mail addresses. */
function seedSignups(store: Store, faker: Faker): void {
  for (let index = 0; index < 5; index += 1) {
    const email = faker.internet.email().toLowerCase();
    if (findMemberByEmail(store, email) !== undefined || findSignup(store, email) !== undefined) continue;
    const registered = restDate(faker.date.between({ from: '2024-01-01T00:00:00Z', to: SEED_REFERENCE_DATE }));
    addSignup(store, email, faker.internet.password({ length: 20 }), registered);
  }
}

/** Signups of the community namespace. */
export const module: ResourceModule = { name: MODULE_NAME, seed: seedSignups, routes };
