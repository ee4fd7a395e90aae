/**
 * Sequences across resources: a signup activated into a member, a member blocked and unblocked, a member's data
 * for a profile field written, read and deleted, a member followed and unfollowed.
 */
import { componentsIn, statefulSequence } from '../../checks/stateful/stateful-sequence.js';
import { describeAnswer, idText, isSuccess, itemsWith } from '../../checks/stateful/step-answer.js';
import type { Operation } from '../../descriptor/types.js';
import { byPrivilege } from '../../request/index.js';
import { schemaTypes, type ResourceFamily } from '../../resources/index.js';
import { createResource, deleteArgs, familyOperations, type CreatedResource, type FamilyEnv } from './resources.js';
import type { RouteBook } from './route-book.js';
import type { StepScript } from './step-script.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** The namespace every relation's routes are in: a target that serves none of it (plain WordPress) has no relations. */
export const RELATION_NAMESPACE = 'community/v1';

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
async function memberByLogin(script: StepScript, book: RouteBook, login: unknown): Promise<string | undefined> {
  const list = book.operation(RELATION_ROUTES.members, 'GET');
  if (typeof login !== 'string' || list === undefined) return undefined;
  const found = await script.send(list, { query: { search: login } });
  const member = itemsWith(found, 'user_login', login)[0] as Record<string, unknown> | undefined;
  return idText(member?.id);
}

/**
 * The signups family's activation: the action route the model infers under it (`signup/activate/{id}`, or
 * BuddyPress's `{activation_key}`), whatever its variable is called.
 */
export function activationOf(env: FamilyEnv): Operation | undefined {
  const signups = familyAt(env, RELATION_ROUTES.signups);
  for (const action of signups?.actions ?? []) {
    const op = env.book.firstOperation(action.route, WRITE_METHODS);
    if (op !== undefined) return op;
  }
  return env.book.firstOperation(RELATION_ROUTES.signupActivation, WRITE_METHODS);
}

/** The value an action's variable takes for a resource: the field of that name its create or its read shows, else its id. */
async function actionValue(script: StepScript, env: FamilyEnv, resource: CreatedResource, variable: string): Promise<string | undefined> {
  const family = resource.family;
  if (variable === family.itemVariable || variable === family.idField) return resource.id;
  const shown = idText(resource.answer.field(variable));
  if (shown !== undefined) return shown;
  const read = await script.send(familyOperations(env.book, family)!.read, { path: resource.path, query: { context: 'edit' } });
  return idText(read.field(variable));
}

/** The member an activation made (found by the signup's login), deleted when the sequence ends. */
async function deleteMemberMade(script: StepScript, env: FamilyEnv, signup: CreatedResource, token: string): Promise<void> {
  const membersFamily = requiredFamily(env, RELATION_ROUTES.members);
  const members = familyOperations(env.book, membersFamily)!;
  const memberId = await memberByLogin(script, env.book, signup.answer.field('user_login') ?? signup.body.user_login);
  if (memberId === undefined) return;
  // The run made it: on a target where the run writes only to what it made, its delete at the end must be allowed.
  script.ctx.execution.owned?.adopt(members.remove.locale, membersFamily.name, memberId, script.ctx.execution.credentials);
  script.cleanup(members.remove, { path: { [members.read.pattern.variables.at(-1)!.name]: memberId }, body: deleteArgs(membersFamily, token) });
}

/**
 * signup → activated by each identity in turn, the least privileged (anonymous) first: the first that may
 * activates it and a member exists; every attempt after that is refused → the member is read. A key no answer
 * shows (BuddyPress e-mails it) cannot be tried: the sequence says so.
 */
