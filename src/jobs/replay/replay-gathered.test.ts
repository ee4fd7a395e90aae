/**
 * `restconform replay` of who may read what: a `list_exposure` finding (a members list that shows anonymous callers
 * a member its own read refuses them), written to a JSON report, is judged again as anonymous beside the
 * administrator against the same faulty server (it still fails) and against the reference server, which keeps the
 * rule (it passes); a finding on notes only the run made is judged again with notes made anew, and deleted after.
 * The same for a members search matching e-mail addresses (`query_oracle`), a hidden profile field's data
 * (`parent_exposure`) and a private member embedded by `_embed` (`embed_exposure`), and a member's write of its own
 * readonly `registered_date` (`readonly_field_write`), which cannot be judged again where the run's write stayed stored.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../checks/types.js';
import { authPhase } from '../../engine/phases/auth/index.js';
import { searchMatchesEmail } from '../../engine/phases/auth/testing/oracle-faults.js';
import { fieldToHide, hiddenField } from '../../engine/phases/auth/testing/parent-faults.js';
import { linksFriend, privateMemberLeftOut, REFUSED } from '../../engine/phases/auth/testing/embed-faults.js';
import { storesField } from '../../engine/phases/auth/testing/readonly-faults.js';
import { notesPlugin, notesState, type NotesState } from '../../engine/phases/auth/testing/notes-plugin.js';
import { hiddenMember, privateMember } from '../../engine/phases/auth/testing/visibility-faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../engine/testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../engine/testing/phase-run.js';
import { replayJob } from './replay-job.js';
import { reportOf, sink } from './testing/replay-inputs.js';
import { temporaryFolders } from '../../testing/temporary-folders.js';

const temporaryFolder = temporaryFolders();
const SEED = 3;
const servers: FaultyServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Faults given the administrator's header and the server's REST root, each known once the server has started. */
type Faults = (administrator: () => string, restUrl: (locale: string) => string) => Fault[];

async function serve(faults: Faults): Promise<FaultyServer> {
  let header = '';
  const started: { server?: FaultyServer } = {};
  const server = await startFaultyServer({
    seed: SEED,
    faults: faults(
      () => header,
      (locale) => started.server!.restUrl(locale),
    ),
  });
  started.server = server;
  const { user, password } = server.credentials.admin;
  header = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  servers.push(server);
  return server;
}

/** The `check` finding (`list_exposure` unless told) of an auth run against `server` (its routes narrowed to `only`), in a report file. */
async function exposure(server: FaultyServer, only: RegExp, check = 'list_exposure', answerSchemas = false): Promise<{ finding: Finding; reportPath: string }> {
  const { findings } = await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), only, seed: SEED, answerSchemas });
  const finding = findings.find((one) => one.check === check);
  expect(finding).toBeDefined();
  const reportPath = join(await temporaryFolder('restconform-replay-gathered-'), 'report.json');
  await writeFile(reportPath, JSON.stringify(reportOf(server.url, findings, { seed: SEED, locales: ['en_gb'] })));
  return { finding: finding!, reportPath };
}

async function replayAgainst(server: FaultyServer, finding: Finding, reportPath: string): Promise<{ code: number; text: string }> {
  const admin = server.credentials.admin;
  const out = sink();
  const env: NodeJS.ProcessEnv = { RESTCONFORM_USER: admin.user, RESTCONFORM_APP_PASSWORD: admin.password };
  // An identity with an account (a member) finds its password in the variable the finding names, as a user gives it.
  const { login, passwordEnv } = finding.replay.gathered?.identity ?? {};
  const account = Object.values(server.credentials).find((one) => one?.user === login);
  if (passwordEnv !== undefined && account !== undefined) env[passwordEnv] = account.password;
  const code = await replayJob({ reportPath, findingId: finding.id, baseUrl: server.url, appPasswordEnv: 'RESTCONFORM_APP_PASSWORD', env, out });
  return { code, text: out.text };
}

/**
 * Replays `finding` against the server behind `faults` (the finding again: exit 1) and against the reference server
 * (the rule held: exit 0); resolves to the first replay's text.
 */
