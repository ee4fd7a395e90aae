import { describe, expect, it } from 'vitest';
import type { Exchange } from '../http/types.js';
import type { HttpRequest } from '../request/types.js';
import { interruptibleSender } from './interrupt.js';

const REQUEST: HttpRequest = { method: 'DELETE', url: 'http://127.0.0.1/wp-json/wp/v2/posts/1', headers: {} };

/** A target that never answers: each request ends only when its signal aborts, as the transport ends it. */
const hanging = {
  send: (request: HttpRequest, signal?: AbortSignal): Promise<Exchange> =>
    new Promise((resolve) => {
      const abort = (): void => resolve({ request, error: { code: 'aborted', message: 'request aborted' }, durationMs: 0 });
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
    }),
};

describe('requests after an interrupt', () => {
  it('before the interrupt go out with the signal asked for, which the interrupt aborts', async () => {
    const interrupt = new AbortController();
    const sender = interruptibleSender(hanging, { interrupt: interrupt.signal, capMs: 60_000 });
    const pending = sender.send(REQUEST, interrupt.signal);
    interrupt.abort();
    expect((await pending).error).toEqual({ code: 'aborted', message: 'request aborted' });
    sender.close();
  });

  it('before the interrupt, a create in flight is not cut off by it: what it makes gets an id the clean-up can delete', async () => {
    const interrupt = new AbortController();
    const sender = interruptibleSender(hanging, { interrupt: interrupt.signal, capMs: 50 });
    const create = sender.send({ ...REQUEST, method: 'POST', url: 'http://127.0.0.1/wp-json/wp/v2/posts' }, interrupt.signal);
    let settled = false;
    void create.then(() => (settled = true));
    interrupt.abort();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    // It ends with its answer; here, on a target that never answers, with the clean-up's cap.
    expect((await create).error).toEqual({ code: 'aborted', message: 'clean-up stopped: its 50 ms cap after the interrupt ran out' });
    sender.close();
  });

  it('after it are the clean-up: the interrupt does not abort them, a skip does, and says so', async () => {
    const interrupt = new AbortController();
    const skip = new AbortController();
    const sender = interruptibleSender(hanging, { interrupt: interrupt.signal, skip: skip.signal, capMs: 60_000 });
    interrupt.abort();
    let settled = false;
    const pending = sender.send(REQUEST, interrupt.signal).then((exchange) => ((settled = true), exchange));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    skip.abort('second Ctrl-C: clean-up skipped');
    expect((await pending).error).toEqual({ code: 'aborted', message: 'second Ctrl-C: clean-up skipped' });
    sender.close();
  });

  it("after it keep a signal of their own (not the run's), aborted with the interrupt or not", async () => {
    const interrupt = new AbortController();
    const own = new AbortController();
    const sender = interruptibleSender(hanging, { interrupt: interrupt.signal, capMs: 60_000 });
    interrupt.abort();
    own.abort();
    expect((await sender.send(REQUEST, own.signal)).error).toEqual({ code: 'aborted', message: 'request aborted' });
    sender.close();
  });

  it("after it end when the clean-up's cap, counted from the interrupt, runs out", async () => {
    const interrupt = new AbortController();
    const sender = interruptibleSender(hanging, { interrupt: interrupt.signal, capMs: 50 });
    interrupt.abort();
    const exchange = await sender.send(REQUEST, interrupt.signal);
    expect(exchange.error).toEqual({ code: 'aborted', message: 'clean-up stopped: its 50 ms cap after the interrupt ran out' });
    sender.close();
  });
});