export async function signupActivation(script: StepScript, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const membersFamily = requiredFamily(env, RELATION_ROUTES.members);
  const members = familyOperations(book, membersFamily)!;
  const activate = activationOf(env)!;
  const variable = activate.pattern.variables.at(-1)!.name;
  const signup = await createResource(script, env, requiredFamily(env, RELATION_ROUTES.signups), token);
  const key = await actionValue(script, env, signup, variable);
  const execution = script.ctx.execution;
  if (key === undefined) {
    // The key reaches the person signing up some other way (BuddyPress e-mails it): what every caller knows of the
    // signup, its id, must not activate it.
    for (const identity of byPrivilege(execution.identities)) {
      const who = `${identity.name} (${identity.role})`;
      const answer = await script.send(activate, { path: { [variable]: signup.id } }, { credentials: identity.credentials ?? null });
      const step = {
        step: 'status' as const,
        what: `activate the signup by its id instead of its ${variable} as ${who}`,
        expected: 'refused' as const,
        answer,
      };
      if (script.judge(statefulSequence, activate, step).length === 0) script.record(`activation by id as ${who}`, 'ok', `refused: ${describeAnswer(answer)}`);
      else if (isSuccess(answer)) await deleteMemberMade(script, env, signup, token);
    }
    script.stop(activate, `no answer shows the signup's "${variable}" (it reaches the new member some other way): activating with it cannot be tried`);
  }
  const path = { [variable]: key };
  let memberId: string | undefined;
  for (const identity of byPrivilege(execution.identities)) {
    const own = identity.credentials === undefined ? null : identity.credentials;
    const who = `${identity.name} (${identity.role})`;
    const answer = await script.send(activate, { path }, { credentials: own });
    if (memberId !== undefined) {
      const repeated = { step: 'repeated' as const, what: `activating the same signup again as ${who}`, answer };
      if (script.judge(statefulSequence, activate, repeated).length === 0)
        script.record(`activation again by ${who}`, 'ok', `refused: ${describeAnswer(answer)}`);
      continue;
    }
    const last = identity.credentials?.user === execution.credentials?.user;
    if (!isSuccess(answer) && !last) {
      script.record(`activation by ${who}`, 'ok', `refused: ${describeAnswer(answer)}`);
      continue;
    }
    script.expectStatus(statefulSequence, activate, answer, 'success', `activate the signup as ${who}`);
    const named = idText(answer.field('user_id')) ?? (await memberByLogin(script, book, signup.answer.field('user_login') ?? signup.body.user_login));
    script.judgeOrStop(statefulSequence, activate, { step: 'activated', memberId: named });
    memberId = named!;
    script.cleanup(members.remove, { path: { [members.read.pattern.variables.at(-1)!.name]: memberId }, body: deleteArgs(membersFamily, token) });
    script.record(`activated by ${who}`, 'ok', `member ${memberId}`);
  }
  const member = await script.send(members.read, { path: { [members.read.pattern.variables.at(-1)!.name]: memberId! } });
  script.expectStatus(statefulSequence, members.read, member, 'success', `read member ${memberId} made by the activation`);
}

/** block a member → listed in moderation → blocking again refused → unblock → no longer listed. */
export async function blockAndUnblock(script: StepScript, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const block = book.operation(RELATION_ROUTES.moderation, 'POST')!;
  const list = book.operation(RELATION_ROUTES.moderation, 'GET')!;
  const unblock = book.operation(RELATION_ROUTES.moderationItem, 'DELETE')!;
  const member = await createResource(script, env, requiredFamily(env, RELATION_ROUTES.members), token);
  const body = { item_id: Number(member.id), type: 'user' };
  const query = { item_id: Number(member.id) };

  const blocked = await script.send(block, { body });
  script.expectStatus(statefulSequence, block, blocked, 'success', `block member ${member.id}`);
  const named = idText(blocked.field('id'));
  script.judgeOrStop(statefulSequence, block, { step: 'blocked', itemId: named });
  const itemId = named!;
  const forget = script.cleanup(unblock, { path: { id: itemId } });

  const listed = await script.send(list, { query });
  script.expectStatus(statefulSequence, list, listed, 'success', 'list moderation items');
  script.judgeOrStop(statefulSequence, list, { step: 'moderation listed', member: member.id, itemId, blocked: true, list: listed.json });

  const again = await script.send(block, { body });
  script.judgeOrStop(statefulSequence, block, { step: 'repeated', what: `blocking member ${member.id} twice`, answer: again });
  script.expectStatus(statefulSequence, block, again, 'refused', `block member ${member.id} twice`);

  const unblocked = await script.send(unblock, { path: { id: itemId } });
  script.expectStatus(statefulSequence, unblock, unblocked, 'success', `unblock member ${member.id}`);
  forget();
  const after = await script.send(list, { query });
  script.expectStatus(statefulSequence, list, after, 'success', 'list moderation items after the unblock');
  script.judgeOrStop(statefulSequence, list, { step: 'moderation listed', member: member.id, itemId, blocked: false, list: after.json });
}

/** profile group → field in it → a member's data for the field written, read back equal, deleted. */
export async function fieldData(script: StepScript, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const write = book.firstOperation(RELATION_ROUTES.fieldData, WRITE_METHODS)!;
  const read = book.operation(RELATION_ROUTES.fieldData, 'GET')!;
  const remove = book.operation(RELATION_ROUTES.fieldData, 'DELETE')!;
  const field = await createResource(script, env, requiredFamily(env, RELATION_ROUTES.profileFields), token);
  const member = await createResource(script, env, requiredFamily(env, RELATION_ROUTES.members), `${token}m`);
  const path = { field_id: field.id, user_id: member.id };
  const value = [`Restconform value ${token}`];
  // Sent as the route declares it: a list, or (BuddyPress) one string.
  const declared = write.args.value;
  const sent = declared !== undefined && !schemaTypes(declared).includes('array') ? value[0] : value;

  const written = await script.send(write, { path, body: { value: sent } });
  script.expectStatus(statefulSequence, write, written, 'success', `write member ${member.id}'s data for field ${field.id}`);
  const readBack = await script.send(read, { path });
  script.expectStatus(statefulSequence, read, readBack, 'success', 'read the data back');
  script.judgeOrStop(statefulSequence, read, { step: 'field data read', written: value, read: readBack.field('value'), deleted: false });
  const deleted = await script.send(remove, { path });
  script.expectStatus(statefulSequence, remove, deleted, 'success', 'delete the data');
  const after = await script.send(read, { path });
  // Gone: no data is left to read.
  if (after.status === 404) return;
  script.expectStatus(statefulSequence, read, after, 'success', 'read the data after the delete');
  script.judgeOrStop(statefulSequence, read, { step: 'field data read', written: value, read: after.field('value'), deleted: true });
}

