/**
 * Sequences across resources: a signup activated into a member, a member blocked and unblocked, a member's data
 * for a profile field written, read and deleted, a member followed and unfollowed.
 */
import { sameJsonMeaning } from '../../contract/diff.js';
import type { ResourceFamily } from '../../resources/index.js';
import { describeAnswer, idText, itemsWith } from './answer.js';
import { STATEFUL_SEQUENCE } from './stateful-checks.js';
import { createResource, familyOperations, type FamilyEnv } from './resources.js';
import type { RouteBook } from './route-book.js';
import type { Sequence } from './sequence.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** Routes of the interface's relations between resources (contract keys; found in a descriptor by meaning). */
export const RELATION_ROUTES = {
  members: '/community/v1/members',
  signups: '/community/v1/signup',
  profileFields: '/community/v1/profile/fields',
  /** POST activates a signup named by its activation key (or id). */
  signupActivation: String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`,
  /** POST `{item_id, type}` blocks a member; the list filters by `item_id`. */
  moderation: '/community/v1/moderation',
  /** DELETE unblocks. */
  moderationItem: String.raw`/community/v1/moderation/(?P<id>[\d]+)`,
  /** POST `{action: follow|unfollow}`. */
  followAction: String.raw`/community/v1/members/action/(?P<id>[\d]+)`,
  /** A member's data for one field: write, read, delete. */
  fieldData: String.raw`/community/v1/profile/(?P<field_id>[\d]+)/data/(?P<user_id>[\d]+)`,
  /** GET lists components; POST `{name, action: activate|deactivate}` switches one. */
  components: '/community/v1/components',
} as const;

/** The model's family whose collection is the route the contract calls `collection`, if the descriptor serves it. */
export function familyAt(env: FamilyEnv, collection: string): ResourceFamily | undefined {
  const key = env.book.operation(collection, 'GET')?.route ?? env.book.operation(collection, 'POST')?.route;
  return key === undefined ? undefined : env.model.families.find((family) => family.collection === key);
}

function requiredFamily(env: FamilyEnv, collection: string): ResourceFamily {
  const family = familyAt(env, collection);
  if (family === undefined) throw new Error(`no family at ${collection}; the caller checks the routes first`);
  return family;
}

/** The id of the member listed with exactly this login, found through the member list's `search`. */
async function memberByLogin(sequence: Sequence, book: RouteBook, login: unknown): Promise<string | undefined> {
  const list = book.operation(RELATION_ROUTES.members, 'GET');
  if (typeof login !== 'string' || list === undefined) return undefined;
  const found = await sequence.send(list, { query: { search: login } });
  const member = itemsWith(found, 'user_login', login)[0] as Record<string, unknown> | undefined;
  return idText(member?.id);
}

/** signup → activate → the member exists → activating again is refused. */
export async function signupActivation(sequence: Sequence, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const members = familyOperations(book, requiredFamily(env, RELATION_ROUTES.members))!;
  const activate = book.firstOperation(RELATION_ROUTES.signupActivation, WRITE_METHODS)!;
  const signup = await createResource(sequence, env, requiredFamily(env, RELATION_ROUTES.signups), token, STATEFUL_SEQUENCE);
  // The activation key, when the answer shows it; the signup id otherwise.
  const key = idText(signup.answer.field('activation_key')) ?? signup.id;

  const activated = await sequence.send(activate, { path: { id: key } });
  sequence.expect(activated, activate, 'success', 'activate the signup', STATEFUL_SEQUENCE);
  const memberId = idText(activated.field('user_id')) ?? (await memberByLogin(sequence, book, signup.answer.field('user_login')));
  if (memberId === undefined)
    sequence.fail(STATEFUL_SEQUENCE, activate, 'no member came of the activation: its answer has no "user_id" and the signup\'s login finds nobody');
  sequence.cleanup(members.remove, { path: { [members.read.pattern.variables.at(-1)!.name]: memberId } });
  const member = await sequence.send(members.read, { path: { id: memberId } });
  sequence.expect(member, members.read, 'success', `read member ${memberId} made by the activation`, STATEFUL_SEQUENCE);

  const again = await sequence.send(activate, { path: { id: key } });
  if (again.status !== undefined && again.status < 400) {
    sequence.fail(STATEFUL_SEQUENCE, activate, `activating the same signup again answered ${describeAnswer(again)}; expected a refusal`);
  }
  sequence.expect(again, activate, 'refused', 'activate the same signup again', STATEFUL_SEQUENCE);
}

/** block a member → listed in moderation → blocking again refused → unblock → no longer listed. */
export async function blockAndUnblock(sequence: Sequence, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const block = book.operation(RELATION_ROUTES.moderation, 'POST')!;
  const list = book.operation(RELATION_ROUTES.moderation, 'GET')!;
  const unblock = book.operation(RELATION_ROUTES.moderationItem, 'DELETE')!;
  const member = await createResource(sequence, env, requiredFamily(env, RELATION_ROUTES.members), token, STATEFUL_SEQUENCE);
  const body = { item_id: Number(member.id), type: 'user' };
  const query = { item_id: Number(member.id) };

  const blocked = await sequence.send(block, { body });
  sequence.expect(blocked, block, 'success', `block member ${member.id}`, STATEFUL_SEQUENCE);
  const itemId = idText(blocked.field('id'));
  if (itemId === undefined) sequence.fail(STATEFUL_SEQUENCE, block, 'the block answer has no moderation item "id"');
  const forget = sequence.cleanup(unblock, { path: { id: itemId } });

  const listed = await sequence.send(list, { query });
  sequence.expect(listed, list, 'success', 'list moderation items', STATEFUL_SEQUENCE);
  if (itemsWith(listed, 'id', itemId).length === 0)
    sequence.fail(STATEFUL_SEQUENCE, list, `the block of member ${member.id} (item ${itemId}) is not in the moderation list`);

  const again = await sequence.send(block, { body });
  if (again.status !== undefined && again.status < 400) {
    sequence.fail(STATEFUL_SEQUENCE, block, `blocking member ${member.id} twice answered ${describeAnswer(again)}; expected a refusal`);
  }
  sequence.expect(again, block, 'refused', `block member ${member.id} twice`, STATEFUL_SEQUENCE);

  const unblocked = await sequence.send(unblock, { path: { id: itemId } });
  sequence.expect(unblocked, unblock, 'success', `unblock member ${member.id}`, STATEFUL_SEQUENCE);
  forget();
  const after = await sequence.send(list, { query });
  sequence.expect(after, list, 'success', 'list moderation items after the unblock', STATEFUL_SEQUENCE);
  if (itemsWith(after, 'id', itemId).length > 0)
    sequence.fail(STATEFUL_SEQUENCE, list, `member ${member.id} is still blocked (item ${itemId} listed) after the unblock`);
}

/** True when a read-back `value` holds what was written: the same list, or the one value alone. */
function holdsValues(actual: unknown, written: readonly string[]): boolean {
  return sameJsonMeaning(actual, written) || (written.length === 1 && actual === written[0]);
}

/** profile group → field in it → a member's data for the field written, read back equal, deleted. */
export async function fieldData(sequence: Sequence, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const write = book.firstOperation(RELATION_ROUTES.fieldData, WRITE_METHODS)!;
  const read = book.operation(RELATION_ROUTES.fieldData, 'GET')!;
  const remove = book.operation(RELATION_ROUTES.fieldData, 'DELETE')!;
  const field = await createResource(sequence, env, requiredFamily(env, RELATION_ROUTES.profileFields), token, STATEFUL_SEQUENCE);
  const member = await createResource(sequence, env, requiredFamily(env, RELATION_ROUTES.members), `${token}m`, STATEFUL_SEQUENCE);
  const path = { field_id: field.id, user_id: member.id };
  const value = [`Restconform value ${token}`];

  const written = await sequence.send(write, { path, body: { value } });
  sequence.expect(written, write, 'success', `write member ${member.id}'s data for field ${field.id}`, STATEFUL_SEQUENCE);
  const readBack = await sequence.send(read, { path });
  sequence.expect(readBack, read, 'success', 'read the data back', STATEFUL_SEQUENCE);
  if (!holdsValues(readBack.field('value'), value)) {
    sequence.fail(STATEFUL_SEQUENCE, read, `the data read back is ${JSON.stringify(readBack.field('value'))}, written ${JSON.stringify(value)}`);
  }
  const deleted = await sequence.send(remove, { path });
  sequence.expect(deleted, remove, 'success', 'delete the data', STATEFUL_SEQUENCE);
  const after = await sequence.send(read, { path });
  if (after.status === 404) return;
  sequence.expect(after, read, 'success', 'read the data after the delete', STATEFUL_SEQUENCE);
  if (JSON.stringify(after.field('value') ?? null).includes(value[0]!)) {
    sequence.fail(STATEFUL_SEQUENCE, read, `the data is still ${JSON.stringify(after.field('value'))} after the delete`);
  }
}

