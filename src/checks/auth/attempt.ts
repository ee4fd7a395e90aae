/**
 * The evidence of the access checks: an access attempt (one identity's try at a request, and what it got), a row of
 * the access matrix (the same request tried by every identity, least privileged first), and the helpers their rules
 * share.
 */
import type { HttpMethod } from '../../descriptor/types.js';
import { describeSeen, isRefusal, type SeenAnswer } from '../answer-seen.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';

/** One identity's attempt at a request. */
export interface AccessAttempt {
  /** `anonymous` or the account's login. */
  identity: string;
  /** The identity's declared role (`anonymous`, `member`, … `administrator`). */
  role: string;
  /** How privileged the role is: anonymous 0 … administrator 4. */
  rank: number;
  /** True for the attempt sent without credentials. */
  anonymous: boolean;
  answer: SeenAnswer;
  /** The answer's `Allow` header, if any. */
  allow?: string;
}

/** One attempt at an operation's request, judged on its own (its refusal status, its `Allow` header). */
export interface AccessAttemptEvidence {
  method: HttpMethod;
  route: string;
  attempt: AccessAttempt;
}

/** A row of the access matrix: the same request sent as every identity of the run, least privileged first. */
export interface AccessRowEvidence {
  method: HttpMethod;
  route: string;
  attempts: readonly AccessAttempt[];
  /** Why the route's resource hint says anonymous callers may write it (a sign-up), when it says so. */
  openBecause?: string;
  /** Writes that succeed anonymously are failures, whoever else was refused (`--strict-auth`). */
  strictAuth: boolean;
}

/** A broken rule of a matrix row, with the attempts whose requests reproduce it (indexes into `attempts`, in order). */
export interface AccessRowFailure extends CheckFailure {
  attempts: number[];
}

/** A check over a whole matrix row: each failure names the attempts that reproduce it. */
export interface AccessRowCheck extends EvidenceCheck<AccessRowEvidence> {
  judge(evidence: AccessRowEvidence): AccessRowFailure[];
}

/** The codes of a login that no longer works (the account was deleted or lost its password): not a refusal of the request. */
const LOGIN_FAILED: ReadonlySet<string> = new Set(['invalid_username', 'incorrect_password']);

/** True when the attempt's account could not log in: its answer says nothing about its rights. */
export const loginFailed = (attempt: AccessAttempt): boolean => attempt.answer.code !== undefined && LOGIN_FAILED.has(attempt.answer.code);

/** A 401/403 that refuses the request itself, not the login. */
export const refusedRequest = (attempt: AccessAttempt): boolean => isRefusal(attempt.answer.status) && !loginFailed(attempt);

/** `member (member)`: who tried, for messages. */
export const who = (attempt: AccessAttempt): string => `${attempt.identity} (${attempt.role})`;

/** What the attempt got, for messages: `403 rest_forbidden`. */
export const got = (attempt: AccessAttempt): string => describeSeen(attempt.answer);
