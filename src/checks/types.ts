/**
 * A check is a small named function over one exchange (or, for phase checks, a sequence of them) that returns
 * the rules it saw broken. Checks are registered by name and turned on and off in configuration.
 */
import type { Operation } from '../descriptor/types.js';
import type { AnswerSchemas } from './answer-schemas.js';
import type { RequestCase } from '../generate/types.js';
import type { Exchange } from '../http/types.js';

export type Severity = 'failure' | 'warning';

/** What a check returns for each broken rule: the engine turns it into a Finding. */
export interface CheckFailure {
  message: string;
  /** Distinguishes causes for de-duplication (e.g. the status seen); defaults to the message. */
  cause?: string;
  /** The request argument the failure is about, when it is about one: findings are grouped by it. */
  argument?: string;
  /** This failure's severity when it is not the check's own (a 501 that says "not implemented": a warning). */
  severity?: Severity;
  /**
   * Not a broken rule but a fact worth a line (a refusal in the route's own words): it becomes a note on the
   * operation's coverage, never a finding. The message is the note, so it should not vary per request.
   */
  note?: boolean;
}

export interface CheckContext {
  operation: Operation;
  requestCase: RequestCase;
  /** The application password in use, so `no_sensitive_data` can look for it. */
  secrets: string[];
  /** Every method the route declares; a probe with another method expects 404 `rest_no_route`. */
  routeMethods: readonly string[];
  /** The item schemas the target published, when they were fetched. */
  answerSchemas?: AnswerSchemas;
}

export interface Check {
  name: string;
  severity: Severity;
  description: string;
  /**
   * Run over every exchange of every phase (sequences, batch and auth requests too), not only over generated
   * cases. Such a check must not read `requestCase`, which is then a stand-in without values.
   */
  everyExchange?: boolean;
  run(ctx: CheckContext, exchange: Exchange): CheckFailure[];
}

/** A reportable departure from the rules, with everything needed to reproduce it. */
export interface Finding {
  /** Stable within a report: `F1`, `F2`, … */
  id: string;
  check: string;
  severity: Severity;
  locale: string | null;
  method: string;
  route: string;
  message: string;
  /** Credentials redacted. */
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string };
  /** One curl line per request of the reproduction, in order (one for a single request). */
  curl: string[];
  /** How to replay it: the seed and the case, so `restconform replay` can re-send it. */
  replay: { seed: number; operationId: string; phase: string; case?: unknown };
  /** The request argument it is about, when it is about one (an invalid value accepted, a refusal). */
  argument?: string;
  /** How many times the same check, operation, argument and cause was seen; the request above is the first. */
  count: number;
  /**
   * What makes two findings the same (check, operation, cause) as a short hash: equal in every run and shard
   * that finds it, whatever the order of discovery, so `restconform merge` de-duplicates and numbers by it.
   */
  fingerprint?: string;
}
