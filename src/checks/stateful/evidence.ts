/**
 * What the stateful phase's sequences show the checks: each step's answer, what a step wrote and what a read showed
 * back, the lists a resource is looked for in, and the attempts of other accounts on it. The sequences
 * (`engine/steps/` and the phases that script them) send the requests and gather these; the checks of `stateful/`
 * judge them. A family is named by its name (`wp/v2 posts`), a resource by its id as text.
 */
import type { StepAnswer } from './step-answer.js';

/** What a step must answer: a success, gone (404 or 410, after a delete), or a refusal (4xx). */
export type StatusExpectation = 'success' | 'gone' | 'refused';

/** A step's answer and what it had to be; `what` names the step for the message (`read the new wp/v2 posts`). */
export interface StepStatus {
  step: 'status';
  what: string;
  expected: StatusExpectation;
  answer: StepAnswer;
}

/** The evidence of `stateful_sequence`: one step of a life cycle or of a relation between resources. */
export type SequenceStep =
  | StepStatus
  /** The create's answer named the new resource's id (in its body, `Location` or `_links.self`), or not. */
  | { step: 'created'; family: string; idField: string; id: string | undefined }
  /** The first read of the new resource, which must name it. */
  | { step: 'read'; family: string; id: string; idField: string; answer: StepAnswer }
  /**
   * A delete's answer; `forced` when it sent `force=true` (the route declares it): the resource is then gone, not
   * trashed. Without force, a trash is WordPress's answer (`status: trash`).
   */
  | { step: 'deleted'; family: string; answer: StepAnswer; forced: boolean }
  /** An update of a free-text field to "", which the descriptor allows: taken or refused, never a 5xx. */
  | { step: 'emptied'; family: string; field: string; answer: StepAnswer }
  /** A step repeated where the first one must be the only one (activate a signup, block a member): refused. */
  | { step: 'repeated'; what: string; answer: StepAnswer }
  /** The member an activation made: named by its answer, or found by the signup's login. */
  | { step: 'activated'; memberId: string | undefined }
  /** The moderation item a block made, as its answer names it. */
  | { step: 'blocked'; itemId: string | undefined }
  /** The moderation list of a member after the block (`blocked`) or after the unblock. */
  | { step: 'moderation listed'; member: string; itemId: string; blocked: boolean; list: unknown }
  /** The caller's following list after the follow (`following`) or after the unfollow. */
  | { step: 'following listed'; member: string; following: boolean; list: unknown }
  /** The active or inactive components, after a component was switched: `name` must be among them. */
  | { step: 'components listed'; name: string; active: boolean; when: string; list: unknown }
  /** A member's data for a profile field read back after the write (`deleted` false) or after the delete. */
  | { step: 'field data read'; written: readonly string[]; read: unknown; deleted: boolean };

/** The evidence of `use_after_delete`: a read, update or delete of a deleted resource, or its list after the delete. */
export type AfterDelete = { step: 'sent'; what: string; answer: StepAnswer } | { step: 'listed'; family: string; id: string; idField: string; list: unknown };

/** The evidence of `cross_locale_visibility`: the read, through another locale, of a resource created through one. */
export type OtherLocaleRead = StepStatus;

/** The evidence of `collection_search`: the list searched for a token the new resource's create values carry. */
export interface SearchResult {
  family: string;
  id: string;
  idField: string;
  /** The token, as searched for. */
  token: string;
  list: unknown;
}

/** The evidence of `create_location`: the create's answer and the item its `Location` names. */
export interface CreateAnswer {
  family: string;
  /** The new resource's id. */
  id: string;
  status: number | undefined;
  location: string | undefined;
  /** The id the `Location` names, when it is a URL of the family's item route. */
  named: string | undefined;
}

/** The evidence of `create_persisted`: what a create sent and what the first read of the new resource showed. */
export interface CreatedValues {
  family: string;
  /** The values the create sent (in its JSON body, or in the query beside an upload). */
  sent: Record<string, unknown>;
  upload: boolean;
  /** The read's body. */
  read: unknown;
}

/** The evidence of `duplicate_create`: a second create with the unique values of the first. */
export interface DuplicateCreate {
  family: string;
  /** The first resource's id. */
  id: string;
  /** The unique values the second create repeated, in order. */
  repeated: Record<string, unknown>;
  answer: StepAnswer;
  /** The id the second create's answer names, if any. */
  second: string | undefined;
}

/** The evidence of `update_persisted`: one field written by an accepted update, and the read after it. */
export interface UpdatedField {
  field: string;
  wrote: unknown;
  /** The read's body. */
  read: unknown;
}

/**
 * The evidence of `access_other_resource`: an ordinary account (`who`, a member or an author) that did not make the
 * resource tries to read its edit context, update it and delete it; then its maker reads it.
 */
export type OtherAccountAttempt =
  /** A `context=edit` read, and when it was answered 2xx, a `context=view` read by the same account. */
  | { attempt: 'edit context'; who: string; family: string; id: string; edit: StepAnswer; view: StepAnswer | undefined }
  | { attempt: 'update'; who: string; family: string; id: string; maker: string | undefined; field: string; answer: StepAnswer }
  | { attempt: 'delete'; who: string; family: string; id: string; maker: string | undefined; answer: StepAnswer }
  /** The maker's read after the others' deletes; `others` names them. */
  | { attempt: 'maker read'; others: string; family: string; answer: StepAnswer }
  /**
   * The field the others tried to update, as the maker read it before (`before`, the whole body) and after
   * (`after`), with the others' update answers.
   */
  | { attempt: 'unchanged'; others: string; field: string; before: Record<string, unknown> | undefined; after: unknown; updates: readonly StepAnswer[] };
