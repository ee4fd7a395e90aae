/**
 * What a command works with while it runs: the world, the sequence that sends and records its requests, the
 * sequence's token, and the judge that holds each step against the model. A broken expectation ends the sequence:
 * while fast-check searches and shrinks it is only remembered; in the run that reports, it is reported with every
 * request of the sequence so far.
 */
import { sequenceModel } from '../../../checks/sequences/sequence-model.js';
import type { ModelExpectation, SequenceModelStep } from '../../../checks/sequences/evidence.js';
import type { CheckFailure } from '../../../checks/types.js';
import type { Operation } from '../../../descriptor/types.js';
import type { Identity } from '../../../request/index.js';
import { ordinaryAccounts } from '../../../request/index.js';
import type { StepAnswer } from '../../../checks/stateful/step-answer.js';
import { StepScript, ScriptStopped, type StepValues } from '../../steps/step-script.js';
import type { ModelResource } from './model.js';
import type { ModelWorld, WorldFamily } from './world.js';

/** The first broken expectation of a sequence: the step, what the model expected, and what the check said. */
export interface ModelViolation {
  op: Operation;
  evidence: SequenceModelStep;
  failures: CheckFailure[];
}

/** Ends a sequence at a broken expectation (a `ScriptStopped`, so the sequence's clean-up still runs). */
export class ModelBroken extends ScriptStopped {
  constructor(readonly violation: ModelViolation) {
    super(violation.failures[0]?.message ?? 'the model was broken');
  }
}

export class SequenceRun {
  /** Set by the first broken expectation. */
  violation: ModelViolation | undefined;

  constructor(
    readonly world: ModelWorld,
    readonly script: StepScript,
    /** Unique to this try: every value the sequence makes unique is drawn from it. */
    readonly token: string,
    /** Report a broken expectation (the run that reports), or only remember it (fast-check's search). */
    readonly reporting: boolean,
  ) {}

  /** Sends one step as `identity` (anonymous when it has no credentials). */
  send(op: Operation, values: StepValues, identity: Identity): Promise<StepAnswer> {
    return this.script.send(op, values, { credentials: identity.credentials ?? null });
  }

  /** Holds the step against the model; a broken expectation ends the sequence. */
  judge(step: string, op: Operation, expectation: ModelExpectation): void {
    const evidence: SequenceModelStep = { step, expectation };
    const failures = this.reporting ? this.script.judge(sequenceModel, op, evidence) : this.script.ctx.execution.verdictOf(sequenceModel, evidence);
    if (failures.length === 0) return;
    this.violation = { op, evidence, failures };
    throw new ModelBroken(this.violation);
  }

  /** Notes a step in the sequence's report. */
  record(step: string, detail?: string): void {
    this.script.record(step, 'ok', detail);
  }

  isMain(identity: Identity): boolean {
    return this.world.main !== undefined && identity.name === this.world.main.name;
  }

  /**
   * Whether `identity` must be refused a write to `resource`: anonymous, or an ordinary account (a subscriber, a
   * member, a contributor, an author) that did not make it, on a family whose writes are not meant for visitors.
   */
  mustBeRefused(identity: Identity, family: WorldFamily, resource: ModelResource): boolean {
    if (family.anonymous) return false;
    if (identity.credentials === undefined) return true;
    return ordinaryAccounts([identity]).length > 0 && !resource.makers.includes(identity.name);
  }
}

/**
 * The answer expectation of a step on a resource that is gone: 404/410, strictly so for the run's own account,
 * unless the step writes and the run writes only to what it owns (a write to what it deleted then goes out without
 * credentials, and a 401 is the server's right answer to that).
 */
export function goneExpectation(run: SequenceRun, identity: Identity, resource: ModelResource, answer: StepAnswer, writes = false): ModelExpectation {
  const strict = run.isMain(identity) && !(writes && run.script.ctx.execution.ownedWritesOnly);
  return { kind: 'answer', expected: 'gone', strict, why: `${resource.label} ${resource.why ?? 'was deleted'}`, answer };
}