/** follow a member → in the caller's following list → unfollow → gone from it. */
export async function followAndUnfollow(sequence: Sequence, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const action = book.firstOperation(RELATION_ROUTES.followAction, WRITE_METHODS)!;
  const list = book.operation(RELATION_ROUTES.members, 'GET');
  // The following list is only checked where the list declares a `following` scope.
  const scoped = list !== undefined && Array.isArray(list.args.scope?.enum) && list.args.scope.enum.includes('following') ? list : undefined;
  const member = await createResource(sequence, env, requiredFamily(env, RELATION_ROUTES.members), token, STATEFUL_SEQUENCE);
  const query = { scope: 'following', include: [Number(member.id)] };

  const followed = await sequence.send(action, { path: { id: member.id }, body: { action: 'follow' } });
  sequence.expect(followed, action, 'success', `follow member ${member.id}`, STATEFUL_SEQUENCE);
  if (scoped !== undefined) {
    const following = await sequence.send(scoped, { query });
    sequence.expect(following, scoped, 'success', 'list the members followed', STATEFUL_SEQUENCE);
    if (itemsWith(following, 'id', member.id).length === 0)
      sequence.fail(STATEFUL_SEQUENCE, scoped, `member ${member.id} is not in the following list after the follow`);
  }
  const unfollowed = await sequence.send(action, { path: { id: member.id }, body: { action: 'unfollow' } });
  sequence.expect(unfollowed, action, 'success', `unfollow member ${member.id}`, STATEFUL_SEQUENCE);
  if (scoped !== undefined) {
    const following = await sequence.send(scoped, { query });
    sequence.expect(following, scoped, 'success', 'list the members followed after the unfollow', STATEFUL_SEQUENCE);
    if (itemsWith(following, 'id', member.id).length > 0)
      sequence.fail(STATEFUL_SEQUENCE, scoped, `member ${member.id} is still in the following list after the unfollow`);
  }
}

