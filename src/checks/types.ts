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
}

export interface CheckContext {
  operation: Operation;
  requestCase: RequestCase;
  /** The application password in use, so `no_password_leak` can look for it. */
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
  /** How many times the same check, operation and cause was seen. */
  count: number;
  /**
   * What makes two findings the same (check, operation, cause) as a short hash: equal in every run and shard
   * that finds it, whatever the order of discovery, so `restconform merge` de-duplicates and numbers by it.
   */
  fingerprint?: string;
}
