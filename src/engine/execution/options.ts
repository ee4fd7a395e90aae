/** What a run is made of (`ExecutionSetup`), and how one request of a phase is sent (`ExecuteOptions`). */
import type { CheckSelection } from '../../checks/registry.js';
import type { ExchangeCheck } from '../../checks/types.js';
import type { Exchange } from '../../http/types.js';
import type { Identity } from '../../request/identity.js';
import type { Credentials, HttpRequest } from '../../request/types.js';
import type { Baseline } from '../baseline.js';
import type { TargetRate } from '../budget.js';
import type { RunEvent } from '../events.js';
import type { OwnedResources } from '../owned-resources.js';

/** Sends one request; the transport stage implements it. */
export interface Sender {
  send(request: HttpRequest, signal?: AbortSignal): Promise<Exchange>;
  /** Sends requests together (the transport's `together`); without it a race is sent as parallel `send`s. */
  together?(requests: readonly HttpRequest[], signal?: AbortSignal): Promise<Exchange[]>;
}

export interface ExecutionSetup {
  seed: number;
  sender: Sender;
  checks: readonly ExchangeCheck[];
  /** The REST root URL of each locale (`null` key for a plain WordPress without locales). */
  restUrls: ReadonlyMap<string | null, string>;
  credentials?: Credentials;
  /** More named accounts besides `credentials` (the access matrix tries each). */
  accounts?: readonly Identity[];
  /** Strings that must never appear in reports (the application passwords). */
  secrets: string[];
  emit(event: RunEvent): void;
  signal?: AbortSignal;
  /** Epoch milliseconds after which no new request is sent (see also `setDeadline`). */
  deadline?: number;
  /** Consecutive refused connections after which the target counts as gone. */
  deadAfterRefusals?: number;
  /** Response bodies in findings are cut to this many characters. */
  findingBodyChars?: number;
  /**
   * The checks the run judges with and their severities (`CheckRegistry.selection`); undefined: every check, at its
   * own severity. A check it leaves out is not run: phases ask `Execution.selects` before they judge.
   */
  selection?: CheckSelection;
  /** Values of arguments a route needs but does not declare, by route key then name (`extra-values`). */
  extraValues?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Told the target's pace once, when `after` requests have been answered (the run's first ones, no extra). */
  pace?: { after: number; measured(rate: TargetRate): void };
  /** What the run made and saw; with `ownedWritesOnly`, writes to anything else go out without credentials. */
  owned?: OwnedResources;
  ownedWritesOnly?: boolean;
  /** Known findings: a finding it lists is reported as known and does not fail the run. */
  baseline?: Baseline;
  /** Whether the run tests an operation (`--include`, `--exclude`): findings about others are not reported. Absent: every one. */
  chosen?: (operation: { locale: string | null; method: string; route: string }) => boolean;
  /** WordPress's own behaviour (the shipped WordPress baseline): findings on WordPress routes it lists say so. */
  wordpressOwn?: Baseline;
}

/** How `execute` sends a case and treats its outcomes. */
export interface ExecuteOptions {
  /** Marks a method the route does not declare. */
  probe?: boolean;
  /** Other credentials for this request; `null` for none. */
  credentials?: Credentials | null;
  /** Sends a write to a run identity's account with its credentials (a deliberate access-control probe). */
  unguarded?: boolean;
  /**
   * True when the phase judges the case itself (examples, fuzz, collections, schemas): every check runs and the
   * phase reports the outcomes it keeps. Otherwise (auth, access, locale…) the checks that judge any answer run
   * and their findings are reported at once, so no exchange of any phase goes unchecked.
   */
  judgeCase?: boolean;
  /** Sent once every request in flight is answered, and none other until this one is (a timeout sent again). */
  alone?: boolean;
}