async function failsAgainThenHolds(finding: Finding, reportPath: string, faults: Faults): Promise<string> {
  const again = await replayAgainst(await serve(faults), finding, reportPath);
  expect(again.text).toContain(`${finding.id} still fails ${finding.check}`);
  expect(again.code).toBe(1);
  const fixed = await replayAgainst(await serve(() => []), finding, reportPath);
  expect(fixed.text).toContain(`${finding.id} no longer fails ${finding.check}`);
  expect(fixed.code).toBe(0);
  return again.text;
}

describe('replay of who may read what', () => {
  it('records the identity by name, each request with its label, and no password', async () => {
    const id = await hiddenMember(SEED);
    const broken = await serve(() => [privateMember(id)]);
    const { finding } = await exposure(broken, /members/);
    const gathered = finding.replay.gathered!;
    expect(gathered.identity).toEqual({ name: 'anonymous', role: 'anonymous' });
    expect(gathered.steps.map((step) => step.label)).toEqual(expect.arrayContaining(['administrator-list', 'list', `read:${id}`, `administrator-read:${id}`]));
    expect(JSON.stringify(gathered)).not.toContain(broken.credentials.admin.password);
  }, 120_000);

  it('still fails against the faulty server, and passes against one that keeps the rule', async () => {
    const id = await hiddenMember(SEED);
    const broken = await serve(() => [privateMember(id)]);
    const { finding, reportPath } = await exposure(broken, /members/);

    expect(await failsAgainThenHolds(finding, reportPath, () => [privateMember(id)])).toContain(`read:${id}: curl`);
  }, 120_000);

  it('makes the items only the run made again, judges with them, and deletes them', async () => {
    const broken = await serve((administrator) => [notesPlugin({ administrator, state: notesState(), leak: 'list' })]);
    const { finding, reportPath } = await exposure(broken, /acme\/v1\/notes/);
    expect(finding.replay.gathered!.steps.filter((step) => step.part === 'set-up')).toHaveLength(3);

    const states: NotesState[] = [notesState(), notesState()];
    const again = await replayAgainst(await serve((administrator) => [notesPlugin({ administrator, state: states[0]!, leak: 'list' })]), finding, reportPath);
    expect(again.code).toBe(1);
    const fixed = await replayAgainst(await serve((administrator) => [notesPlugin({ administrator, state: states[1]! })]), finding, reportPath);
    expect(fixed.code).toBe(0);
    for (const state of states) {
      expect(state.created).toHaveLength(3);
      expect([...state.notes.keys()]).toEqual([1, 2]);
    }
  }, 120_000);
});

/** `searchMatchesEmail` with the administrator's header as the server started knows it. */
const searchesEmail = (administrator: () => string): Fault[] => [(request, forward) => searchMatchesEmail(administrator())(request, forward)];

