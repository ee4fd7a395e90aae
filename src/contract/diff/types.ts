/** What a descriptor comparison reports: one departure per entry, with a readable message. */
import type { HttpMethod } from '../../descriptor/types.js';

/** How a departure is judged: a `failure` fails the run, a `warning` is reported only. */
export type DifferenceSeverity = 'failure' | 'warning';

/** The kinds of departure a comparison finds. `added_*` on the contract side means "undocumented". */
export type DifferenceKind =
  | 'missing_namespace'
  | 'added_namespace'
  | 'missing_route'
  | 'added_route'
  | 'changed_route'
  | 'missing_method'
  | 'added_method'
  | 'changed_endpoint'
  | 'missing_param'
  | 'added_param'
  | 'changed_param'
  | 'changed_site'
  | 'missing_description'
  | 'untranslated_description'
  /** No description of the other locale is translated (one difference for the locale, not one per parameter). */
  | 'untranslated_locale';

/** One departure of a descriptor from what it is compared with (the contract, or the first locale's descriptor). */
export interface ContractDifference {
  kind: DifferenceKind;
  severity: DifferenceSeverity;
  /** The namespace concerned (`''` for the root and batch routes). */
  namespace: string;
  /** The route key on the reference side (contract or first locale); for an added route, the compared side's key. */
  route: string;
  /** The compared descriptor's own key for the route, when it has the route. */
  subjectRoute?: string;
  method?: HttpMethod;
  param?: string;
  /** The schema keyword that changed, as a path: `default`, `items.type`, `properties.path.required`. */
  keyword?: string;
  expected?: unknown;
  actual?: unknown;
  message: string;
}
