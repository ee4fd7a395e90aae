/** The stateful sequences' other steps, each broken by one fault, and the routes they find by meaning. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../checks/types.js';
import { statefulPhase } from './index.js';
import {
  answerInstead,
  dropRoute,
  editDescriptor,
  listTotalCached,
  ok,
  rewriteAnswers,
  serverError,
  writesIgnored,
  writtenFieldLost,
} from '../../testing/faults.js';
import type { Fault } from '../../testing/faulty-server.js';
import { findingLines, phaseAgainstFaults } from '../../testing/phase-run.js';
import { newMembersUnlisted } from '../../testing/buddypress-shapes.js';

const MEMBER = String.raw`/community/v1/members/(?P<id>[\d]+)`;

const runWith = phaseAgainstFaults(statefulPhase);

/** Findings but the create_location warnings the reference server's 200-answered creates (signup, report) draw. */
function failures(findings: readonly Finding[]): Finding[] {
  return findings.filter((finding) => finding.severity === 'failure');
}

describe('phase stateful on a server that breaks one step', () => {
  it.each<[string, Fault, RegExp, number]>([
    [
      'a block that can be repeated',
      rewriteAnswers('POST', /^\/community\/v1\/moderation$/, (answer) => (answer.status === 400 ? { ...answer, status: 201 } : answer)),
      /^stateful_sequence failure en_gb POST \/community\/v1\/moderation: block and unblock \(en_gb\): blocking member \d+ twice answered 201 bp_rest_moderation_already_blocked; expected a refusal$/,
      4,
    ],
    [
      'an unblock that keeps the block',
      answerInstead('DELETE', /^\/community\/v1\/moderation\/\d+$/, ok({ deleted: true })),
      /^stateful_sequence failure en_gb GET \/community\/v1\/moderation: block and unblock \(en_gb\): member \d+ is still blocked \(item \d+ listed\) after the unblock$/,
      6,
    ],
    [
      'field data that survives its delete',
      answerInstead('DELETE', /^\/community\/v1\/profile\/\d+\/data\/\d+$/, ok({ deleted: true })),
      /^stateful_sequence failure en_gb GET \/community\/v1\/profile\/\(\?P<field_id>\[\\d\]\+\)\/data\/\(\?P<user_id>\[\\d\]\+\): profile field data \(en_gb\): the data is still \["Restconform value \w+"\] after the delete$/,
      7,
    ],
    [
      'an unfollow that changes nothing',
      answerInstead('POST', /^\/community\/v1\/members\/action\/\d+$/, ok({ action: false }), (request) => request.body.includes('unfollow')),
      /^stateful_sequence failure en_gb GET \/community\/v1\/members: follow and unfollow \(en_gb\): member \d+ is still in the following list after the unfollow$/,
      5,
    ],
    [
      'an update that is answered but not applied',
      writesIgnored('PATCH', /^\/community\/v1\/profile\/groups\/\d+$/),
      /^update_persisted failure en_gb GET \/community\/v1\/profile\/groups\/\(\?P<id>\[\\d\]\+\): community\/v1 profile\/groups life cycle \(en_gb\): the update of name does not show: read "Restconform name \w+", wrote "Restconform name \w+u"$/,
      9,
    ],
    [
      'an update that loses one written field',
      writtenFieldLost('PATCH', /^\/community\/v1\/profile\/groups\/\d+$/, 'description'),
      /^update_persisted failure en_gb GET \/community\/v1\/profile\/groups\/\(\?P<id>\[\\d\]\+\): community\/v1 profile\/groups life cycle \(en_gb\): the update of description does not show: read "Restconform description \w+", wrote "Restconform description \w+u"$/,
      // list, list searched by the token, create, read, list searched (holds it), search, read, update name, read, update description, read
      11,
    ],
    [
      'an update to an empty name answered 500, as WordPress 6.1 answers it for a term',
      answerInstead('PATCH', /^\/community\/v1\/profile\/groups\/\d+$/, serverError('empty_term_name'), (request) => request.body === '{"name":""}'),
      /^stateful_sequence failure en_gb PATCH \/community\/v1\/profile\/groups\/\(\?P<id>\[\\d\]\+\): community\/v1 profile\/groups life cycle \(en_gb\): updating the community\/v1 profile\/groups's name to "" \(a value its descriptor allows\) answered 500 empty_term_name; expected it taken or refused with a 4xx$/,
      // the life cycle up to it: its curl lines reproduce the group the empty update is sent to
      16,
    ],
    [
      'a list that caches its X-WP-Total',
      listTotalCached(/^\/community\/v1\/profile\/groups$/),
      /^list_total failure en_gb GET \/community\/v1\/profile\/groups: community\/v1 profile\/groups life cycle \(en_gb\): X-WP-Total went from (\d+) to \1 after one create \(the list narrowed by its search token\)$/,
      5,
    ],
    [
      'a duplicate login answered 500',
      rewriteAnswers('POST', /^\/community\/v1\/members$/, (answer) =>
        answer.status === 400 && answer.body.includes('existing_user_login') ? serverError('db_insert_error') : answer,
      ),
      /^duplicate_create failure en_gb POST \/community\/v1\/members: community\/v1 members life cycle \(en_gb\): a second community\/v1 members create with the same user_login "rc\w+", email "rc\w+@example\.org" answered 500 db_insert_error; expected a 4xx refusal with a code$/,
      // list, list searched by the token, create, read, list narrowed by include, list searched (holds it), search, create again
      8,
    ],
    [
      'a create answered 200 without Location',
      rewriteAnswers('POST', /^\/community\/v1\/profile\/groups$/, (answer) => {
        const { location: _dropped, ...headers } = answer.headers;
        return { ...answer, status: 200, headers };
      }),
      /^create_location warning en_gb POST \/community\/v1\/profile\/groups: community\/v1 profile\/groups life cycle \(en_gb\): the community\/v1 profile\/groups create answered 200 without a Location header; WordPress's posts, terms, users and comments controllers answer 201 with the new item's URL there$/,
      // list, list searched by the token, create
      3,
    ],
    [
      'a search that does not find what was made',
      answerInstead('GET', /^\/community\/v1\/profile\/groups$/, ok([]), (request) => request.path.includes('search=')),
      /^collection_search failure en_gb GET \/community\/v1\/profile\/groups: community\/v1 profile\/groups life cycle \(en_gb\): the new community\/v1 profile\/groups \d+, created with "\w+" in its fields, is not found by search=\w+$/,
      // list, list searched, create, read, list searched (misses it), the pages walked, list, search
      8,
    ],
    [
      'a read that answers another resource',
      rewriteAnswers('GET', /^\/community\/v1\/signup\/\d+$/, (answer) => ({ ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), id: 999 }) })),
      /^stateful_sequence failure en_gb GET \/community\/v1\/signup\/\(\?P<id>\[\\w-\]\+\): community\/v1 signup life cycle \(en_gb\): reading community\/v1 signup \d+ answered id 999$/,
      3,
    ],
  ])('%s', async (_name, fault, expected, steps) => {
    const result = await runWith([fault]);
    const lines = findingLines(result.findings);
    expect(lines.filter((line) => expected.test(line))).toHaveLength(1);
    const finding = result.findings[lines.findIndex((line) => expected.test(line))]!;
    expect(finding.curl).toHaveLength(steps);
  });

  it('fails a member create whose answer names no id (no id field, no Location) only when its list cannot show the member either', async () => {
    const nameless = rewriteAnswers('POST', /^\/community\/v1\/members$/, (answer) => {
      const { location: _dropped, ...headers } = answer.headers;
      return { ...answer, headers, body: '{}' };
    });
    const noId =
      /^stateful_sequence failure en_gb POST \/community\/v1\/members: community\/v1 members life cycle \(en_gb\): the community\/v1 members create answer has no "id"$/;
    // The member is in its list, narrowed to the values the run wrote: found there, with a note.
    const found = await runWith([nameless]);
    expect(findingLines(found.findings).filter((line) => noId.test(line))).toEqual([]);
    expect(found.notes.some((note) => note.includes('the new item was found in its list narrowed to the values the run wrote'))).toBe(true);
    // Left out of every list as well: nowhere to be found.
    const lost = await runWith([nameless, newMembersUnlisted()]);
    expect(findingLines(lost.findings).filter((line) => noId.test(line))).toHaveLength(1);
  });

  it('finds the new member through its login when the activation answer names no member', async () => {
    const stripped = rewriteAnswers('POST', /^\/community\/v1\/signup\/activate\//, (answer) => {
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      delete body.user_id;
      return { ...answer, body: JSON.stringify(body) };
    });
    const result = await runWith([stripped]);
    expect(findingLines(failures(result.findings))).toEqual([]);
    expect(result.notes).toEqual([]);
  });

  it('finds routes by meaning when the descriptor writes a key differently', async () => {
    const renamed = editDescriptor((root) => {
      root.routes = Object.fromEntries(
        Object.entries(root.routes).map(([key, value]) => [key === MEMBER ? String.raw`/community/v1/members/(?P<id>\d+)` : key, value]),
      );
    });
    const [result, unchanged] = [await runWith([renamed]), await runWith([])];
    expect(findingLines(failures(result.findings))).toEqual([]);
    expect(result.events.filter((event) => event.type === 'warning')).toEqual([]);
    // Every sequence ran: as many requests as on the unchanged server with one locale.
    expect(result.requests).toBe(unchanged.requests);
  });

  it('warns about the sequences a descriptor lacks the routes for, and runs the rest', async () => {
    const result = await runWith([dropRoute('/community/v1/moderation')]);
    expect(findingLines(failures(result.findings))).toEqual([]);
    expect(result.events.filter((event) => event.type === 'warning')).toEqual([
      { type: 'warning', message: 'stateful: locale en_gb: the descriptor lacks routes for block and unblock; not run' },
    ]);
  });

  it('says nothing about the community relations on a target that serves no community routes (plain WordPress)', async () => {
    const noCommunity = editDescriptor((root) => {
      root.routes = Object.fromEntries(Object.entries(root.routes).filter(([key]) => !key.startsWith('/community/')));
    });
    const result = await runWith([noCommunity]);
    expect(result.events.filter((event) => event.type === 'warning')).toEqual([]);
    const relations = result.events.flatMap((event) => (event.type === 'sequence' && event.sequence.family === undefined ? [event.sequence] : []));
    expect(relations.length).toBeGreaterThan(0);
    expect(relations.every((sequence) => sequence.outcome === 'skipped' && sequence.reason === 'the target serves no community/v1 routes')).toBe(true);
  });
});
