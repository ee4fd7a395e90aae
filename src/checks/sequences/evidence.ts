/**
 * What the `sequences` phase shows its check after each step of a model-based sequence: the step's answer with
 * what the model expected of it, and where the step read something back, what it read beside what the model
 * holds (values written, a list's members and total, a child whose parent was deleted). The phase
 * (`engine/phases/sequences/`) keeps the model and sends the steps; `sequence_model` judges.
 */
import type { StepAnswer } from '../stateful/step-answer.js';

/**
 * What an answer had to be: `success` a 2xx; `gone` 404 or 410 (`strict` false: a 401 or 403 too, for an account
 * that may not read the resource at all); `refused` anything but a 2xx; `answered` anything but a 5xx.
 */
export type ModelAnswerExpectation = { expected: 'success' | 'refused' | 'answered' } | { expected: 'gone'; strict: boolean };

/** The model's expectation at one step, with what the step saw. */
export type ModelExpectation =
  /** The step's answer. `why` says why the model expects it (`it was deleted at step 3`). */
  | (ModelAnswerExpectation & { kind: 'answer'; why: string; answer: StepAnswer })
  /** A create's 2xx answer, which must name the new resource's id. */
  | { kind: 'created'; family: string; id: string | undefined }
  /** A read of a live resource: every value the sequence wrote (by field, the last of each) must hold where it shows. */
  | { kind: 'values'; resource: string; written: Record<string, unknown>; read: unknown }
  /**
   * A list read with the model's ids of one family (narrowed by `include`, or to one parent): the live ones must be
   * listed (when the answer is the `whole` list, not one page of several), the deleted ones not, and X-WP-Total
   * must count the live ones (when `exact`: the model knows all the list holds).
   */
  | {
      kind: 'listed';
      family: string;
      idField: string;
      live: string[];
      deleted: string[];
      exact: boolean;
      whole: boolean;
      list: unknown;
      total: number | undefined;
    }
  /**
   * A read of a resource whose parent the sequence deleted: gone (404/410), or naming another parent; never the
   * deleted one, by its path (`via: 'path'`) or by the field that names it (`via: 'arg'`).
   */
  | { kind: 'orphan'; resource: string; parent: { family: string; id: string; field: string; via: 'path' | 'arg' }; answer: StepAnswer };

/** The evidence of `sequence_model`: one step of a sequence (`create community/v1 signup #1 as admin (en_gb)`) and what the model expected. */
export interface SequenceModelStep {
  step: string;
  expectation: ModelExpectation;
}

/** Who a recorded step was sent as: the run's own account (`main`), a further named account, or anonymous. */
export interface RecordedIdentity {
  name: string;
  /** The run's own account: on replay, the account replay logs in as, whatever its login. */
  main: boolean;
  /** Anonymous: sent without credentials. */
  anonymous: boolean;
  /** Its role (`member`, `moderator`…): who may do what is judged by it. */
  role: string;
  /** A further account's login and password variable, as its curl lines name them. */
  login?: string;
  passwordEnv?: string;
}

/**
 * One command of a recorded sequence: its kind, family, locale and identity by name, and the indices fast-check drew
 * (which resource, which fields or context or action: `choice`), so the model runner can run the same command again
 * on fresh resources. `what` is how the run named it (`update title+status of community/v1 groups as admin (en_gb)`).
 */
export interface RecordedCommand {
  kind: 'create' | 'read' | 'update' | 'delete' | 'list' | 'action';
  family: string;
  locale: string | null;
  identity: RecordedIdentity;
  pick: number;
  choice: number;
  what: string;
}

/** What `replay` needs to run a shrunk sequence again: its commands, and each locale's REST root at the run's target. */
export interface SequenceReplay {
  commands: RecordedCommand[];
  locales: Array<{ locale: string | null; restUrl: string }>;
  /** The steps as the run reported them (values written, answers), for the reader. */
  steps: string[];
}
