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

/** How a value was reached from the root: its parent's step and its key there. Spelled as a path only on a hit. */
interface Step {
  parent: Step | undefined;
  key: string;
  inArray: boolean;
}

function pathOf(step: Step | undefined, key: string, inArray: boolean): string {
  const parts = [inArray ? `[${key}]` : `.${key}`];
  for (let at = step; at !== undefined; at = at.parent) parts.push(at.inArray ? `[${at.key}]` : `.${at.key}`);
  return `$${parts.reverse().join('')}`;
}

/**
 * The JSON path of the first non-empty `password` member, or undefined. Iterative: hostile bodies nest deep.
 * It runs on every answer, so nothing is allocated per member: paths are spelled only for a hit.
 */
function findPassword(root: unknown): string | undefined {
  const skipped = errorParamLists(root);
  const values: unknown[] = [root];
  const steps: Array<Step | undefined> = [undefined];
  while (values.length) {
    const value = values.pop();
    const step = steps.pop();
    if (!value || typeof value !== 'object' || skipped.has(value)) continue;
    const inArray = Array.isArray(value);
    const keys = Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const child = (value as Record<string, unknown>)[key];
      if (key.length === 8 && typeof child === 'string' && child !== '' && key.toLowerCase() === 'password') return pathOf(step, key, inArray);
      if (child && typeof child === 'object') {
        values.push(child);
        steps.push({ parent: step, key, inArray });
      }
    }
  }
  return undefined;
}

/** Whether a header value carries the secret (joined as the check always read them, for a secret spanning lines). */
function headersCarry(headers: Record<string, string>, secret: string): boolean {
  if (secret.includes('\n')) return Object.values(headers).join('\n').includes(secret);
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && value.includes(secret)) return true;
  }
  return false;
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
    for (const secret of ctx.secrets) {
      if (secret && (text.includes(secret) || headersCarry(response.headers, secret))) {
        failures.push({ message: 'response contains the application password (redacted here)', cause: 'secret' });
      }
    }
    return failures;
  },
};
