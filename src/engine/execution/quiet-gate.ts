/**
 * The requests the run has in flight, and a way to send one with none other in flight. A timeout can be the
 * run's own doing: a server with few workers (php -S serves WordPress with two) queues the run's other requests,
 * and a route that calls the server back (WordPress's site-health tests ask the home page over loopback) waits
 * behind them. A request that timed out is sent again alone before a timeout is held against the server.
 */
export class QuietGate {
  #inFlight = 0;
  /** Set while a request waits to go alone: new requests wait for it to be answered. */
  #closed: Promise<void> | undefined;
  #drained: Array<() => void> = [];

  /** Sends with `send`; `alone`: once every request in flight is answered, and none other until this one is. */
  async pass<T>(send: () => Promise<T>, alone = false): Promise<T> {
    while (this.#closed !== undefined) await this.#closed;
    if (!alone) return this.#counted(send);
    let open = (): void => {};
    this.#closed = new Promise((resolve) => (open = resolve));
    try {
      if (this.#inFlight > 0) await new Promise<void>((resolve) => this.#drained.push(resolve));
      return await this.#counted(send);
    } finally {
      this.#closed = undefined;
      open();
    }
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  async #counted<T>(send: () => Promise<T>): Promise<T> {
    this.#inFlight += 1;
    try {
      return await send();
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) this.#drained.splice(0).forEach((resolve) => resolve());
    }
  }
}
