import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/events.js';
import { incompleteReasons, renderIncompleteBanner } from './html-banner.js';
import type { RunFinishedEvent, RunStartedEvent } from './run-record.js';
import { syntheticRun } from './testing/synthetic-run.js';

function run(finished: Partial<RunFinishedEvent> = {}, started: Partial<RunStartedEvent> = {}): { started: RunStartedEvent; finished: RunFinishedEvent } {
  const events = syntheticRun();
  const first = events[0] as Extract<RunEvent, { type: 'run_started' }>;
  const last = events.at(-1) as Extract<RunEvent, { type: 'run_finished' }>;
  return { started: { ...first, ...started }, finished: { ...last, ...finished } };
}

describe('the banner of an incomplete run', () => {
  it('is absent for a complete run', () => {
    expect(incompleteReasons(run())).toEqual([]);
    expect(renderIncompleteBanner(run())).toBe('');
  });

  it('says the stop once, though the run’s reasons repeat it, and lists the others after it', () => {
    const reasons = incompleteReasons(run({ stoppedEarly: 'time budget', incomplete: ['stopped early: time budget', '165 of 322 operations got no request'] }));
    expect(reasons).toEqual(['stopped early: time budget; the results cover what ran before', '165 of 322 operations got no request']);
  });

  it('names the writes held back and the phases cut short by the time budget', () => {
    const reasons = incompleteReasons(
      run(
        {
          budget: {
            budgetMs: 60_000,
            phases: [
              { phase: 'fuzz', allowedMs: 10_000, spentMs: 10_100, requests: 4, cutShort: true },
              { phase: 'auth', allowedMs: 10_000, spentMs: 200, requests: 4, cutShort: false },
            ],
          },
        },
        { safeMethodsOnly: true },
      ),
    );
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^only GET, HEAD and OPTIONS were sent .*--allow-destructive/);
    expect(reasons[1]).toBe('1 phase cut short when its share of the time budget ran out: fuzz (see the time per phase)');
  });

  it('is one notice with one item per reason, escaped', () => {
    const html = renderIncompleteBanner(run({ incomplete: ['<b>2</b> requests cut off unanswered', 'x'] }));
    expect(html.match(/class="notice/g)).toHaveLength(1);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain('<li>&lt;b&gt;2&lt;/b&gt; requests cut off unanswered</li>');
  });
});
