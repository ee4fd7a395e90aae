/** `context=edit` is for those who may edit: an anonymous caller is refused it, or shown no more than `view` shows. */
import type { Exchange } from '../../http/types.js';
import type { EvidenceCheck } from '../types.js';
import { firstItem, isSuccess, missingFrom } from './answer-items.js';
import type { AnonymousEdit } from './evidence.js';

/**
 * The codes WordPress refuses `context=edit` with: `rest_forbidden_context` (posts, users, comments, terms…), and
 * `rest_cannot_view` where the statuses, taxonomies and types controllers (6.1) check the context in their
 * permission callback.
 */
const EDIT_REFUSAL_CODES: ReadonlySet<unknown> = new Set(['rest_forbidden_context', 'rest_cannot_view']);

const isRefusal = (status: number): boolean => status === 401 || status === 403;

const codeOf = (exchange: Exchange): unknown => (exchange.response?.json as { code?: unknown } | undefined)?.code;

/**
 * Whether judging this `context=edit` answer needs the same anonymous caller's `view` answer: a refusal in other
 * words than WordPress's (is view allowed?), or an answer with fields (does view show them too?).
 */
export function needsViewAnswer(edit: Exchange): boolean {
  const response = edit.response;
  if (response === undefined) return false;
  if (isRefusal(response.status)) return !EDIT_REFUSAL_CODES.has(codeOf(edit));
  return isSuccess(edit);
}

/** null, '', [] or {}: a value that says nothing. */
function blank(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

export const editContextRights: EvidenceCheck<AnonymousEdit> = {
  name: 'edit_context_rights',
  evidence: 'schemas',
  severity: 'failure',
  concern: 'security',
  description:
    'context=edit without credentials is refused with 401/403 rest_forbidden_context or rest_cannot_view (another code: a warning), or never shows more fields than view shows the same anonymous caller (a field blanked to null, "", [] or {} shows nothing).',
  judge({ edit, view }) {
    const response = edit.response;
    if (response === undefined || view === undefined || !needsViewAnswer(edit)) return [];
    if (isRefusal(response.status)) {
      // A route that refuses anonymous callers whatever the context says nothing about the context's rights.
      if (!isSuccess(view)) return [];
      const code = String(codeOf(edit));
      return [
        {
          message: `context=edit without credentials answered ${response.status} ${code}, not rest_forbidden_context or rest_cannot_view (view is allowed)`,
          cause: `code ${code}`,
          severity: 'warning',
        },
      ];
    }
    const editItem = firstItem(response.json);
    const viewItem = isSuccess(view) ? firstItem(view.response?.json) : undefined;
    if (editItem === undefined) return [];
    const keys = viewItem === undefined ? Object.keys(editItem) : missingFrom(Object.keys(editItem), Object.keys(viewItem));
    // A key whose value is blanked in every item shows nothing (BuddyPress keeps `roles`, `capabilities` and
    // `registered_date` in an anonymous edit answer, as [] and null): only keys that hold a value are shown.
    const items = Array.isArray(response.json) ? response.json.map(firstItem) : [editItem];
    const extra = keys.filter((key) => items.some((item) => !blank(item?.[key])));
    if (extra.length === 0) return [];
    return [
      {
        message:
          viewItem === undefined
            ? `context=edit answered an anonymous caller ${response.status} while view refused it ${view.response?.status ?? 'no answer'}`
            : `context=edit showed an anonymous caller ${extra.join(', ')}, which view does not show`,
        cause: viewItem === undefined ? 'edit without view' : `extra ${extra.join(',')}`,
      },
    ];
  },
};
