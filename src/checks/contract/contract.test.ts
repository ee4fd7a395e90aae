import { describe, expect, it } from 'vitest';
import { contractDrift } from './contract-drift.js';
import { contractUndocumentedRoute } from './contract-undocumented-route.js';
import type { DescriptorDifference } from './evidence.js';

const missing: DescriptorDifference = {
  kind: 'missing_route',
  severity: 'failure',
  namespace: 'community/v1',
  route: '/community/v1/members',
  message: 'route /community/v1/members is in the contract but not in the descriptor',
};
const added: DescriptorDifference = {
  kind: 'added_method',
  severity: 'warning',
  namespace: 'community/v1',
  route: '/community/v1/members',
  method: 'PUT',
  message: 'PUT /community/v1/members is in the descriptor but not in the contract',
};

describe('contract checks', () => {
  it('contract_drift fires on a departure from the contract, with its message and severity, and not on an undocumented route', () => {
    expect(contractDrift.judge(missing)).toEqual([{ message: missing.message, severity: 'failure' }]);
    expect(contractDrift.judge({ ...missing, kind: 'changed_param', severity: 'warning' })).toEqual([{ message: missing.message, severity: 'warning' }]);
    expect(contractDrift.judge(added)).toEqual([]);
  });

  it('contract_undocumented_route fires on a route or method the contract lacks, and only on those', () => {
    expect(contractUndocumentedRoute.judge(added)).toEqual([{ message: added.message, severity: 'warning' }]);
    expect(contractUndocumentedRoute.judge({ ...added, kind: 'added_route' })).toHaveLength(1);
    expect(contractUndocumentedRoute.judge(missing)).toEqual([]);
  });
});
