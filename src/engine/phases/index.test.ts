import { describe, expect, it } from 'vitest';
import { EXCHANGE_CHECKS } from '../../checks/index.js';
import { PHASE_NAMES as CONFIG_PHASE_NAMES } from '../../config/settings.js';
import { PHASE_CHECKS, PHASE_NAMES } from './index.js';

describe('phase registry', () => {
  it('runs the phases in the order the configuration lists them', () => {
    expect(PHASE_NAMES).toEqual(['contract', 'locale', 'schemas', 'examples', 'collections', 'fuzz', 'stateful', 'concurrency', 'batch', 'auth']);
    expect(PHASE_NAMES).toEqual([...CONFIG_PHASE_NAMES]);
  });

  it('declares each phase check once, under a name no stateless check uses, for a phase that exists', () => {
    const names = PHASE_CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    for (const builtin of EXCHANGE_CHECKS) expect(names).not.toContain(builtin.name);
    for (const check of PHASE_CHECKS) {
      expect(PHASE_NAMES).toContain(check.phase);
      expect(check.name).toMatch(/^[a-z][a-z_]*$/);
      expect(check.description.length).toBeGreaterThan(20);
    }
    expect(names).toEqual([
      'contract_drift',
      'contract_undocumented_route',
      'locale_mismatch',
      'locale_missing_description',
      'locale_untranslated',
      'locale_response_mismatch',
      'context_field_sets',
      'edit_context_rights',
      'fields_parameter',
      'head_as_get',
      'collection_headers',
      'collection_links',
      'collection_paging',
      'collection_filters',
      'collection_order',
      'stateful_sequence',
      'use_after_delete',
      'cross_locale_visibility',
      'list_total',
      'update_persisted',
      'create_persisted',
      'duplicate_create',
      'create_location',
      'collection_search',
      'access_other_resource',
      'concurrent_create',
      'concurrent_update',
      'concurrent_delete',
      'concurrent_relation',
      'batch_size_limit',
      'batch_items',
      'batch_validation',
      'auth_wrong_credentials',
      'ignored_auth',
      'access_privilege',
      'auth_refusal_status',
      'allow_header',
      'access_other_account',
      'access_role_escalation',
      'invalid_rejected_anonymous',
    ]);
  });
});
