/**
 * Collects what the file reporters need from the event stream: how the run started, the descriptors, skipped
 * phases, warnings, and how it finished. The live events (`exchange`, `finding`) are left to the reporters
 * that show progress.
 */
import type { RunEvent, SequenceReport } from '../engine/events.js';

export type RunStartedEvent = Extract<RunEvent, { type: 'run_started' }>;
export type RunFinishedEvent = Extract<RunEvent, { type: 'run_finished' }>;
export type DescriptorLoadedEvent = Extract<RunEvent, { type: 'descriptor_loaded' }>;

/** A whole run, as the events described it. */
export interface RunRecord {
  started: RunStartedEvent;
  finished: RunFinishedEvent;
  descriptors: DescriptorLoadedEvent[];
  skippedPhases: Array<{ phase: string; reason: string }>;
  /** `warning` events, in order. */
  warnings: string[];
  /** The sequences of the phases (each family's life cycle, each relation): their steps and outcomes, or why skipped. */
  sequences: SequenceReport[];
  /** The end-of-run clean-up on a target that is not the bundled server, when it ran. */
  cleanup?: CleanupEvent;
  /** Each phase that ran, in order, with its time and requests (absent in a run read back from a report). */
  phaseTimes?: PhaseTime[];
}

/** How long a phase took and how many requests it sent. */
export interface PhaseTime {
  phase: string;
  durationMs: number;
  requests: number;
}

export type CleanupEvent = Extract<RunEvent, { type: 'cleanup' }>;

export class RunRecorder {
  #started: RunStartedEvent | undefined;
  #finished: RunFinishedEvent | undefined;
  readonly #descriptors: DescriptorLoadedEvent[] = [];
  readonly #skippedPhases: Array<{ phase: string; reason: string }> = [];
  readonly #warnings: string[] = [];
  readonly #sequences: SequenceReport[] = [];
  readonly #phaseTimes: PhaseTime[] = [];
  #cleanup: CleanupEvent | undefined;

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case 'run_started':
        this.#started = event;
        break;
      case 'descriptor_loaded':
        this.#descriptors.push(event);
        break;
      case 'phase_skipped':
        this.#skippedPhases.push({ phase: event.phase, reason: event.reason });
        break;
      case 'warning':
        this.#warnings.push(event.message);
        break;
      case 'sequence':
        this.#sequences.push(event.sequence);
        break;
      case 'cleanup':
        this.#cleanup = event;
        break;
      case 'phase_finished':
        this.#phaseTimes.push({ phase: event.phase, durationMs: event.durationMs, requests: event.requests });
        break;
      case 'run_finished':
        this.#finished = event;
        break;
      default:
        break;
    }
  }

  /** The run, once both `run_started` and `run_finished` were seen. */
  record(): RunRecord | undefined {
    if (!this.#started || !this.#finished) return undefined;
    return {
      started: this.#started,
      finished: this.#finished,
      descriptors: [...this.#descriptors],
      skippedPhases: [...this.#skippedPhases],
      warnings: [...this.#warnings],
      sequences: [...this.#sequences],
      phaseTimes: [...this.#phaseTimes],
      ...(this.#cleanup === undefined ? {} : { cleanup: this.#cleanup }),
    };
  }
}
