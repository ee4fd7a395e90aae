/**
 * The life cycles on a server with BuddyPress's shapes (`engine/testing/buddypress-shapes.ts`): they are read as WordPress's
 * conventions mean them, not failed, and what the run made is gone afterwards.
 */
import { describe, expect, it } from 'vitest';
import { statefulPhase } from './index.js';
import {
  activationKeyHidden,
  activationKeyVariable,
  createAnsweredWithoutId,
  descriptionRenderedOnly,
  fieldDataUnserialized,
  groupUpdateRequires,
  listDefaultNarrows,
  memberDeleteNeedsReassign,
  memberTypeValidated,
  newMembersListedOnlyByInclude,
  newMembersUnlisted,
  newMembersUnsearched,
  postTypeRoutes,
  signupRequiresProfileField,
  singleItemsAsArrays,
} from '../../testing/buddypress-shapes.js';
import { basicAuthorization } from '../../../request/index.js';
import { actsAs, listTotalCached, noTotalsOnEmptyLists, requiresUndeclared, writtenFieldLost } from '../../testing/faults.js';
import { startFaultyServer, type FaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, findingLines, phaseAgainstFaults, runPhase } from '../../testing/phase-run.js';

const runWith = phaseAgainstFaults(statefulPhase);

function sequencesOf(events: Awaited<ReturnType<typeof runWith>>['events']) {
  return events.flatMap((event) => (event.type === 'sequence' ? [event.sequence] : []));
}

