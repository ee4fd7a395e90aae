/**
 * A check is one rule: a named, pure function from the evidence it needs (one exchange, or what a phase gathered:
 * a walk of a list, a resource's life, an access attempt…) to the rules it saw broken. Every check is registered in
 * `index.ts`, one file each, and turned on and off by name in configuration.
 */
import type { Operation } from '../descriptor/types.js';
import type { AnswerValidators } from './answer-validators.js';
import type { RequestCase } from '../generate/types.js';
import type { Exchange } from '../http/types.js';
import type { RaceReplay } from './concurrency/evidence.js';
import type { SequenceReplay } from './sequences/evidence.js';
import type { GatheredReplay } from './regather.js';

export type Severity = 'failure' | 'warning';

/**
 * What a broken rule puts at stake beyond conformance. `security`: another account's data read or written, a role
 * raised, a write let through without the rights it needs, a private value shown; reports put such findings first.
 */
export type Concern = 'security';

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
  answerSchemas?: AnswerValidators;
  /**
   * True when the run held back this request's credentials itself (a write guard: a write to what the run did not
   * make, or to one of its own accounts): a 401/403 then says nothing about the account's rights.
   */
  credentialsWithheld?: boolean;
}

/**
 * What a check judges, and so which stage gathers it: `exchange`, one exchange of any phase; else the name of the
 * phase that gathers the evidence on purpose (`contract`, `locale`, `schemas`, `collections`, `stateful`, `sequences`,
 * `concurrency`, `batch`, `auth`), whose folder under `src/checks/` holds the check.
 */
export type EvidenceKind = 'exchange' | PhaseName;

/** The name of the phase that gathers a check's evidence (`stateful`): a phase of `engine/phases/`, or one added beside them. */
export type PhaseName = string;

/** What every check declares: its name (the one configuration uses), default severity and the rule it holds. */
interface CheckDeclaration {
  name: string;
  severity: Severity;
  /** The rule, in a sentence: shown by `restconform run --help`, docs/checks.md and the reports. */
  description: string;
  /** Set when a broken rule is a security matter (see `Concern`); unset for conformance alone. */
  concern?: Concern;
}

/** One exchange and what is known about it: the evidence of an exchange check. */
export interface ExchangeEvidence {
  context: CheckContext;
  exchange: Exchange;
}

/** A check over one exchange: run by the engine on the requests of every phase (see `everyExchange`, `needsCase`). */
export interface ExchangeCheck extends CheckDeclaration {
  evidence: 'exchange';
  /**
   * Reported at once on every exchange of every phase, a generated case's too, rather than handed to the phase
   * that sent it. Such a check must not read `requestCase`, which is a stand-in without values for requests a
   * phase builds itself (sequences, batch).
   */
  everyExchange?: boolean;
  /**
   * True for a check that judges the answer to a generated case (valid or invalid, its values, its context): it
   * runs only where a phase judges the case itself (examples, fuzz, collections, schemas), never on the requests
   * a phase sends for its own purpose (sequences, batch, auth, access, locale). The other checks judge any answer:
   * on such requests their findings are reported at once, so no exchange of any phase goes unchecked.
   */
  needsCase?: boolean;
  /** Whether the check has anything to judge in this exchange (default: always); reports count the rest as not applicable. */
  appliesTo?(ctx: CheckContext): boolean;
  judge(evidence: ExchangeEvidence): CheckFailure[];
}

/**
 * A check over evidence a phase gathered (`E`): the phase sends the requests and hands what it saw to `judge`, a
 * pure function; the engine turns what it returns into findings with the phase's exchanges as the reproduction.
 */
export interface EvidenceCheck<E> extends CheckDeclaration {
  /** The phase that gathers the evidence and hands it to `judge`. */
  evidence: PhaseName;
  /** `descriptor`: judges the descriptors as a whole, so it applies to every operation when its phase runs. */
  judges?: 'descriptor';
  judge(evidence: E): CheckFailure[];
  /**
   * How `restconform replay` judges a finding again from its re-sent requests (see `regather.ts`): the evidence
   * rebuilt from the recorded one and the new answers by label, then `judge`. Absent: not replayable so.
   */
  judgeAgain?(recorded: E, answers: ReadonlyMap<string, Exchange>, recordedId: (id: string) => string): CheckFailure[];
}

/** A check over any kind of gathered evidence (`never`: a list holds checks of every kind of evidence). */
export type AnyEvidenceCheck = EvidenceCheck<never>;

/** Any check of the registry. */
export type Check = ExchangeCheck | AnyEvidenceCheck;

/** True for a check over single exchanges. */
export function isExchangeCheck(check: Check): check is ExchangeCheck {
  return check.evidence === 'exchange';
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
  /**
   * How to replay it: the seed and the case, so `restconform replay` can re-send it; for a race, its requests and
   * their parts; for a model-based sequence, its shrunk commands; for evidence gathered as several identities, its
   * labelled requests (`regather.ts`).
   */
  replay: { seed: number; operationId: string; phase: string; case?: unknown; race?: RaceReplay; sequence?: SequenceReplay; gathered?: GatheredReplay };
  /** The request argument it is about, when it is about one (an invalid value accepted, a refusal). */
  argument?: string;
  /**
   * What the check named as the cause when it is not the message (`500`, `a wrong password for admin 200 as
   * anonymous`): the same cause on several operations is one behaviour of the site, which reports show once.
   */
  cause?: string;
  /** How many times the same check, operation, argument and cause was seen; the request above is the first. */
  count: number;
  /**
   * What makes two findings the same (check, operation, cause) as a short hash: equal in every run and shard
   * that finds it, whatever the order of discovery, so `restconform merge` de-duplicates and numbers by it.
   */
  fingerprint?: string;
  /** Set when a baseline lists it: the reason it is known. A known finding does not fail the run. */
  known?: string;
}
