/**
 * The NDJSON stream (`--ndjson FILE`): one JSON object per event, as it happens, with `t` = milliseconds since
 * the reporter was created. Findings are already redacted by the engine; `exchange` lines carry only the
 * operation, status and timing, never request or response bodies.
 */
import type { Reporter, RunEvent } from '../engine/events.js';
import { AtomicFileStream } from './atomic-write.js';

/** Lines are handed to the file in chunks of about this size, so a long fuzz run does few writes. */
const CHUNK_CHARS = 64 * 1024;

/** The line for one event: `exchange` events reduced to their known, bodiless fields. */
export function ndjsonLine(event: RunEvent, t: number): string {
  if (event.type === 'exchange') {
    const { type, phase, operation, caseKind, status, durationMs } = event;
    const { id, locale, method, route, namespace } = operation;
    return `${JSON.stringify({ t, type, phase, operation: { id, locale, method, route, namespace }, caseKind, status, durationMs })}\n`;
  }
  return `${JSON.stringify({ t, ...event })}\n`;
}

export class NdjsonReporter implements Reporter {
  readonly #file: Promise<AtomicFileStream>;
  readonly #now: () => number;
  readonly #origin: number;
  #pending: string[] = [];
  #pendingChars = 0;

  constructor(path: string, options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#origin = this.#now();
    this.#file = AtomicFileStream.open(path);
    // Opening fails only on an unwritable folder; close() reports it, so do not crash the process meanwhile.
    this.#file.catch(() => undefined);
  }

  onEvent(event: RunEvent): void {
    const line = ndjsonLine(event, this.#now() - this.#origin);
    this.#pending.push(line);
    this.#pendingChars += line.length;
    if (this.#pendingChars >= CHUNK_CHARS || event.type === 'run_finished') this.#flush();
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.join('');
    this.#pending = [];
    this.#pendingChars = 0;
    void this.#file.then(
      (file) => file.write(chunk),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    this.#flush();
    // Writes queued by #flush are callbacks on the same promise, so they run before this continuation.
    const file = await this.#file;
    await file.commit();
  }
}