describe('the stateful phase on BuddyPress-shaped answers', () => {
  it('reads a single item answered as a one-element array, and WordPress renderings of what was written', async () => {
    const { findings, events } = await runWith([singleItemsAsArrays(), fieldDataUnserialized(), descriptionRenderedOnly()]);
    expect(findingLines(findings)).toEqual([]);
    const outcomes = Object.fromEntries(sequencesOf(events).map((sequence) => [sequence.name, sequence.outcome]));
    expect(outcomes).toMatchObject({
      'community/v1 members life cycle': 'passed',
      'community/v1 profile/groups life cycle': 'passed',
      'community/v1 signup life cycle': 'passed',
      'profile field data': 'passed',
    });
  });

  it('gives a member delete the reassign it requires, so the members a run makes are deleted', async () => {
    const { findings, events } = await runWith(memberDeleteNeedsReassign());
    expect(findingLines(findings)).toEqual([]);
    const sequences = sequencesOf(events);
    expect(sequences.find((sequence) => sequence.name === 'community/v1 members life cycle')?.outcome).toBe('passed');
    expect(sequences.flatMap((sequence) => sequence.leftovers)).toEqual([]);
  });

  it('runs a signup through its whole life on BuddyPress shapes: an undeclared field, an array answer, an activation_key variable', async () => {
    const { findings, events } = await runWith([
      requiresUndeclared('POST', /^\/community\/v1\/signup$/, 'field_1'),
      singleItemsAsArrays(),
      activationKeyVariable(),
    ]);
    expect(findingLines(findings).map((line) => line.replace(/:.*/, ''))).toEqual(['undeclared_required_argument failure en_gb POST /community/v1/signup']);
    const activation = sequencesOf(events).find((sequence) => sequence.name === 'signup activation');
    expect(activation?.outcome).toBe('passed');
    // The least privileged first: a visitor activates, the administrator's attempt after it is refused. The first
    // sequence of the phase, it is the one that learns the undeclared argument.
    expect(activation?.steps.map((step) => step.step)).toEqual([
      'learnt field_1',
      'create community/v1 signup',
      'activated by anonymous (anonymous)',
      'activation again by admin (administrator)',
    ]);
    expect(activation?.leftovers).toEqual([]);
  });

  it('tries, when no answer shows the activation key, whether the signup id activates it', async () => {
    const { findings, events } = await runWith([activationKeyVariable(), activationKeyHidden()]);
    // The reference server activates by id too: with the key hidden, anyone who knows a signup id activates it.
    expect(findingLines(findings)).toContain(
      String.raw`stateful_sequence failure en_gb POST /community/v1/signup/activate/(?P<activation_key>[\w-]+): signup activation (en_gb): activate the signup by its id instead of its activation_key as anonymous (anonymous): expected a 4xx refusal, got 200`,
    );
    const activation = sequencesOf(events).find((sequence) => sequence.name === 'signup activation');
    expect(activation?.outcome).toBe('failed');
    // The member the wrong activation made is deleted with the signup.
    expect(activation?.leftovers).toEqual([]);
  });

  it('notes a new member its list leaves out and does not count (no last activity yet), instead of failing it', async () => {
    const { findings, events, notes } = await runWith([newMembersUnlisted()]);
    expect(findingLines(findings)).toEqual([]);
    const members = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 members life cycle');
    expect(members?.outcome).toBe('passed');
    expect(members?.steps.filter((step) => step.step.startsWith('list')).map((step) => `${step.step}: ${step.outcome}`)).toEqual([
      'listed: skipped',
      'list total back: skipped',
    ]);
    // The follow relation's following list leaves it out as well: it says nothing of the follow.
    const follow = sequencesOf(events).find((sequence) => sequence.name === 'follow and unfollow');
    expect(follow?.outcome).toBe('passed');
    expect(follow?.steps.find((step) => step.step === 'following listed')?.outcome).toBe('skipped');
    expect(notes.filter((note) => note.includes('by a rule of its own')).map((note) => note.replace(/([ (])\d+/g, '$1N'))).toEqual([
      'en_gb GET /community/v1/members: stateful: the new community/v1 members N is not in its list (narrowed by include) and its X-WP-Total (N) did not count it: the list leaves it out by a rule of its own',
      'en_gb GET /community/v1/members: stateful: member N is not in the members list narrowed to it: the list leaves it out by a rule of its own, so the following list is not judged',
    ]);
  });

  it("does not read a profile field's own type as a parent (wp/v2 types) nor narrow its list by member_type", async () => {
    const { findings, events } = await runWith([postTypeRoutes(), memberTypeValidated()]);
    expect(findingLines(findings)).toEqual([]);
    const fields = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 profile/fields life cycle');
    expect(fields?.outcome).toBe('passed');
    expect(fields?.steps.find((step) => step.step === 'listed')?.outcome).toBe('ok');
  });

  it('sends the fields an update requires with every update, so each field is written and read back', async () => {
    const { findings, events } = await runWith(groupUpdateRequires('name'));
    expect(findingLines(findings)).toEqual([]);
    const groups = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 profile/groups life cycle');
    expect(groups?.outcome).toBe('passed');
    const updates = groups?.steps.filter((step) => /^update \w+$/.test(step.step)).map((step) => `${step.step}: ${step.outcome}`);
    expect(updates).toEqual(['update name: ok', 'update description: ok', 'update group_order: ok', 'update repeater_enabled: ok']);
    // Each free-text field emptied with the required name beside it: answered for what it writes, not its form.
    const emptied = groups?.steps.filter((step) => step.step.endsWith('to ""')).map((step) => `${step.step}: ${step.detail?.replace(/ .*/, '')}`);
    expect(emptied).toEqual(['update name to "": 400', 'update description to "": 200']);
  });

  it('finds an update that is not kept behind the field the update requires', async () => {
    const { findings } = await runWith([...groupUpdateRequires('name'), writtenFieldLost('PATCH', /^\/community\/v1\/profile\/groups\/\d+$/, 'description')]);
    expect(findingLines(findings).map((line) => line.replace(/:.*/, ''))).toContain(
      'update_persisted failure en_gb GET /community/v1/profile/groups/(?P<id>[\\d]+)',
    );
  });

  it("has a member's update of another account's group carry the fields the update requires, so it meets the permission check", async () => {
    // The member's requests to profile group items go through as the administrator's; the update requires description.
    const server: FaultyServer = await startFaultyServer({
      seed: 5,
      faults: [
        ...groupUpdateRequires('description'),
        (request, forward) => {
          const { admin, member } = server.credentials;
          return actsAs(/^\/community\/v1\/profile\/groups\/\d+$/, basicAuthorization(member), basicAuthorization(admin))(request, forward);
        },
      ],
    });
    try {
      const result = await runPhase(statefulPhase, asAdministratorWithSeededAccounts(server));
      const found = result.findings.filter((finding) => finding.check === 'access_other_resource');
      expect(found.map((finding) => `${finding.method} ${finding.route}`)).toEqual([
        String.raw`PATCH /community/v1/profile/groups/(?P<id>[\d]+)`,
        String.raw`DELETE /community/v1/profile/groups/(?P<id>[\d]+)`,
      ]);
    } finally {
      await server.close();
    }
  });

  it("finds a new item its create answers without a top-level id: inside the answer where the route's shape puts it, else in its list", async () => {
    for (const inside of [true, false]) {
      const { findings, events, notes } = await runWith([createAnsweredWithoutId(/^\/community\/v1\/profile\/groups$/, 'groups', inside)]);
      // Without a Location either (a warning of its own), the id is read from where the item is.
      expect(findingLines(findings).map((line) => line.replace(/:.*/, ''))).toEqual(['create_location warning en_gb POST /community/v1/profile/groups']);
      const groups = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 profile/groups life cycle');
      expect(groups?.outcome).toBe('passed');
      expect(groups?.leftovers).toEqual([]);
      const where = inside ? 'found inside the answer, where its shape puts it' : 'found in its list narrowed to the values the run wrote';
      expect(notes).toContain(
        `en_gb POST /community/v1/profile/groups: stateful: a community/v1 profile/groups create answered no top-level id; the new item was ${where}`,
      );
    }
  });

  it('notes a new member its lists and searches leave out while include names it, though no total is readable, and learns the rule then', async () => {
    // As BuddyPress answers an empty list: no X-WP-Total, so the search's total cannot say it did not count the member.
    const { findings, events, notes } = await runWith([newMembersListedOnlyByInclude(), noTotalsOnEmptyLists(/^\/community\/v1\/members$/)]);
    expect(findingLines(findings)).toEqual([]);
    const members = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 members life cycle');
    expect(members?.outcome).toBe('passed');
    expect(members?.steps.find((step) => step.step === 'listed')?.outcome).toBe('ok');
    expect(members?.steps.find((step) => step.step === 'found by search')?.outcome).toBe('skipped');
    expect(notes.filter((note) => note.includes('not found by search')).map((note) => note.replace(/([ (=])[\w]*\d+\w*/g, '$1N'))).toEqual([
      'en_gb GET /community/v1/members: stateful: the new community/v1 members N is not found by search=N nor is it in its list without include (N page(s) walked), which include finds it in: its lists and searches leave it out by a rule of their own',
    ]);
  });

  it('fails a search that misses a new member its plain list shows, even where the search did not count it', async () => {
    const { findings, events } = await runWith([newMembersUnsearched()]);
    const token = (line: string) =>
      line
        .replace(/members \d+/, 'members N')
        .replace(/"\w+"/, '"T"')
        .replace(/search=\w+/, 'search=T');
    expect(findingLines(findings).map(token)).toEqual([
      'collection_search failure en_gb GET /community/v1/members: community/v1 members life cycle (en_gb): the new community/v1 members N, created with "T" in its fields, is not found by search=T',
    ]);
    const members = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 members life cycle');
    expect(members?.steps.find((step) => step.step === 'listed')?.outcome).toBe('ok');
  });

  it("learns a required profile field from a refusal whose message is keyed by field, with a value the field's own route describes", async () => {
    // Profile field 3 of the reference server is a select box of disciplines.
    const { findings, events, notes } = await runWith([signupRequiresProfileField(3, ['Physics', 'Chemistry', 'Biology'])]);
    // A message that is no string is a departure from WordPress's error shape of its own: reported, as it is. The
    // field the descriptor does not declare is reported as a data.params refusal's is.
    expect(findingLines(findings)).toEqual([
      'undeclared_required_argument failure en_gb POST /community/v1/signup: POST /community/v1/signup needs "field_3", an argument the descriptor does not declare (400 bp_rest_register_errors keying its message by it); extra-values in the configuration can give it a value',
      'error_shape failure en_gb POST /community/v1/signup: error body: `message` is not a string',
    ]);
    const outcomes = Object.fromEntries(sequencesOf(events).map((sequence) => [sequence.name, sequence.outcome]));
    expect(outcomes).toMatchObject({ 'community/v1 signup life cycle': 'passed', 'signup activation': 'passed' });
    expect(notes).toContain(
      'en_gb POST /community/v1/signup: stateful: learnt the undeclared argument(s) field_3 from a refusal; later requests give them a value',
    );
  });

  it("reads a list whose declared default leaves the new item out (a component the site did not register) with the item's own value", async () => {
    const { findings, events, notes } = await runWith(listDefaultNarrows('xprofile', 'activity'));
    expect(findingLines(findings)).toEqual([]);
    const groups = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 profile/groups life cycle');
    expect(groups?.outcome).toBe('passed');
    expect(groups?.steps.filter((step) => /^(listed|list total|found by search)/.test(step.step)).map((step) => `${step.step}: ${step.outcome}`)).toEqual([
      'listed: ok',
      'found by search: ok',
      'list total back: ok',
    ]);
    expect(notes.filter((note) => note.includes('profile/groups') && note.includes('rule of its own'))).toEqual([]);
    // Read so, its total is judged: one that does not move with the create is found.
    const cached = await runWith([...listDefaultNarrows('xprofile', 'activity'), listTotalCached(/^\/community\/v1\/profile\/groups$/)]);
    expect(findingLines(cached.findings).map((line) => line.replace(/:.*/, ''))).toContain('list_total failure en_gb GET /community/v1/profile/groups');
  });

  it("leaves the list of such an item out with a note when its list cannot be asked for the item's value", async () => {
    const { findings, events, notes } = await runWith(listDefaultNarrows('xprofile', 'activity', false));
    expect(findingLines(findings)).toEqual([]);
    const groups = sequencesOf(events).find((sequence) => sequence.name === 'community/v1 profile/groups life cycle');
    expect(groups?.outcome).toBe('passed');
    expect(groups?.steps.filter((step) => /^(listed|list total)/.test(step.step)).map((step) => `${step.step}: ${step.outcome}`)).toEqual([
      'listed: skipped',
      'list total back: skipped',
    ]);
    expect(notes.filter((note) => note.includes('profile/groups')).map((note) => note.replace(/ \d+ /g, ' N '))).toContain(
      'en_gb POST /community/v1/profile/groups: stateful: the new community/v1 profile/groups N is left out by its list\'s default component_name="xprofile", which cannot be set to its value: neither its list nor its X-WP-Total is judged',
    );
  });
});
