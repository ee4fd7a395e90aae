/**
 * A race inside a sequence: N requests to one operation sent together (`Execution.race`), recorded in the
 * sequence's reproduction like its other steps; and the run's judgement of what a race showed, reported with the
 * whole sequence (every request of the race, the set-up before it and the reads after it) as the reproduction.
 */
import type { RaceAnswer } from '../../../checks/concurrency/evidence.js';
import { answerOf, idText, type StepAnswer } from '../../../checks/stateful/step-answer.js';
import type { EvidenceCheck } from '../../../checks/types.js';
import type { Operation } from '../../../descriptor/types.js';
import { buildRequest } from '../../../request/index.js';
import type { StepScript, StepValues } from '../../steps/step-script.js';

/** Where each sequence's last race is in its exchanges: a finding's replay tells the race from its set-up and reads. */
const RACES = new WeakMap<StepScript, { first: number; count: number }>();

/** What a replay of a race needs beside its requests: the field a create names its resource by, a delete's arguments. */
export interface RaceReplayNeeds {
  idField?: string;
  deleteArgs?: Record<string, unknown>;
}

/** Sends one request per `values` to `op`, together, with the run's credentials; answers in the same order. */
export async function sendRace(script: StepScript, op: Operation, values: readonly StepValues[]): Promise<StepAnswer[]> {
  const { execution } = script.ctx;
  const entries = values.map((one) => ({
    op,
    request: buildRequest({
      restUrl: execution.restUrl(op.locale),
      operation: op,
      requestCase: { operationId: op.id, kind: 'valid', path: one.path ?? {}, query: one.query ?? {}, body: one.body },
      credentials: execution.credentials,
      upload: one.upload,
    }),
  }));
  const exchanges = await execution.race(entries, script.phase);
  RACES.set(script, { first: script.exchanges.length, count: exchanges.length });
  script.exchanges.push(...exchanges);
  return exchanges.map(answerOf);
}

/** A race's answer as the checks see it; `idField` names the field a create's answer names its resource by. */
export function raceAnswer(answer: StepAnswer, idField?: string): RaceAnswer {
  const id = idField === undefined ? undefined : idText(answer.field(idField));
  return {
    status: answer.status,
    code: answer.code,
    ...(answer.exchange.error === undefined ? {} : { error: answer.exchange.error.code }),
    ...(id === undefined ? {} : { id }),
  };
}

/**
 * Hands a race's evidence to `check`, with the sequence so far as the reproduction and what a replay needs to run
 * the race again (`needs`, the evidence without its answers); records the outcome as a step.
 */
export function judgeRace<E extends { answers: RaceAnswer[] }>(
  script: StepScript,
  check: EvidenceCheck<E>,
  op: Operation,
  evidence: E,
  step: string,
  needs: RaceReplayNeeds = {},
): number {
  const marks = RACES.get(script);
  const { answers: _answers, ...rest } = evidence;
  const race = marks === undefined ? undefined : { ...marks, ...needs, evidence: rest as Record<string, unknown> };
  const failures = script.ctx.execution.judge(check, evidence, { operation: op, phase: script.phase, exchanges: [...script.exchanges], race });
  const broken = failures.filter((failure) => failure.note !== true);
  if (broken.length === 0) script.record(step, 'ok');
  else for (const failure of broken) script.record(check.name, (failure.severity ?? check.severity) === 'failure' ? 'failed' : 'warned', failure.message);
  return broken.length;
}
