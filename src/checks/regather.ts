/**
 * How `restconform replay` judges again a finding whose evidence a phase gathered from several requests sent as
 * different identities (who may read what: an identity's list beside the administrator's and the item reads; a
 * search sent with a true and a false value; a list narrowed to a parent; an `_embed`). One small interface, the
 * same for every such check:
 *
 * 1. The phase hands the check runner, with the evidence, the requests it was gathered from (`GatheredMarks`): each
 *    labelled (`list`, `read:12`, `true`, `false`…), sent either as the identity judged or as the administrator,
 *    and those that made items for it (`set-up`, each with the id it made and the arguments of its delete).
 * 2. The findings book records them in the finding (`Finding.replay.gathered`): the identity by name, login and the
 *    variable of its password (never the password), each request redacted, and the evidence as it was judged.
 * 3. The check has `judgeAgain` (`EvidenceCheck.judgeAgain`): given the recorded evidence and the new answers by
 *    label, it rebuilds the evidence (a `Regather`: the answers' parts it judges replaced, the rest as recorded) and
 *    runs its own `judge` on it. Replay makes the set-up's items again, re-sends every labelled request as the one it
 *    was sent as, calls `judgeAgain`, and deletes what it made.
 *
 * A new exposure check plugs in by doing 1 in its phase and 3 in its file; replay needs nothing else. When the new
 * answers cannot show the rule either way (a write whose value is already stored before it is re-sent),
 * `judgeAgain` throws `CannotJudgeAgain` and replay says why instead of a verdict.
 */
import type { Exchange } from '../http/types.js';

/** Thrown by `judgeAgain` when the new answers cannot show whether the rule holds; its message says why. */
export class CannotJudgeAgain extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotJudgeAgain';
  }
}

/** Who the identity judged was, as replay finds its credentials again (on the bundled server, its seeded account). */
export interface GatheredIdentity {
  name: string;
  role: string;
  /** Its login (a login is no secret); undefined for anonymous callers. */
  login?: string;
  /** The environment variable its application password is read from. */
  passwordEnv?: string;
}

/** The part a request played: made an item the evidence needs, or gathered the evidence. */
export type GatheredPart = 'set-up' | 'gather';

/** One request of the evidence as the phase sent it. */
export interface GatheredExchange {
  /** What it is in the evidence (`list`, `administrator-list`, `read:12`, `administrator-read:12`, `make:12`). */
  label: string;
  as: 'identity' | 'administrator';
  part: GatheredPart;
  exchange: Exchange;
  /** For a set-up request: the id of the item it made, and the arguments its delete takes (`force`). */
  made?: { id: string; deleteArgs: Record<string, unknown> };
}

/** What a phase hands the check runner beside the evidence, so the finding can be replayed. */
export interface GatheredMarks {
  identity: GatheredIdentity;
  exchanges: GatheredExchange[];
}

/** A recorded request, credentials left out. */
export interface GatheredRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A finding's `replay.gathered`: what replay re-sends and judges again. */
export interface GatheredReplay {
  identity: GatheredIdentity;
  steps: Array<Omit<GatheredExchange, 'exchange'> & { request: GatheredRequest }>;
  /** The evidence as the check judged it (secrets redacted). */
  evidence: Record<string, unknown>;
}

/**
 * Rebuilds a check's evidence from what was recorded and the new answers, by label. `recordedId` turns an id an
 * answer of the replay shows into the id the recording used (an item the set-up made anew has a new id).
 */
export type Regather<E> = (recorded: E, answers: ReadonlyMap<string, Exchange>, recordedId: (id: string) => string) => E;
