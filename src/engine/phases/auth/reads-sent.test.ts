/**
 * The reads who may read what sent, handed to the probes after it: in the auth phase against the reference server,
 * the administrator's list of each route is asked once (once per status variant), not again by the lists narrowed
 * to hidden parents and the searches on hidden fields; and, alone, what the items made for a route and deleted
 * since leave of what was read.
 */
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../descriptor/types.js';
import type { Exchange } from '../../../http/types.js';
import type { Credentials } from '../../../request/types.js';
import { restPath } from '../../testing/faults.js';
import { startFaultyServer, type Fault } from '../../testing/faulty-server.js';
import { asAdministratorWithSeededAccounts, runPhase } from '../../testing/phase-run.js';
import type { PhaseContext } from '../phase.js';
import { authPhase } from './index.js';
import { ReadsSent } from './reads-sent.js';
import { ORACLE_ITEMS } from './query-oracle.js';
import { notesPlugin, notesState } from './testing/notes-plugin.js';

const SEED = 3;
/** The page size who may read what asks for. */
const PAGE = 100;

/** The administrator's `authorization` header (the seed decides the password, so a probe server tells it). */
async function administratorHeader(): Promise<string> {
  const probe = await startFaultyServer({ seed: SEED, faults: [] });
  const { user, password } = probe.credentials.admin;
  await probe.close();
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** A fault that keeps, by path, the queries of the administrator's (`header`) list reads. */
function administratorListReads(header: string): { fault: Fault; reads: Map<string, string[]> } {
  const reads = new Map<string, string[]>();
  const fault: Fault = (request, forward) => {
    const where = restPath(request);
    const query = new URLSearchParams((where?.query ?? '').replace(/^\?/, ''));
    // A list read to find what exists: a page of the size the probes ask (who may read what and the parents' lists,
    // or the first items searched on), of every status or not; the access matrix's cases ask other pages.
    const plain =
      [String(PAGE), String(ORACLE_ITEMS)].includes(query.get('per_page') ?? '') &&
      [...query].every(([name, value]) => name === 'per_page' || (name === 'status' && value === 'any'));
    if (where !== undefined && request.method === 'GET' && plain && request.headers.authorization === header) {
      reads.set(where.path, [...(reads.get(where.path) ?? []), query.toString()]);
    }
    return forward(request);
  };
  return { fault, reads };
}

describe("the administrator's lists in the auth phase", () => {
  it('are asked once per route on the reference server: who may read what reads them, the probes after it reuse them', async () => {
    const { fault, reads } = administratorListReads(await administratorHeader());
    const server = await startFaultyServer({ seed: SEED, faults: [fault] });
    try {
      await runPhase(authPhase, asAdministratorWithSeededAccounts(server));
    } finally {
      await server.close();
    }
    // The list routes with an item read beside them, a page size and searchable or parent fields: those who may read
    // what, the lists narrowed to hidden parents and the searches on hidden fields all need.
    const lists = ['/community/v1/members', '/community/v1/moderation', '/community/v1/profile/fields', '/community/v1/profile/groups'];
    expect(Object.fromEntries(lists.map((path) => [path, reads.get(path)]))).toEqual(Object.fromEntries(lists.map((path) => [path, ['per_page=100']])));
  });

  it('are asked once per status variant where the list offers statuses, with the items made for the route', async () => {
    const header = await administratorHeader();
    const { fault, reads } = administratorListReads(header);
    const state = notesState();
    const server = await startFaultyServer({ seed: SEED, faults: [fault, notesPlugin({ administrator: () => header, state })] });
    try {
      await runPhase(authPhase, { ...asAdministratorWithSeededAccounts(server), only: /acme\/v1\/notes/ });
    } finally {
      await server.close();
    }
    expect(state.created.length).toBeGreaterThan(0);
    expect(reads.get('/acme/v1/notes')).toEqual(['per_page=100', 'per_page=100&status=any']);
  });
});

describe('reads sent', () => {
  const list = { id: 'GET /notes' } as Operation;
  const item = { id: 'GET /notes/{id}' } as Operation;
  const route = { list, item, variable: 'id' };
  const administrator: Credentials = { user: 'admin', password: 'secret' };

  /** A context whose execution answers from `answers` by path and query, and counts what it sent. */
  function answering(answers: (path: Record<string, string>, query: Record<string, unknown>) => { body: unknown; total?: number }) {
    const sent: string[] = [];
    const ctx = {
      execution: {
        execute: (op: Operation, requestCase: { path: Record<string, string>; query: Record<string, unknown> }) => {
          sent.push(`${op.id} ${JSON.stringify(requestCase.path)} ${JSON.stringify(requestCase.query)}`);
          const { body, total } = answers(requestCase.path, requestCase.query);
          const headers: Record<string, string> = total === undefined ? {} : { 'x-wp-total': String(total) };
          const exchange: Exchange = {
            request: { method: 'GET', url: 'http://target/', headers: {} },
            response: { status: 200, headers, bodyText: JSON.stringify(body), truncated: false, json: body },
            durationMs: 1,
          };
          return Promise.resolve({ exchange });
        },
      },
    } as unknown as PhaseContext;
    return { ctx, sent };
  }

  const notes = (...ids: number[]) => ids.map((id) => ({ id }));

  it('sends a read once, whoever asks for it again', async () => {
    const { ctx, sent } = answering(() => ({ body: notes(3, 2, 1), total: 3 }));
    const reads = new ReadsSent();
    await reads.get(ctx, list, {}, { per_page: 100 }, administrator);
    expect(await reads.list(ctx, list, { per_page: 100 }, administrator, 'id')).toEqual(['3', '2', '1']);
    await reads.list(ctx, list, { per_page: 100 }, null, 'id');
    expect(sent).toHaveLength(2);
    expect(reads.sentList(list, { per_page: 2 }, administrator, 'id')).toBeUndefined();
  });

  it('leaves the items made and deleted since out of a whole list, and forgets their reads', async () => {
    const { ctx, sent } = answering((path) => (path.id === undefined ? { body: notes(9, 2, 1), total: 3 } : { body: { id: Number(path.id) } }));
    const reads = new ReadsSent();
    await reads.get(ctx, list, {}, { per_page: 100 }, administrator);
    await reads.get(ctx, item, { id: '9' }, {}, null);
    await reads.get(ctx, item, { id: '2' }, {}, null);
    reads.madeItemsGone(route, ['9'], false);
    expect(reads.sentList(list, { per_page: 100 }, administrator, 'id')).toEqual(['2', '1']);
    await reads.get(ctx, item, { id: '2' }, {}, null);
    await reads.get(ctx, item, { id: '9' }, {}, null);
    expect(sent).toEqual(['GET /notes {} {"per_page":100}', 'GET /notes/{id} {"id":"9"} {}', 'GET /notes/{id} {"id":"2"} {}', 'GET /notes/{id} {"id":"9"} {}']);
  });

  it('forgets a list a made item may have pushed another off (a full page), and all of a route whose delete left an item', async () => {
    const { ctx } = answering(() => ({ body: notes(9, 2) }));
    const reads = new ReadsSent();
    await reads.get(ctx, list, {}, { per_page: 2 }, administrator);
    await reads.get(ctx, list, {}, { per_page: 3 }, administrator);
    reads.madeItemsGone(route, ['9'], false);
    expect(reads.sentList(list, { per_page: 2 }, administrator, 'id')).toBeUndefined();
    expect(reads.sentList(list, { per_page: 3 }, administrator, 'id')).toEqual(['2']);
    reads.madeItemsGone(route, ['9'], true);
    expect(reads.sentList(list, { per_page: 3 }, administrator, 'id')).toBeUndefined();
  });
});
