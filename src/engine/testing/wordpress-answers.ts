/** Test-only: real WordPress 6.1's descriptor (from `fixtures/`), its operations by route, and answers to feed the ledger. */
import { readFileSync } from 'node:fs';
import { loadDescriptor, type RootDescriptor } from '../../descriptor/index.js';
import type { LoadedDescriptor, Operation } from '../../descriptor/types.js';
import type { Exchange } from '../../http/types.js';

export const WORDPRESS: LoadedDescriptor = loadDescriptor(
  JSON.parse(readFileSync(new URL('../../../fixtures/wordpress-6.1-index.json', import.meta.url), 'utf8')) as RootDescriptor,
  null,
  'fixture',
);

/** The WordPress operation `method route` (route as the index keys it). */
export function wordpressOperation(method: string, route: string): Operation {
  const found = WORDPRESS.operations.find((candidate) => candidate.method === method && candidate.route === route);
  if (found === undefined) throw new Error(`no ${method} ${route} in the WordPress 6.1 index`);
  return found;
}

/** An exchange whose answer is `status` with `json`: all the ledger reads of one. */
export function answered(status: number, json: unknown): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1/wp-json', headers: {} },
    response: { status, headers: {}, bodyText: JSON.stringify(json), truncated: false, json },
    durationMs: 1,
  };
}
