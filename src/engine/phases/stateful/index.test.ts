import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '@restconform/server';
import type { Finding } from '../../../checks/types.js';
import { basicAuthorization } from '../../../request/index.js';
import type { RunEvent, SequenceReport } from '../../events.js';
import { RELATION_SCRIPTS, statefulPhase } from './index.js';
import { actsAs, deleteKeepsMember, rewriteAnswers } from '../../testing/faults.js';
import { startFaultyServer, type Fault, type FaultyServer } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, findingLines, runPhase } from '../../testing/phase-run.js';

const LOCALES = ['en_gb', 'el'];

/** The findings that fail a run (a broken server may draw warnings beside the failure a test is about). */
function failures(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => finding.severity === 'failure');
}

function sequences(events: readonly RunEvent[]): SequenceReport[] {
  return events.flatMap((event) => (event.type === 'sequence' ? [event.sequence] : []));
}

describe('phase stateful', () => {
  let reference: ReferenceServer;
  let broken: FaultyServer;

  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, seed: 3 });
    broken = await startFaultyServer({ seed: 3, faults: [deleteKeepsMember()] });
  });
  afterAll(async () => {
    await Promise.all([reference.close(), broken.close()]);
  });

  it('passes on the reference server in both locales, running the life cycle of every family the model finds, and leaving no trace', async () => {
    const membersBefore = reference.store.members.size;
    const result = await runPhase(statefulPhase, { url: reference.url, locales: LOCALES, credentials: reference.credentials.admin });
    expect(result.skipped).toBeUndefined();
    expect(findingLines(result.findings)).toEqual([]);
    expect(result.events.filter((event) => event.type === 'warning')).toEqual([]);
    expect(result.notes).toEqual([]);
    expect(reference.store.members.size).toBe(membersBefore);
    const ran = sequences(result.events).filter((sequence) => sequence.locale === 'el' && sequence.outcome !== 'skipped');
    // The security probe (activating a signup, anonymous first) before every other sequence.
    expect(ran.map((sequence) => [sequence.name, sequence.outcome])).toEqual([
      ['signup activation', 'passed'],
      ['community/v1 members life cycle', 'passed'],
      ['community/v1 moderation life cycle', 'passed'],
      ['community/v1 moderation/report life cycle', 'passed'],
      ['community/v1 signup life cycle', 'passed'],
      ['community/v1 profile/groups life cycle', 'passed'],
      ['community/v1 profile/fields life cycle', 'passed'],
      ...RELATION_SCRIPTS.filter((relation) => relation.security !== true).map((relation) => [relation.name, 'passed']),
    ]);
    // Every writable field of a profile field was written and read back, and each free-text one emptied.
    const fields = ran.find((sequence) => sequence.name === 'community/v1 profile/fields life cycle')!;
    const updates = fields.steps.filter((step) => step.step.startsWith('update ') && step.outcome === 'ok').map((step) => step.step);
    expect(updates.filter((step) => !step.endsWith(' to ""'))).toEqual(
      [
        'name',
        'alternate_name',
        'description',
        'is_required',
        'field_order',
        'option_order',
        'order_by',
        'is_default_option',
        'default_visibility',
        'allow_custom_visibility',
        'do_autolink',
      ].map((field) => `update ${field}`),
    );
    expect(updates.filter((step) => step.endsWith(' to ""'))).toEqual(['name', 'alternate_name', 'description'].map((field) => `update ${field} to ""`));
    expect(RELATION_SCRIPTS.map((sequence) => sequence.name)).toEqual([
      'signup activation',
      'block and unblock',
      'profile field data',
      'follow and unfollow',
      'components switched and back',
    ]);
  });

  it('has every ordinary account refused an update and a delete of what the administrator made, on the reference server', async () => {
    const fresh = await startReferenceServer({ port: 0, seed: 3 });
    const result = await runPhase(statefulPhase, asAdministratorWithSeededAccounts(fresh)).finally(() => fresh.close());
    expect(findingLines(result.findings)).toEqual([]);
    const refused = sequences(result.events).filter((sequence) =>
      sequence.steps.some((step) => step.step === 'update and delete by member, member2 refused' && step.outcome === 'ok'),
    );
    expect(refused.map((sequence) => sequence.name)).toEqual(
      expect.arrayContaining([
        'community/v1 members life cycle',
        'community/v1 profile/groups life cycle',
        'community/v1 profile/fields life cycle',
        'community/v1 signup life cycle',
      ]),
    );
  });

  it('fires access_other_resource when a member can change and delete a profile group the administrator made', async () => {
    const fresh = await startReferenceServer({ port: 0, seed: 3 });
    // The member's requests to profile group items go through as the administrator's.
    const memberAsAdministrator = await startFaultyServer({
      seed: 3,
      faults: [actsAs(/^\/community\/v1\/profile\/groups\/\d+$/, basicAuthorization(fresh.credentials.member), basicAuthorization(fresh.credentials.admin))],
    });
    await fresh.close();
    try {
      const result = await runPhase(statefulPhase, asAdministratorWithSeededAccounts(memberAsAdministrator));
      const found = result.findings.filter((finding) => finding.check === 'access_other_resource');
      expect(found.map((finding) => [finding.severity, finding.method, finding.route])).toEqual([
        ['failure', 'PATCH', String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`],
        ['failure', 'DELETE', String.raw`/community/v1/profile/groups/(?P<id>[\d]+)`],
      ]);
      expect(found[1]!.message).toMatch(/member \(member\) deleted the community\/v1 profile\/groups \d+ that admin made: 200/);
      // The reproduction is the whole sequence, the member's step with the member's password variable.
      expect(found[1]!.curl.at(-1)).toContain('-X DELETE');
      expect(found[1]!.curl.at(-1)).not.toContain('RESTCONFORM_APP_PASSWORD');
    } finally {
      await memberAsAdministrator.close();
    }
  });

  it('fires access_other_resource when a member reads another member with context=edit and gets its edit fields', async () => {
    const fresh = await startReferenceServer({ port: 0, seed: 3 });
    const member = basicAuthorization(fresh.credentials.member);
    const admin = basicAuthorization(fresh.credentials.admin);
    // The member's edit-context reads of members are answered as the administrator's.
    const editForAnyone: Fault = (request, forward) =>
      forward(
        request.method === 'GET' && request.headers.authorization === member && /\/community\/v1\/members\/\d+\?(.*&)?context=edit/.test(request.path)
          ? { ...request, headers: { ...request.headers, authorization: admin } }
          : request,
      );
    const server = await startFaultyServer({ seed: 3, faults: [editForAnyone] });
    await fresh.close();
    try {
      const result = await runPhase(statefulPhase, asAdministratorWithSeededAccounts(server));
      const found = result.findings.filter((finding) => finding.check === 'access_other_resource');
      expect(found.map((finding) => [finding.severity, finding.method, finding.route])).toEqual([
        ['failure', 'GET', String.raw`/community/v1/members/(?P<id>[\d]+)`],
      ]);
      expect(found[0]!.message).toMatch(
        /member \(member\) read the community\/v1 members \d+ it may not edit with context=edit and got fields view does not show: .*email/,
      );
    } finally {
      await server.close();
    }
  });

  it('fires use_after_delete for a delete that answers 200 but keeps the member, with the whole sequence as reproduction', async () => {
    const result = await runPhase(statefulPhase, { url: broken.url, locales: LOCALES, credentials: broken.credentials.admin });
    const found = failures(result.findings);
    expect(found.map((finding) => [finding.check, finding.severity, finding.locale, finding.method, finding.route])).toEqual([
      ['use_after_delete', 'failure', 'en_gb', 'GET', String.raw`/community/v1/members/(?P<id>[\d]+)`],
      ['use_after_delete', 'failure', 'el', 'GET', String.raw`/community/v1/members/(?P<id>[\d]+)`],
    ]);
    for (const finding of found) {
      expect(finding.message).toMatch(
        /^community\/v1 members life cycle \((en_gb|el)\): reading the community\/v1 members after the delete answered 200; expected 404$/,
      );
      // list, list searched by the token, create, …, delete, read again
      expect(finding.curl[2]).toMatch(/^curl -sS -X POST '[^']*\/community\/v1\/members' /);
      expect(finding.curl.at(-2)).toMatch(/^curl -sS -X DELETE '[^']*\/community\/v1\/members\/\d+'/);
      expect(finding.curl.at(-1)).toMatch(/^curl -sS '[^']*\/community\/v1\/members\/\d+'/);
      expect(finding.curl.join('\n')).not.toContain(broken.credentials.admin.password);
      expect(finding.response?.status).toBe(200);
    }
  });

  it('is skipped when only safe methods may be sent', async () => {
    const result = await runPhase(statefulPhase, { url: reference.url, locales: LOCALES, safeMethodsOnly: true });
    expect(result.skipped).toMatch(/only GET, HEAD and OPTIONS/);
  });

  it('stops a sequence quietly, with a note, when the credentials lack the right', async () => {
    const result = await runPhase(statefulPhase, { url: reference.url, locales: ['en_gb'], credentials: reference.credentials.member });
    expect(findingLines(failures(result.findings))).toEqual([]);
    expect(result.notes).toContain(
      'en_gb POST /community/v1/members: stateful: community/v1 members life cycle (en_gb) not completed: create a community/v1 members answered 403: the credentials lack the right',
    );
  });

  describe('on servers that break one rule each', () => {
    const notFound = {
      status: 404,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ code: 'bp_rest_invalid_id', message: 'Invalid field group ID.', data: { status: 404 } }),
    };
    let localeBound: FaultyServer;
    let frozenTotal: FaultyServer;
    let repeatActivation: FaultyServer;

    beforeAll(async () => {
      localeBound = await startFaultyServer({ seed: 3, faults: [rewriteAnswers('GET', /^\/community\/v1\/profile\/groups\/\d+$/, () => notFound, 'el')] });
      frozenTotal = await startFaultyServer({
        seed: 3,
        faults: [rewriteAnswers('GET', /^\/community\/v1\/signup$/, (answer) => ({ ...answer, headers: { ...answer.headers, 'x-wp-total': '5' } }))],
      });
      repeatActivation = await startFaultyServer({
        seed: 3,
        faults: [
          rewriteAnswers('POST', /^\/community\/v1\/signup\/activate\//, (answer) =>
            answer.status === 400 ? { ...answer, status: 200, body: '{"active":true}' } : answer,
          ),
        ],
      });
    });
    afterAll(async () => {
      await Promise.all([localeBound.close(), frozenTotal.close(), repeatActivation.close()]);
    });

    it('fires cross_locale_visibility for a group that only the locale it was created through can read', async () => {
      const result = await runPhase(statefulPhase, { url: localeBound.url, locales: LOCALES, credentials: localeBound.credentials.admin });
      const crossed = result.findings.filter((finding) => finding.check === 'cross_locale_visibility');
      expect(findingLines(crossed)).toEqual([
        String.raw`cross_locale_visibility failure el GET /community/v1/profile/groups/(?P<id>[\d]+): community/v1 profile/groups life cycle (en_gb): read the community/v1 profile/groups created through en_gb through el: expected a 2xx answer, got 404 bp_rest_invalid_id`,
      ]);
      // list, list searched by the token, create, read, read through el
      expect(crossed[0]!.curl).toHaveLength(5);
      expect(crossed[0]!.curl[4]).toContain('/el/wp-json/community/v1/profile/groups/');
    });

    it('fires list_total when X-WP-Total does not grow with a create', async () => {
      const result = await runPhase(statefulPhase, { url: frozenTotal.url, locales: ['en_gb'], credentials: frozenTotal.credentials.admin });
      expect(findingLines(failures(result.findings))).toEqual([
        // The id is new: no list counted it before its create.
        'list_total failure en_gb GET /community/v1/signup: community/v1 signup life cycle (en_gb): X-WP-Total went from 0 to 5 after one create (the list narrowed by include)',
      ]);
      // list, create, read, list narrowed by include
      expect(failures(result.findings)[0]!.curl).toHaveLength(4);
    });

    it('fires stateful_sequence when a signup can be activated twice', async () => {
      const result = await runPhase(statefulPhase, { url: repeatActivation.url, locales: ['en_gb'], credentials: repeatActivation.credentials.admin });
      expect(findingLines(failures(result.findings))).toEqual([
        String.raw`stateful_sequence failure en_gb POST /community/v1/signup/activate/(?P<id>[\w-]+): signup activation (en_gb): activating the same signup again as admin (administrator) answered 200; expected a refusal`,
      ]);
      // signup, activated anonymously (the least privileged first), activated again by the administrator
      expect(failures(result.findings)[0]!.curl).toHaveLength(3);
    });
  });
});
