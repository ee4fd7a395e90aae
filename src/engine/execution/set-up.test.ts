import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../http/types.js';
import type { HttpRequest } from '../../request/types.js';
import { RunControl } from './control.js';
import type { Sender } from './options.js';
import { SetUpWindow, setUpCapMs } from './set-up.js';

const request: HttpRequest = { method: 'GET', url: 'http://127.0.0.1/wp-json/wp/v2/users/me', headers: {} };

/** Answers nothing until the request's signal aborts it. */
const hanging: Sender = {
  send: (sent, signal) =>
    new Promise<Exchange>((resolve) =>
      signal?.addEventListener('abort', () => resolve({ request: sent, error: { code: 'aborted', message: 'aborted' }, durationMs: 1 })),
    ),
};
const timingOut: Sender = { send: async (sent) => ({ request: sent, error: { code: 'timeout', message: 'no answer in time' }, durationMs: 1 }) };
const answering: Sender = {
  send: async (sent) => ({ request: sent, response: { status: 200, headers: {}, bodyText: '{}', truncated: false }, durationMs: 1 }),
};

describe('the work before the phases', () => {
  it('may take a quarter of the time budget, at least 5 s', () => {
    expect([setUpCapMs(1000), setUpCapMs(10_000), setUpCapMs(60_000)]).toEqual([5000, 5000, 15_000]);
  });

  it('aborts its requests in flight at the cap', async () => {
    const control = new RunControl();
    const window = new SetUpWindow({ control, sender: hanging, capMs: 20 });
    const exchange = await window.sender.send(request, window.signal);
    window.close();
    expect(exchange.error?.code).toBe('aborted');
    // Nothing timed out, nothing was answered: no verdict on the target.
    expect(control.stopped).toBe(false);
  });

  it('stops the run when the cap passed and the target answered none of its requests', async () => {
    const control = new RunControl();
    const window = new SetUpWindow({ control, sender: timingOut, capMs: 20 });
    await window.sender.send(request, window.signal);
    await new Promise((resolve) => setTimeout(resolve, 40));
    const after = await window.sender.send(request, window.signal);
    window.close();
    expect(after.error?.message).toMatch(/not sent/);
    expect(control.reason).toEqual({ kind: 'target-silent', unanswered: 1 });
  });

  it('stops the run after so many timeouts in a row, and sends nothing more', async () => {
    const control = new RunControl({ deadAfterRefusals: 3 });
    const window = new SetUpWindow({ control, sender: timingOut });
    for (let i = 0; i < 3; i++) await window.sender.send(request, window.signal);
    expect(control.reason).toEqual({ kind: 'target-silent', unanswered: 3 });
    expect((await window.sender.send(request, window.signal)).error?.message).toMatch(/not sent/);
    window.close();
  });

  it('goes on with the phases when the target answered, even past the cap; timeouts no longer count afterwards', async () => {
    const control = new RunControl({ deadAfterRefusals: 2 });
    const window = new SetUpWindow({ control, sender: answering, capMs: 10 });
    await window.sender.send(request, window.signal);
    await new Promise((resolve) => setTimeout(resolve, 30));
    window.close();
    expect(control.stopped).toBe(false);
    for (let i = 0; i < 3; i++) await timingOut.send(request).then((exchange) => control.onExchange(exchange));
    expect(control.stopped).toBe(false);
  });
});
