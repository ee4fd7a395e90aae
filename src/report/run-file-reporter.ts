/** The shape shared by reporters that write one file from the finished run (JSON, JUnit, HTML). */
import type { Reporter, RunEvent } from '../engine/events.js';
import { writeFileAtomic } from './atomic-write.js';
import { RunRecorder, type RunRecord } from './run-record.js';

/**
 * Records the run and, on close, writes `render(run)` to `path` atomically. Writes nothing when the run did
 * not finish (no `run_finished` event), so a crash never leaves a report that looks complete.
 */
export class RunFileReporter implements Reporter {
  readonly #path: string;
  readonly #render: (run: RunRecord) => string;
  readonly #recorder = new RunRecorder();

  constructor(path: string, render: (run: RunRecord) => string) {
    this.#path = path;
    this.#render = render;
  }

  onEvent(event: RunEvent): void {
    this.#recorder.onEvent(event);
  }

  async close(): Promise<void> {
    const run = this.#recorder.record();
    if (!run) return;
    await writeFileAtomic(this.#path, this.#render(run));
  }
}
