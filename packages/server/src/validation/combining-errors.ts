/**
 * The errors of `anyOf`/`oneOf` (`rest_get_combining_operation_error`, `rest_format_combining_operation_error`):
 * which branch's failure WordPress reports, and how it words it.
 */
import { ValidationError } from './errors.js';
import type { Schema } from './keyword-checks.js';
import { isPhpArray, phpArrayHas, phpToString } from './php-values.js';
import { phpEntries } from './equality.js';
import { wpSprintfList } from './wp-format.js';

/** A branch of `anyOf`/`oneOf`, with the parent's `type` filled in when it has none. */
export interface Branch {
  schema: Schema;
  /** The branch's `type`, or the parent's when the branch has none. */
  type: unknown;
  index: number;
}

/** A branch the value failed, and why. */
export interface BranchFailure extends Branch {
  error: ValidationError;
}

const hasTitle = (branch: Branch): boolean => branch.schema.title !== undefined && branch.schema.title !== null;

/** The error for a value that matched no branch. */
export function combiningOperationError(value: unknown, param: string, failures: readonly BranchFailure[]): ValidationError {
  if (failures.length === 1) return formatBranchFailure(param, failures[0]!);
  // Type mismatches of the value itself say little; failures deeper inside (foo[a]) say more.
  const telling = failures.filter((failure) => {
    const failedParam = failure.error.data?.param;
    return failure.error.code !== 'rest_invalid_type' || (failedParam !== undefined && failedParam !== null && failedParam !== param);
  });
  if (telling.length === 1) return formatBranchFailure(param, telling[0]!);
  if (telling.length > 1 && telling[0]!.type === 'object') {
    const closest = branchSharingMostProperties(value, telling);
    if (closest !== null) return formatBranchFailure(param, closest);
  }
  if (failures.every(hasTitle)) {
    const titles = failures.map((failure) => failure.schema.title);
    return new ValidationError('rest_no_matching_schema', `${param} is not a valid ${wpSprintfList(titles)}.`);
  }
  return new ValidationError('rest_no_matching_schema', `${param} does not match any of the expected formats.`);
}

/** The failed object branch declaring the most of the value's properties (the first on a tie). */
function branchSharingMostProperties(value: unknown, failures: readonly BranchFailure[]): BranchFailure | null {
  if (!isPhpArray(value)) return null;
  let best: BranchFailure | null = null;
  let bestCount = 0;
  for (const failure of failures) {
    const properties = failure.schema.properties;
    if (!isPhpArray(properties)) continue;
    let shared = 0;
    for (const [name] of phpEntries(properties)) if (phpArrayHas(value, name)) shared += 1;
    if (shared > bestCount) {
      best = failure;
      bestCount = shared;
    }
  }
  return best;
}

/** `rest_format_combining_operation_error`: one branch's failure as the reason. */
function formatBranchFailure(param: string, failure: BranchFailure): ValidationError {
  const data = { position: failure.index };
  const reason = failure.error.message;
  if (hasTitle(failure)) {
    const title = phpToString(failure.schema.title);
    return new ValidationError('rest_no_matching_schema', `${param} is not a valid ${title}. Reason: ${reason}`, data);
  }
  return new ValidationError('rest_no_matching_schema', `${param} does not match the expected format. Reason: ${reason}`, data);
}

/** The error for a value that matched several `oneOf` branches. */
export function oneOfMultipleMatchesError(param: string, matches: readonly Branch[]): ValidationError {
  const data = { positions: matches.map((match) => match.index) };
  if (matches.every(hasTitle)) {
    const titles = matches.map((match) => match.schema.title);
    return new ValidationError('rest_one_of_multiple_matches', `${param} matches ${wpSprintfList(titles)}, but should match only one.`, data);
  }
  return new ValidationError('rest_one_of_multiple_matches', `${param} matches more than one of the expected formats.`, data);
}
