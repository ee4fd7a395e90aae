import { describe, expect, it } from 'vitest';
import { contractOperations } from '@restconform/interface';
import { module as analytics } from '../analytics.js';
import { module as badges } from '../badges.js';
import { module as calendar } from '../calendar.js';
import { module as seo } from '../seo.js';
import { module as userImport } from '../user-import.js';

const MODULES_BY_NAMESPACE = {
  'seo/v1': seo,
  'calendar/v1': calendar,
  badges,
  'analytics/v1': analytics,
  'user-import/v1': userImport,
} as const;

/** `METHOD route` for every operation of the plugin namespaces, without the index routes the core answers. */
const contracted = contractOperations()
  .filter(({ namespace, route }) => Object.hasOwn(MODULES_BY_NAMESPACE, namespace) && route !== `/${namespace}`)
  .map(({ method, route, namespace }) => ({ key: `${method} ${route}`, namespace: namespace as keyof typeof MODULES_BY_NAMESPACE }));

describe('plugin modules against the contract', () => {
  it('finds the plugin namespaces in the contract', () => {
    expect(contracted.length).toBeGreaterThan(80);
    expect(new Set(contracted.map(({ namespace }) => namespace)).size).toBe(5);
  });

  it.each(Object.entries(MODULES_BY_NAMESPACE))('%s: handles exactly the contract routes and methods', (namespace, module) => {
    const handled = module.routes.flatMap(({ route, methods }) => Object.keys(methods).map((method) => `${method} ${route}`));
    const expected = contracted.filter((operation) => operation.namespace === namespace).map(({ key }) => key);
    expect([...handled].sort()).toEqual([...expected].sort());
  });
});