/** One component as a list shows it. */
interface ComponentState {
  name: string;
  active: boolean;
}

function componentsIn(answer: { json: unknown }): ComponentState[] {
  if (!Array.isArray(answer.json)) return [];
  return answer.json.flatMap((item) => {
    const component = item as Record<string, unknown> | null;
    return typeof component?.name === 'string' ? [{ name: component.name, active: component.is_active === true || component.status === 'active' }] : [];
  });
}

/** An optional active component switched off (the list shows it inactive), then on again (shown active). */
export async function componentsSwitched(sequence: Sequence, env: FamilyEnv): Promise<void> {
  const { book } = env;
  const list = book.operation(RELATION_ROUTES.components, 'GET')!;
  if (sequence.ctx.run.ownedWritesOnly)
    sequence.stop(list, 'components belong to the server, not the run: switched only on the bundled server or with --allow-destructive');
  const change = book.firstOperation(RELATION_ROUTES.components, WRITE_METHODS)!;
  const optional = await sequence.send(list, { query: { type: 'optional', status: 'active', per_page: 100 } });
  sequence.expect(optional, list, 'success', 'list the optional active components', STATEFUL_SEQUENCE);
  const component = componentsIn(optional).find((candidate) => candidate.active);
  if (component === undefined) sequence.stop(list, 'no optional component is active, so none can be switched off and back');
  const { name } = component;
  const shows = async (active: boolean, when: string): Promise<void> => {
    const answer = await sequence.send(list, { query: { status: active ? 'active' : 'inactive', per_page: 100 } });
    sequence.expect(answer, list, 'success', `list the ${active ? 'active' : 'inactive'} components ${when}`, STATEFUL_SEQUENCE);
    if (!componentsIn(answer).some((candidate) => candidate.name === name)) {
      sequence.fail(STATEFUL_SEQUENCE, list, `component ${name} is not among the ${active ? 'active' : 'inactive'} components ${when}`);
    }
  };
  const off = await sequence.send(change, { body: { name, action: 'deactivate' } });
  sequence.expect(off, change, 'success', `deactivate component ${name}`, STATEFUL_SEQUENCE);
  const restore = sequence.cleanup(change, { body: { name, action: 'activate' } });
  await shows(false, 'after its deactivation');
  const on = await sequence.send(change, { body: { name, action: 'activate' } });
  sequence.expect(on, change, 'success', `activate component ${name} again`, STATEFUL_SEQUENCE);
  restore();
  await shows(true, 'after its activation');
  sequence.record(`component ${name} switched off and back`, 'ok');
}
