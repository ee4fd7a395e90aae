/**
 * No answer carries a password: no `password` member holding a non-empty string anywhere in a JSON body, and
 * never the configured secret. Empty strings pass (WordPress posts carry `password: ""` for unprotected
 * content), and so do objects: a descriptor documents its `password` argument with a schema object.
 */
import type { Check } from '../types.js';

/**
 * Where a WordPress error names parameters: `data.params.password` holds the validation message about the
 * password argument ("password is not of type string."), not a password.
 */
function errorParamLists(root: unknown): Set<unknown> {
  const lists = new Set<unknown>();
  if (root && typeof root === 'object' && typeof (root as { code?: unknown }).code === 'string') {
    const data = (root as { data?: Record<string, unknown> }).data;
    if (data && typeof data === 'object') lists.add(data.params).add(data.details);
  }
  return lists;
}

/** The JSON path of the first non-empty `password` member, or undefined. Iterative: hostile bodies nest deep. */
function findPassword(root: unknown): string | undefined {
  const skipped = errorParamLists(root);
  const stack: Array<[unknown, string]> = [[root, '$']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (!value || typeof value !== 'object' || skipped.has(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
      if (key.toLowerCase() === 'password' && typeof child === 'string' && child !== '') return childPath;
      if (child && typeof child === 'object') stack.push([child, childPath]);
    }
  }
  return undefined;
}

export const noPasswordLeak: Check = {
  name: 'no_password_leak',
  severity: 'failure',
  description: 'No response contains a non-empty "password" field or the configured application password.',
  run(ctx, exchange) {
    const response = exchange.response;
    if (!response) return [];
    const failures = [];
    const field = findPassword(response.json);
    if (field) failures.push({ message: `response contains a password field at ${field}`, cause: `field:${field.replace(/\[\d+\]/g, '[]')}` });
    const text = response.bodyText;
    const headerText = Object.values(response.headers).join('\n');
    for (const secret of ctx.secrets) {
      if (secret && (text.includes(secret) || headerText.includes(secret))) {
        failures.push({ message: 'response contains the application password (redacted here)', cause: 'secret' });
      }
    }
    return failures;
  },
};
