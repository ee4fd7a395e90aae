import { describe, expect, it } from 'vitest';
import { fakeOperation, jsonExchange } from '../../checks/testing/exchange-builders.js';
import type { Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';
import type { TargetRate } from '../budget.js';
import { RunRecorder } from './recorder.js';
import type { Sending } from './write-guards/layer.js';

const RUN = 'Basic run';
const op = fakeOperation('GET', '/community/v1/members');

function sent(operation: Operation, authorization: string | undefined, overrides: Partial<Sending> = {}): Sending {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return { op: operation, phase: 'examples', probe: false, unguarded: false, pathValues: [], sent: { method: 'GET', url: 'http://x/', headers }, ...overrides };
}

const answer = (status: number): Exchange => jsonExchange(status, {});

describe('the recorder', () => {
  it("counts each exchange toward its operation's coverage and the run's own answers; a probe toward the requests only", () => {
    const recorder = new RunRecorder({ runAuthorization: RUN });
    recorder.onExchange(sent(op, RUN), answer(200), false);
    recorder.onExchange(sent(op, RUN), answer(401), false);
    recorder.onExchange(sent(op, 'Basic other', { phase: 'auth' }), answer(403), false);
    recorder.onExchange(sent(fakeOperation('PATCH', '/community/v1/members'), RUN, { probe: true }), answer(405), false);
    expect(recorder.requests).toBe(4);
    const [entry, ...others] = recorder.coverage((phases) => [...phases].map((phase) => `${phase}_check`));
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ route: op.route, requests: 3, statuses: { '200': 1, '401': 1, '403': 1 }, applied: ['examples_check', 'auth_check'] });
    expect(recorder.summary({ failures: 0, warnings: 0, known: 0, byCheck: {} })).toMatchObject({
      requests: 4,
      operations: 1,
      answeredAsRun: 2,
      refusedAsRun: 1,
    });
  });

  it('notes a request the run cut off, and counts it unanswered', () => {
    const recorder = new RunRecorder();
    recorder.onExchange(sent(op, undefined), { request: sent(op, undefined).sent, error: { code: 'aborted', message: 'x' }, durationMs: 1 }, true);
    expect(recorder.cutOff).toBe(1);
    expect(recorder.coverage()[0]!.notes).toEqual(['requests cut off unanswered by the end of the run']);
    expect(recorder.coverage()[0]!.statuses).toEqual({ '0': 1 });
  });

  it('keeps notes once each, and drops a note about an operation it does not cover', () => {
    const recorder = new RunRecorder();
    recorder.cover(op);
    recorder.note(op, 'needs credentials');
    recorder.note(op, 'needs credentials');
    recorder.note(fakeOperation('PUT', '/community/v1/members'), 'a probe');
    recorder.applied(op, 'content_type');
    expect(recorder.coverage()).toEqual([expect.objectContaining({ notes: ['needs credentials'], applied: ['content_type'], requests: 0 })]);
  });

  it("tells the target's pace once, after the first requests", () => {
    const rates: TargetRate[] = [];
    const recorder = new RunRecorder({ pace: { after: 2, measured: (rate) => rates.push(rate) } });
    for (let i = 0; i < 3; i++) {
      recorder.sending();
      recorder.onExchange(sent(op, undefined), answer(200), false);
    }
    expect(rates).toHaveLength(1);
    expect(rates[0]!.requests).toBe(2);
    expect(recorder.pace().requests).toBe(3);
  });

  it('lists the access matrix by operation id, whatever order the rows came in', () => {
    const recorder = new RunRecorder();
    const row = (operationId: string) => ({ operationId, locale: 'en_gb', method: 'GET', route: '/x', path: '/x', cells: [] });
    recorder.recordAccess(row('b'));
    recorder.recordAccess(row('a'));
    expect(recorder.access().map((r) => r.operationId)).toEqual(['a', 'b']);
  });
});
