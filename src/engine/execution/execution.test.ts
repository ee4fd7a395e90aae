import { describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS } from '../../checks/index.js';
import { fakeOperation, jsonExchange, recordedExchange } from '../../checks/testing/exchange-builders.js';
import type { Mutation, RequestCase } from '../../generate/types.js';
import { basicAuthorization } from '../../request/index.js';
import type { HttpRequest } from '../../request/types.js';
import type { RunEvent } from '../events.js';
import { OwnAccount } from '../own-account.js';
import { Execution, type Sender } from './execution.js';

const USER = String.raw`/wp/v2/users/(?<id>[\d]+)`;
const POST = String.raw`/wp/v2/posts/(?<id>[\d]+)`;

/** A run whose sender answers every request with one recorded real WordPress answer. */
function runAnswering(name: string): Execution {
  const sender: Sender = { send: async () => recordedExchange(name) };
  return new Execution({ seed: 1, sender, checks: EXCHANGE_CHECKS, restUrls: new Map([[null, 'http://127.0.0.1/wp-json']]), secrets: [], emit: () => {} });
}

function invalidCase(operationId: string, mutation: Mutation): RequestCase {
  return { operationId, kind: 'invalid', path: { id: '1' }, query: {}, body: {}, mutation };
}

describe('Execution findings', () => {
  it('groups a declared-invalid value accepted by real WordPress per operation and argument, with a count', async () => {
    const execution = runAnswering('accepted-invalid');
    const op = { ...fakeOperation('POST', POST), locale: null, id: `- POST ${POST}` };
    const title = (rule: Mutation['rule']): Mutation => ({ param: 'title', location: 'body', rule, description: `title broken by ${rule}` });
    const content: Mutation = { param: 'content', location: 'body', rule: 'wrong_type', description: 'content = " " (type object)' };
    for (const mutation of [title('wrong_type'), title('wrong_type'), title('additional_property'), content]) {
      const requestCase = invalidCase(op.id, mutation);
      execution.reportOutcomes(op, requestCase, await execution.execute(op, requestCase, 'fuzz', { judgeCase: true }), 'fuzz');
    }
    const accepted = execution.findings().filter((finding) => finding.check === 'invalid_rejected');
    expect(accepted.map((finding) => [finding.argument, finding.count])).toEqual([
      ['title', 3],
      ['content', 1],
    ]);
    expect(accepted[0]!.message).toContain('title broken by wrong_type');
  });

  it("turns a real refusal in the route's own words and a real 501 rest_trash_not_supported into coverage notes, not findings", async () => {
    const refusal = runAnswering('refusal-own-callback');
    const userDelete = { ...fakeOperation('DELETE', USER), locale: null, id: `- DELETE ${USER}` };
    const reassign = invalidCase(userDelete.id, { param: 'reassign', location: 'body', rule: 'wrong_type', description: 'reassign = 5.5 (type integer)' });
    refusal.reportOutcomes(userDelete, reassign, await refusal.execute(userDelete, reassign, 'fuzz', { judgeCase: true }), 'fuzz');
    expect(refusal.findings()).toEqual([]);
    expect(refusal.coverage()[0]!.notes).toEqual([
      'invalid_rejected: an invalid "reassign" was refused with 400 rest_user_invalid_reassign, which does not name it',
    ]);

    const trash = runAnswering('trash-not-supported-user');
    const valid: RequestCase = { operationId: userDelete.id, kind: 'valid', path: { id: '3' }, query: { reassign: 1 }, body: undefined };
    trash.reportOutcomes(userDelete, valid, await trash.execute(userDelete, valid, 'examples', { judgeCase: true }), 'examples');
    expect(trash.findings()).toEqual([]);
    expect(trash.coverage()[0]!.notes[0]).toMatch(/^not_a_server_error: answered 501 rest_trash_not_supported/);
  });
});

describe('Execution, the handle on the run', () => {
  const ADMIN = { user: 'admin', password: 'abcd efgh' };
  const validCase = (op: { id: string }): RequestCase => ({ operationId: op.id, kind: 'valid', path: {}, query: {}, body: {} });

  it('sends each request through the write guards, then tells the recorder and the event stream what went', async () => {
    const sent: HttpRequest[] = [];
    const events: RunEvent[] = [];
    const sender: Sender = {
      send: async (request) => {
        sent.push(request);
        return { ...jsonExchange(request.method === 'GET' ? 200 : 400, {}), request };
      },
    };
    const execution = new Execution({
      seed: 1,
      sender,
      checks: [],
      restUrls: new Map([['en_gb', 'http://127.0.0.1/wp-json']]),
      credentials: ADMIN,
      secrets: [ADMIN.password],
      emit: (event) => events.push(event),
      extraValues: { '/wp/v2/posts': { status: 'draft' } },
    });
    execution.protectOwnAccount(new OwnAccount(new Map([['en_gb', [/^\/wp\/v2\/users\/me$/]]])));
    const me = fakeOperation('POST', '/wp/v2/users/me');
    const posts = fakeOperation('GET', '/wp/v2/posts');
    await execution.execute(me, validCase(me), 'fuzz');
    await execution.execute(posts, { ...validCase(posts), body: undefined }, 'fuzz');
    expect(sent.map((request) => [request.url, request.headers.authorization])).toEqual([
      ['http://127.0.0.1/wp-json/wp/v2/users/me', undefined],
      ['http://127.0.0.1/wp-json/wp/v2/posts?status=draft', basicAuthorization(ADMIN)],
    ]);
    expect(execution.requests).toBe(2);
    expect(execution.coverage().map((entry) => [entry.route, entry.statuses, entry.notes])).toEqual([
      ['/wp/v2/users/me', { '400': 1 }, ['writes to the account the run logs in as were sent without credentials, so they could not change it']],
      ['/wp/v2/posts', { '200': 1 }, []],
    ]);
    expect(execution.summary()).toMatchObject({ requests: 2, operations: 2, answeredAsRun: 1, refusedAsRun: 0 });
    expect(events.map((event) => event.type)).toEqual(['exchange', 'exchange']);
  });

  it('words why it stopped as reports always have, and keeps the typed reason on its control', () => {
    const sender: Sender = { send: async () => recordedExchange('refusal-own-callback') };
    const execution = new Execution({ seed: 1, sender, checks: [], restUrls: new Map(), secrets: [], emit: () => {}, deadline: Date.now() - 1 });
    expect(execution.stopReason).toBe('time budget');
    expect(execution.stopped).toBe(true);
    expect(execution.control.reason).toEqual({ kind: 'time-budget' });
  });
});
