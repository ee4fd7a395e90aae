import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { whenAborted } from './abort-watch.js';

describe('whenAborted', () => {
  it('puts one listener on a signal however many wait on it, and calls each waiting one when it aborts', () => {
    const controller = new AbortController();
    const called: number[] = [];
    const stops = Array.from({ length: 50 }, (_, index) => whenAborted(controller.signal, () => called.push(index)));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    stops[3]!();
    controller.abort();
    expect(called).toHaveLength(49);
    expect(called).not.toContain(3);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('takes its listener off once nothing waits on the signal any more', () => {
    const controller = new AbortController();
    const stops = [whenAborted(controller.signal, () => {}), whenAborted(controller.signal, () => {})];
    stops.forEach((stop) => stop());
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    let called = false;
    whenAborted(controller.signal, () => (called = true));
    controller.abort();
    expect(called).toBe(true);
  });
});
