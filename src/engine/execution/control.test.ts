import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../http/types.js';
import type { HttpRequest } from '../../request/types.js';
import { INTERRUPTED, isInterrupted, isTimeBudget, RunControl, stopText, TIME_BUDGET } from './control.js';

const request: HttpRequest = { method: 'GET', url: 'http://127.0.0.1/wp-json/', headers: {} };
const refused: Exchange = { request, error: { code: 'connection_refused', message: 'refused' }, durationMs: 1 };
const answered: Exchange = { request, response: { status: 200, headers: {}, bodyText: '', truncated: false }, durationMs: 1 };
const aborted: Exchange = { request, error: { code: 'aborted', message: 'aborted' }, durationMs: 1 };

describe('run control', () => {
  it('words each stop reason as reports have always said it', () => {
    expect(stopText(INTERRUPTED)).toBe('interrupted');
    expect(stopText(TIME_BUDGET)).toBe('time budget');
    expect(stopText({ kind: 'target-dead', refusals: 25 })).toBe('target stopped answering: 25 connections refused in a row');
    expect([isInterrupted('interrupted'), isInterrupted('time budget'), isInterrupted(undefined)]).toEqual([true, false, false]);
    expect([isTimeBudget('time budget'), isTimeBudget('interrupted'), isTimeBudget(undefined)]).toEqual([true, false, false]);
  });

  it('goes on until its deadline, then stops for the time budget', () => {
    const control = new RunControl({ deadline: Date.now() + 60_000 });
    expect(control.stopped).toBe(false);
    expect(control.reason).toBeUndefined();
    control.setDeadline(Date.now() - 1);
    expect(control.reason).toEqual(TIME_BUDGET);
    expect(control.stopped).toBe(true);
  });

  it("stops a phase at its share of the budget while the run goes on, until the next phase's share", () => {
    const control = new RunControl();
    control.limitPhase(Date.now() - 1);
    expect([control.phaseShareSpent, control.stopped, control.reason]).toEqual([true, true, undefined]);
    control.limitPhase(undefined);
    expect([control.phaseShareSpent, control.stopped]).toEqual([false, false]);
  });

  it('keeps the first reason it stopped for', () => {
    const signal = new AbortController();
    const control = new RunControl({ signal: signal.signal, deadline: Date.now() + 60_000 });
    signal.abort();
    control.setDeadline(Date.now() - 1);
    expect(control.reason).toEqual(INTERRUPTED);
  });

  it('counts a target dead after so many refused connections in a row, and an answer resets the count', () => {
    const control = new RunControl({ deadAfterRefusals: 3 });
    for (const exchange of [refused, refused, answered, refused, refused]) control.onExchange(exchange);
    expect(control.stopped).toBe(false);
    control.onExchange(refused);
    expect(control.reason).toEqual({ kind: 'target-dead', refusals: 3 });
    expect(stopText(control.reason!)).toBe('target stopped answering: 3 connections refused in a row');
  });

  it('counts a host name that stopped resolving as the target gone too, and calls it a DNS failure, not refused connections', () => {
    const unresolved: Exchange = { request, error: { code: 'name_not_resolved', message: 'getaddrinfo ENOTFOUND x (ENOTFOUND)' }, durationMs: 1 };
    const mixed = new RunControl({ deadAfterRefusals: 3 });
    for (const exchange of [refused, unresolved, unresolved]) mixed.onExchange(exchange);
    expect(mixed.reason).toEqual({ kind: 'target-dead', refusals: 3, unresolved: 2 });
    expect(stopText(mixed.reason!)).toBe('target stopped answering: 3 connections in a row could not be made (1 refused, 2 host name lookups failed)');
    const dns = new RunControl({ deadAfterRefusals: 3 });
    for (const exchange of [unresolved, answered, unresolved, unresolved, unresolved]) dns.onExchange(exchange);
    expect(dns.reason).toEqual({ kind: 'target-dead', refusals: 3, unresolved: 3 });
    expect(stopText(dns.reason!)).toBe('target stopped answering: its host name did not resolve (DNS) 3 times in a row');
  });

  it('tells an exchange the run cut off (aborted once it stopped) from one the target failed', () => {
    const signal = new AbortController();
    const control = new RunControl({ signal: signal.signal });
    expect(control.wasCutOff(aborted)).toBe(false);
    signal.abort();
    expect([control.wasCutOff(aborted), control.wasCutOff(answered)]).toEqual([true, false]);
  });

  it('counts timeouts in a row toward the dead-target rule only while told to (the work before the phases)', () => {
    const timedOut: Exchange = { request, error: { code: 'timeout', message: 'no answer within 300 ms' }, durationMs: 300 };
    const control = new RunControl({ deadAfterRefusals: 3 });
    for (const exchange of [timedOut, timedOut, timedOut]) control.onExchange(exchange);
    expect(control.stopped).toBe(false);
    control.countTimeouts(true);
    for (const exchange of [timedOut, timedOut, answered, timedOut, aborted, timedOut]) control.onExchange(exchange);
    expect(control.stopped).toBe(false);
    control.onExchange(timedOut);
    expect(control.reason).toEqual({ kind: 'target-silent', unanswered: 3 });
    expect(stopText(control.reason!)).toBe('target stopped answering: 3 requests in a row before the phases got no answer in time');
  });
});
