/**
 * Sequences across resources: a signup activated into a member, a member blocked and unblocked, a member's data
 * for a profile field written, read and deleted, a member followed and unfollowed.
 */
import { sameJsonMeaning } from '../../contract/diff.js';
import { describeAnswer, idText, itemsWith } from './answer.js';
import { STATEFUL_SEQUENCE } from './stateful-checks.js';
import { RELATION_ROUTES, resourceFamily } from './resource-families.js';
import { createResource, familyOperations } from './resources.js';
import type { RouteBook } from './route-book.js';
import type { Sequence } from './sequence.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** The id of the member listed with exactly this login, found through the member list's `search`. */
async function memberByLogin(sequence: Sequence, book: RouteBook, login: unknown): Promise<string | undefined> {
  const list = book.operation(resourceFamily('member').collection, 'GET');
  if (typeof login !== 'string' || list === undefined) return undefined;
  const found = await sequence.send(list, { query: { search: login } });
  const member = itemsWith(found, 'user_login', login)[0] as Record<string, unknown> | undefined;
  return idText(member?.id);
}

/** signup → activate → the member exists → activating again is refused. */
export async function signupActivation(sequence: Sequence, book: RouteBook, token: string): Promise<void> {
  const members = familyOperations(book, resourceFamily('member'))!;
  const activate = book.firstOperation(RELATION_ROUTES.signupActivation, WRITE_METHODS)!;
  const signup = await createResource(sequence, book, resourceFamily('signup'), token, STATEFUL_SEQUENCE);
  // The activation key, when the answer shows it; the signup id otherwise.
  const key = idText(signup.answer.field('activation_key')) ?? signup.id;

  const activated = await sequence.send(activate, { path: { id: key } });
  sequence.expect(activated, activate, 'success', 'activate the signup', STATEFUL_SEQUENCE);
  const memberId = idText(activated.field('user_id')) ?? (await memberByLogin(sequence, book, signup.answer.field('user_login')));
  if (memberId === undefined) sequence.fail(STATEFUL_SEQUENCE, activate, 'no member came of the activation: its answer has no "user_id" and the signup\'s login finds nobody');
  sequence.cleanup(members.remove, { path: { id: memberId } });
  const member = await sequence.send(members.read, { path: { id: memberId } });
  sequence.expect(member, members.read, 'success', `read member ${memberId} made by the activation`, STATEFUL_SEQUENCE);

  const again = await sequence.send(activate, { path: { id: key } });
  if (again.status !== undefined && again.status < 400) {
    sequence.fail(STATEFUL_SEQUENCE, activate, `activating the same signup again answered ${describeAnswer(again)}; expected a refusal`);
  }
  sequence.expect(again, activate, 'refused', 'activate the same signup again', STATEFUL_SEQUENCE);
}

/** block a member → listed in moderation → blocking again refused → unblock → no longer listed. */
export async function blockAndUnblock(sequence: Sequence, book: RouteBook, token: string): Promise<void> {
  const block = book.operation(RELATION_ROUTES.moderation, 'POST')!;
  const list = book.operation(RELATION_ROUTES.moderation, 'GET')!;
  const unblock = book.operation(RELATION_ROUTES.moderationItem, 'DELETE')!;
  const member = await createResource(sequence, book, resourceFamily('member'), token, STATEFUL_SEQUENCE);
  const body = { item_id: Number(member.id), type: 'user' };
  const query = { item_id: Number(member.id) };

  const blocked = await sequence.send(block, { body });
  sequence.expect(blocked, block, 'success', `block member ${member.id}`, STATEFUL_SEQUENCE);
  const itemId = idText(blocked.field('id'));
  if (itemId === undefined) sequence.fail(STATEFUL_SEQUENCE, block, 'the block answer has no moderation item "id"');
  const forget = sequence.cleanup(unblock, { path: { id: itemId } });

  const listed = await sequence.send(list, { query });
  sequence.expect(listed, list, 'success', 'list moderation items', STATEFUL_SEQUENCE);
  if (itemsWith(listed, 'id', itemId).length === 0) sequence.fail(STATEFUL_SEQUENCE, list, `the block of member ${member.id} (item ${itemId}) is not in the moderation list`);

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
  if (itemsWith(after, 'id', itemId).length > 0) sequence.fail(STATEFUL_SEQUENCE, list, `member ${member.id} is still blocked (item ${itemId} listed) after the unblock`);
}

/** True when a read-back `value` holds what was written: the same list, or the one value alone. */
function holdsValues(actual: unknown, written: readonly string[]): boolean {
  return sameJsonMeaning(actual, written) || (written.length === 1 && actual === written[0]);
}

/** profile group → field in it → a member's data for the field written, read back equal, deleted. */
export async function fieldData(sequence: Sequence, book: RouteBook, token: string): Promise<void> {
  const write = book.firstOperation(RELATION_ROUTES.fieldData, WRITE_METHODS)!;
  const read = book.operation(RELATION_ROUTES.fieldData, 'GET')!;
  const remove = book.operation(RELATION_ROUTES.fieldData, 'DELETE')!;
  const field = await createResource(sequence, book, resourceFamily('profile field'), token, STATEFUL_SEQUENCE);
  const member = await createResource(sequence, book, resourceFamily('member'), `${token}m`, STATEFUL_SEQUENCE);
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
export async function followAndUnfollow(sequence: Sequence, book: RouteBook, token: string): Promise<void> {
  const action = book.firstOperation(RELATION_ROUTES.followAction, WRITE_METHODS)!;
  const list = book.operation(resourceFamily('member').collection, 'GET');
  // The following list is only checked where the list declares a `following` scope.
  const scoped = list !== undefined && Array.isArray(list.args.scope?.enum) && list.args.scope.enum.includes('following') ? list : undefined;
  const member = await createResource(sequence, book, resourceFamily('member'), token, STATEFUL_SEQUENCE);
  const query = { scope: 'following', include: [Number(member.id)] };

  const followed = await sequence.send(action, { path: { id: member.id }, body: { action: 'follow' } });
  sequence.expect(followed, action, 'success', `follow member ${member.id}`, STATEFUL_SEQUENCE);
  if (scoped !== undefined) {
    const following = await sequence.send(scoped, { query });
    sequence.expect(following, scoped, 'success', 'list the members followed', STATEFUL_SEQUENCE);
    if (itemsWith(following, 'id', member.id).length === 0) sequence.fail(STATEFUL_SEQUENCE, scoped, `member ${member.id} is not in the following list after the follow`);
  }
  const unfollowed = await sequence.send(action, { path: { id: member.id }, body: { action: 'unfollow' } });
  sequence.expect(unfollowed, action, 'success', `unfollow member ${member.id}`, STATEFUL_SEQUENCE);
  if (scoped !== undefined) {
    const following = await sequence.send(scoped, { query });
    sequence.expect(following, scoped, 'success', 'list the members followed after the unfollow', STATEFUL_SEQUENCE);
    if (itemsWith(following, 'id', member.id).length > 0) sequence.fail(STATEFUL_SEQUENCE, scoped, `member ${member.id} is still in the following list after the unfollow`);
  }
}
