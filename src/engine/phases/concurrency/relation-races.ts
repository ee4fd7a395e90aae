/**
 * The races on relations between resources: the same relation write sent N times together. A signup activated N
 * times makes one member; a member followed N times is in the following list once; a member's data for a
 * profile field written N times holds one value.
 */
import type { HttpMethod } from '../../../descriptor/types.js';
import { concurrentRelation } from '../../../checks/concurrency/concurrent-relation.js';
import { statefulSequence } from '../../../checks/stateful/stateful-sequence.js';
import { idText, isSuccess, itemsWith } from '../../../checks/stateful/step-answer.js';
import { createResource, familyOperations, type FamilyEnv } from '../../steps/resources.js';
import { familyAt, RELATION_ROUTES } from '../../steps/relations.js';
import type { StepScript } from '../../steps/step-script.js';
import { judgeRace, raceAnswer, sendRace } from './race.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** A relation race: the routes it needs (beyond its families') and the families it creates. */
export interface RelationRaceKind {
  name: string;
  needs: Array<{ route: string; methods: readonly HttpMethod[] }>;
  families: string[];
  run(script: StepScript, env: FamilyEnv, token: string, width: number): Promise<void>;
}

function family(env: FamilyEnv, collection: string) {
  const found = familyAt(env, collection);
  if (found === undefined) throw new Error(`no family at ${collection}; the caller checks the routes first`);
  return found;
}

/** A signup activated N times together: one activation, one member. */
async function activationRace(script: StepScript, env: FamilyEnv, token: string, width: number): Promise<void> {
  const { book } = env;
  const members = familyOperations(book, family(env, RELATION_ROUTES.members))!;
  const activate = book.firstOperation(RELATION_ROUTES.signupActivation, WRITE_METHODS)!;
  const list = book.operation(RELATION_ROUTES.members, 'GET')!;
  const signup = await createResource(script, env, family(env, RELATION_ROUTES.signups), token);
  const key = idText(signup.answer.field('activation_key')) ?? signup.id;
  const login = signup.answer.field('user_login');
  const answers = await sendRace(
    script,
    activate,
    Array.from({ length: width }, () => ({ path: { id: key } })),
  );
  const found = typeof login === 'string' ? await script.send(list, { query: { search: login } }) : undefined;
  // The members are counted only where the list could be read (its own failure is judged on its answer).
  if (found !== undefined && !isSuccess(found)) script.stop(list, 'the member list could not be read to count the members the activations made');
  const made = found === undefined ? [] : itemsWith(found, 'user_login', String(login));
  const ids = new Set([
    ...answers.map((answer) => (isSuccess(answer) ? idText(answer.field('user_id')) : undefined)),
    ...made.map((item) => idText((item as Record<string, unknown>).id)),
  ]);
  for (const id of ids) if (id !== undefined) script.cleanup(members.remove, { path: { [members.read.pattern.variables.at(-1)!.name]: id } });
  const evidence = {
    what: `activate signup ${signup.id}`,
    answers: answers.map((answer) => raceAnswer(answer)),
    kind: 'single' as const,
    left: made.length,
    counted: `members hold the signup's login`,
  };
  judgeRace(script, concurrentRelation, activate, evidence, `${width} activations of one signup`);
}

/** A member followed N times together: in the following list once. */
async function followRace(script: StepScript, env: FamilyEnv, token: string, width: number): Promise<void> {
  const { book } = env;
  const action = book.firstOperation(RELATION_ROUTES.followAction, WRITE_METHODS)!;
  const list = book.operation(RELATION_ROUTES.members, 'GET')!;
  if (!(Array.isArray(list.args.scope?.enum) && list.args.scope.enum.includes('following')))
    script.stop(list, 'the member list has no following scope to count the follows in');
  const member = await createResource(script, env, family(env, RELATION_ROUTES.members), token);
  script.cleanup(action, { path: { id: member.id }, body: { action: 'unfollow' } });
  const answers = await sendRace(
    script,
    action,
    Array.from({ length: width }, () => ({ path: { id: member.id }, body: { action: 'follow' } })),
  );
  const following = await script.send(list, { query: { scope: 'following', include: [Number(member.id)] } });
  script.expectStatus(statefulSequence, list, following, 'success', 'list the members followed');
  const evidence = {
    what: `follow member ${member.id}`,
    answers: answers.map((answer) => raceAnswer(answer)),
    kind: 'repeatable' as const,
    left: itemsWith(following, 'id', member.id).length,
    counted: 'entries of the member in the following list',
  };
  judgeRace(script, concurrentRelation, action, evidence, `${width} follows of one member`);
}

/** A member's data for a profile field written N times together, each another value: one value is left. */
async function fieldDataRace(script: StepScript, env: FamilyEnv, token: string, width: number): Promise<void> {
  const { book } = env;
  const write = book.firstOperation(RELATION_ROUTES.fieldData, WRITE_METHODS)!;
  const read = book.operation(RELATION_ROUTES.fieldData, 'GET')!;
  const remove = book.operation(RELATION_ROUTES.fieldData, 'DELETE')!;
  const field = await createResource(script, env, family(env, RELATION_ROUTES.profileFields), token);
  const member = await createResource(script, env, family(env, RELATION_ROUTES.members), `${token}m`);
  const path = { field_id: field.id, user_id: member.id };
  script.cleanup(remove, { path });
  const values = Array.from({ length: width }, (_, index) => `Restconform value ${token}v${index.toString(36)}`);
  const answers = await sendRace(
    script,
    write,
    values.map((value) => ({ path, body: { value: [value] } })),
  );
  const after = await script.send(read, { path });
  script.expectStatus(statefulSequence, read, after, 'success', 'read the data after the writes');
  const shown = JSON.stringify(after.field('value') ?? null);
  const evidence = {
    what: `write member ${member.id}'s data for field ${field.id}`,
    answers: answers.map((answer) => raceAnswer(answer)),
    kind: 'repeatable' as const,
    left: values.filter((value) => shown.includes(value)).length,
    counted: 'of the values written are held',
  };
  judgeRace(script, concurrentRelation, write, evidence, `${width} writes of one field's data`);
}

export const RELATION_RACES: readonly RelationRaceKind[] = [
  {
    name: 'activate a signup',
    needs: [{ route: RELATION_ROUTES.signupActivation, methods: WRITE_METHODS }],
    families: [RELATION_ROUTES.signups, RELATION_ROUTES.members],
    run: activationRace,
  },
  {
    name: 'follow a member',
    needs: [
      { route: RELATION_ROUTES.followAction, methods: WRITE_METHODS },
      { route: RELATION_ROUTES.members, methods: ['GET'] },
    ],
    families: [RELATION_ROUTES.members],
    run: followRace,
  },
  {
    name: "write a profile field's data",
    needs: [
      { route: RELATION_ROUTES.fieldData, methods: WRITE_METHODS },
      { route: RELATION_ROUTES.fieldData, methods: ['GET'] },
      { route: RELATION_ROUTES.fieldData, methods: ['DELETE'] },
    ],
    families: [RELATION_ROUTES.profileFields, RELATION_ROUTES.members],
    run: fieldDataRace,
  },
];