describe('replay of a query as an oracle', () => {
  it('sends the true and the false value again as anonymous: the finding again behind the fault, none without it', async () => {
    const broken = await serve(searchesEmail);
    const { finding, reportPath } = await exposure(broken, /members/, 'query_oracle');
    const gathered = finding.replay.gathered!;
    expect(gathered.identity).toEqual({ name: 'anonymous', role: 'anonymous' });
    expect(gathered.steps.map((step) => `${step.label} ${step.as}`)).toEqual(['true identity', 'false identity']);
    expect(JSON.stringify(gathered)).not.toContain(broken.credentials.admin.password);

    expect(await failsAgainThenHolds(finding, reportPath, searchesEmail)).toMatch(/true: curl .*search=[^&']*%40/);
  }, 120_000);
});

describe('replay of an answer narrowed to a parent the identity may not read', () => {
  it("reads the hidden field and its data again beside the administrator's: the finding again behind the fault, none without it", async () => {
    const { field, member } = await fieldToHide(SEED);
    const broken = await serve(() => hiddenField(field));
    const { finding, reportPath } = await exposure(broken, /members|profile/, 'parent_exposure');
    const gathered = finding.replay.gathered!;
    expect(gathered.identity).toEqual({ name: 'anonymous', role: 'anonymous' });
    expect(gathered.steps.map((step) => `${step.label} ${step.as}`)).toEqual([
      'parent-read identity',
      'administrator-parent-read administrator',
      'narrowed identity',
      'administrator-narrowed administrator',
      'readable-narrowed identity',
    ]);
    expect(JSON.stringify(gathered)).not.toContain(broken.credentials.admin.password);

    // Without the fault the field's read answers anonymous callers: no parent is hidden from them.
    const text = await failsAgainThenHolds(finding, reportPath, () => hiddenField(field));
    expect(text).toMatch(new RegExp(`narrowed: curl .*/community/v1/profile/${field}/data/${member}`));
  }, 120_000);
});

describe('replay of an _embed', () => {
  it('asks the list with _embed and reads what it embedded again: the finding again behind the fault, none without it', async () => {
    const id = await hiddenMember(SEED);
    const member = (href: string): unknown => ({ id, name: 'Hidden member', _links: { self: [{ href }] } });
    const embedsHidden: Faults = (_administrator, restUrl) => [linksFriend(id, member, restUrl), ...privateMemberLeftOut(id)];
    const broken = await serve(embedsHidden);
    const { finding, reportPath } = await exposure(broken, /members/, 'embed_exposure');
    const gathered = finding.replay.gathered!;
    expect(gathered.identity).toEqual({ name: 'anonymous', role: 'anonymous' });
    expect(gathered.steps.map((step) => `${step.label} ${step.as}`)).toEqual(
      expect.arrayContaining([
        'list identity',
        `read:/en_gb/wp-json/community/v1/members/${id} identity`,
        `administrator-read:/en_gb/wp-json/community/v1/members/${id} administrator`,
      ]),
    );
    expect(JSON.stringify(gathered)).not.toContain(broken.credentials.admin.password);

    // The reference server links nothing for _embed to embed.
    const text = await failsAgainThenHolds(finding, reportPath, embedsHidden);
    expect(text).toMatch(/list: curl .*_embed=1/);
    // Nor does a server that embeds WordPress's error object for a member the caller may not read.
    const errorObject = await replayAgainst(
      await serve((_administrator, restUrl) => [linksFriend(id, () => REFUSED, restUrl), ...privateMemberLeftOut(id)]),
      finding,
      reportPath,
    );
    expect(errorObject.code).toBe(0);
  }, 120_000);
});

describe('replay of a write of a field the caller may not set', () => {
  const storesRegisteredDate: Faults = (administrator) => [storesField('registered_date', administrator)];

  it("sends the member's write again between the administrator's reads: the finding again behind the fault, none without it", async () => {
    const broken = await serve(storesRegisteredDate);
    const { finding, reportPath } = await exposure(broken, /members/, 'readonly_field_write', true);
    const gathered = finding.replay.gathered!;
    expect(gathered.identity).toMatchObject({ name: 'member', role: 'member', login: expect.any(String) });
    expect(gathered.steps.map((step) => `${step.label} ${step.as}`)).toEqual(['before administrator', 'write identity', 'after administrator']);
    const member = Object.values(broken.credentials).find((account) => account?.user === gathered.identity.login);
    for (const password of [broken.credentials.admin.password, member?.password]) expect(JSON.stringify(finding)).not.toContain(password);

    const text = await failsAgainThenHolds(finding, reportPath, storesRegisteredDate);
    expect(text).toContain(`write: curl -sS -X PATCH`);
    expect(text).toContain(`-u "${gathered.identity.login}:$${gathered.identity.passwordEnv}"`);
    // The run left the other route's value stored: replayed on that server, the write is judged again, and stays stored.
    expect((await replayAgainst(broken, finding, reportPath)).code).toBe(1);
    // Now the read before already shows the value sent: no verdict, and why.
    await expect(replayAgainst(broken, finding, reportPath)).rejects.toThrow(/cannot be judged again: registered_date already holds "2001-02-03T04:05:06"/);
  }, 120_000);
});