/**
 * Whether the members list narrowed to the member (by `include`) shows it at all. A product that leaves members out
 * of its lists by a rule of its own (BuddyPress: no "last activity" yet) leaves them out of the following list too,
 * which then says nothing of the follow: a note, not a failure.
 */
async function listsMember(script: StepScript, list: Operation, id: string): Promise<boolean> {
  const answer = await script.send(list, { query: { include: [Number(id)] } });
  script.expectStatus(statefulSequence, list, answer, 'success', `list member ${id} by include`);
  if (itemsWith(answer, 'id', id).length > 0) return true;
  const note = `member ${id} is not in the members list narrowed to it: the list leaves it out by a rule of its own, so the following list is not judged`;
  script.ctx.execution.note(list, `${script.phase}: ${note}`);
  script.record('following listed', 'skipped', note);
  return false;
}

/** follow a member → in the caller's following list → unfollow → gone from it. */
export async function followAndUnfollow(script: StepScript, env: FamilyEnv, token: string): Promise<void> {
  const { book } = env;
  const action = book.firstOperation(RELATION_ROUTES.followAction, WRITE_METHODS)!;
  const list = book.operation(RELATION_ROUTES.members, 'GET');
  // The following list is only checked where the list declares a `following` scope.
  const scoped = list !== undefined && Array.isArray(list.args.scope?.enum) && list.args.scope.enum.includes('following') ? list : undefined;
  const member = await createResource(script, env, requiredFamily(env, RELATION_ROUTES.members), token);
  const query = { scope: 'following', include: [Number(member.id)] };

  const followed = await script.send(action, { path: { id: member.id }, body: { action: 'follow' } });
  script.expectStatus(statefulSequence, action, followed, 'success', `follow member ${member.id}`);
  if (scoped !== undefined) {
    const following = await script.send(scoped, { query });
    script.expectStatus(statefulSequence, scoped, following, 'success', 'list the members followed');
    // Missing, it is judged only where the members list shows the member at all.
    if (itemsWith(following, 'id', member.id).length > 0 || (await listsMember(script, scoped, member.id)))
      script.judgeOrStop(statefulSequence, scoped, { step: 'following listed', member: member.id, following: true, list: following.json });
  }
  const unfollowed = await script.send(action, { path: { id: member.id }, body: { action: 'unfollow' } });
  script.expectStatus(statefulSequence, action, unfollowed, 'success', `unfollow member ${member.id}`);
  if (scoped !== undefined) {
    const following = await script.send(scoped, { query });
    script.expectStatus(statefulSequence, scoped, following, 'success', 'list the members followed after the unfollow');
    script.judgeOrStop(statefulSequence, scoped, { step: 'following listed', member: member.id, following: false, list: following.json });
  }
}

/** An optional active component switched off (the list shows it inactive), then on again (shown active). */
export async function componentsSwitched(script: StepScript, env: FamilyEnv): Promise<void> {
  const { book } = env;
  const list = book.operation(RELATION_ROUTES.components, 'GET')!;
  if (script.ctx.execution.ownedWritesOnly)
    script.stop(list, 'components belong to the server, not the run: switched only on the bundled server or with --allow-destructive');
  const change = book.firstOperation(RELATION_ROUTES.components, WRITE_METHODS)!;
  const optional = await script.send(list, { query: { type: 'optional', status: 'active', per_page: 100 } });
  script.expectStatus(statefulSequence, list, optional, 'success', 'list the optional active components');
  const component = componentsIn(optional.json).find((candidate) => candidate.active);
  if (component === undefined) script.stop(list, 'no optional component is active, so none can be switched off and back');
  const { name } = component;
  const shows = async (active: boolean, when: string): Promise<void> => {
    const answer = await script.send(list, { query: { status: active ? 'active' : 'inactive', per_page: 100 } });
    script.expectStatus(statefulSequence, list, answer, 'success', `list the ${active ? 'active' : 'inactive'} components ${when}`);
    script.judgeOrStop(statefulSequence, list, { step: 'components listed', name, active, when, list: answer.json });
  };
  const off = await script.send(change, { body: { name, action: 'deactivate' } });
  script.expectStatus(statefulSequence, change, off, 'success', `deactivate component ${name}`);
  const restore = script.cleanup(change, { body: { name, action: 'activate' } });
  await shows(false, 'after its deactivation');
  const on = await script.send(change, { body: { name, action: 'activate' } });
  script.expectStatus(statefulSequence, change, on, 'success', `activate component ${name} again`);
  restore();
  await shows(true, 'after its activation');
  script.record(`component ${name} switched off and back`, 'ok');
}
