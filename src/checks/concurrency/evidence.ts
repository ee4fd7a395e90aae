/**
 * What the concurrency phase's races show the checks: every answer of N requests sent together, and the state read
 * afterwards. A family is named by its name (`wp/v2 users`), a resource by its id as text.
 */

/** One answer of a race, as the checks judge it. */
export interface RaceAnswer {
  /** Undefined when no answer came (the transport's error code is in `error`). */
  status: number | undefined;
  /** The WordPress error code, when the answer is an error with one. */
  code: string | undefined;
  error?: string;
  /** The id a create's answer names, when it names one. */
  id?: string;
}

/** The evidence of `concurrent_create`: N creates that shared unique values, and who holds them afterwards. */
export interface CreateRace {
  family: string;
  /** The unique values every request of the race shared (the others differed from request to request). */
  shared: Record<string, unknown>;
  answers: RaceAnswer[];
  /**
   * The resources holding the shared values afterwards, found in the list narrowed to those values (search,
   * slug, include); undefined when the list could not be narrowed to them.
   */
  holders: string[] | undefined;
}

/** The values one request of an update race wrote, in the order of the race's requests. */
export interface UpdateWrite {
  fields: Record<string, unknown>;
}

/** The evidence of `concurrent_update`: N updates of one resource, each writing other values, and the read afterwards. */
export interface UpdateRace {
  family: string;
  id: string;
  writes: UpdateWrite[];
  answers: RaceAnswer[];
  /** The resource as read afterwards (edit context where declared). */
  read: unknown;
}

/** The evidence of `concurrent_delete`: N deletes of one resource, and its read and list afterwards. */
export interface DeleteRace {
  family: string;
  id: string;
  answers: RaceAnswer[];
  /** The read afterwards. */
  after: RaceAnswer;
  /** Whether the list (narrowed by include) still holds it afterwards; undefined when it was not read. */
  listed: boolean | undefined;
}

/** The evidence of `concurrent_relation`: the same relation write sent N times together, and what it left. */
export interface RelationRace {
  /** What was written, for the message: `follow member 12`, `activate signup 7`. */
  what: string;
  answers: RaceAnswer[];
  /** `single`: at most one may succeed (an activation), the others refused; `repeatable`: each may succeed. */
  kind: 'single' | 'repeatable';
  /** How many relations (members followed, accounts activated, values) the state read afterwards holds. */
  left: number;
  /** What `left` counts, for the message: `entries of member 12 in the following list`. */
  counted: string;
}

/** One request of a race's reproduction, credentials redacted (as a finding's request), with its part in the race. */
export interface RaceStep {
  /** `set-up`: sent before the race, one at a time; `race`: the requests sent together; `read`: the state read after. */
  role: 'set-up' | 'race' | 'read';
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  /** The id a set-up create's answer named: a replay puts the id its own set-up is given in its place. */
  id?: string;
  /** What it was answered: `201`, `400 existing_user_email`, `no response (UND_ERR_SOCKET)`. */
  answered: string;
}

/** How `restconform replay` re-runs a race (a race finding's `replay.race`). */
export interface RaceReplay {
  steps: RaceStep[];
  /** The evidence the race gave its check, the answers left out: what a replay judges its own answers and reads with. */
  evidence: Record<string, unknown>;
  /** The field a create's answer names its resource by. */
  idField?: string;
  /** The arguments a delete of the raced family takes (force, reassign): a replay deletes what it made with them. */
  deleteArgs?: Record<string, unknown>;
}
