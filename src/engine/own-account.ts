/**
 * The account a run logs in as, and the paths that address it. A fuzzer that writes to its own account ends its
 * own run: on WordPress 6.1, `PATCH /wp/v2/users/me {"roles": []}` strips the administrator of every role and
 * `DELETE /wp/v2/users/1?force=true&reassign=0` deletes it. So writes to those paths go out without credentials:
 * WordPress still validates them (validation comes before the permission check), and nothing changes.
 *
 * The account is found through the descriptor itself: a GET route whose path ends in `/me` answers the logged-in
 * account with its `id`; `…/me` and `…/<id>` under the same collection then address it.
 */
import type { LoadedDescriptor, Operation } from '../descriptor/types.js';
import { buildRequest } from '../request/index.js';
import type { Credentials } from '../request/types.js';
import type { Sender } from './execution/options.js';

/** Which paths (inside the REST root of a locale) address the run's own account. */
export class OwnAccount {
  readonly #patterns: Map<string | null, RegExp[]>;
  /** The account's id, as a `…/me` route answered it (undefined when none did). */
  readonly id: number | undefined;
  /** The collections (per locale) whose `…/me` route answered it: the account is one of their items. */
  readonly collections: ReadonlyArray<{ locale: string | null; route: string }>;

  constructor(patterns: Map<string | null, RegExp[]>, id?: number, collections: ReadonlyArray<{ locale: string | null; route: string }> = []) {
    this.#patterns = patterns;
    this.id = id;
    this.collections = collections;
  }

  /** True when `path` (inside the REST root, no query) is the account or something under it. */
  addresses(locale: string | null, path: string): boolean {
    return (this.#patterns.get(locale) ?? []).some((pattern) => pattern.test(path));
  }
}

/** GET routes without variables ending in `/me`: each answers the logged-in account. */
export function meRoutes(descriptor: LoadedDescriptor): Operation[] {
  return descriptor.operations.filter((op) => op.method === 'GET' && op.pattern.variables.length === 0 && /\/me$/i.test(op.pattern.template));
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function idOf(json: unknown): string | undefined {
  const id = json && typeof json === 'object' ? (json as { id?: unknown }).id : undefined;
  return (typeof id === 'number' && Number.isInteger(id)) || (typeof id === 'string' && /^\d+$/.test(id)) ? String(id) : undefined;
}

/** Asks each `…/me` route who the run is; one GET per such route. Undefined when there is nothing to protect. */
export async function findOwnAccount(options: {
  descriptors: readonly LoadedDescriptor[];
  restUrls: ReadonlyMap<string | null, string>;
  sender: Sender;
  credentials: Credentials | undefined;
  signal?: AbortSignal;
}): Promise<OwnAccount | undefined> {
  if (options.credentials === undefined) return undefined;
  const patterns = new Map<string | null, RegExp[]>();
  const collections: Array<{ locale: string | null; route: string }> = [];
  let accountId: string | undefined;
  for (const descriptor of options.descriptors) {
    const restUrl = options.restUrls.get(descriptor.locale);
    if (restUrl === undefined) continue;
    for (const op of meRoutes(descriptor)) {
      const collection = op.pattern.template.slice(0, -'me'.length);
      let id: string | undefined;
      if (!options.signal?.aborted) {
        const request = buildRequest({
          restUrl,
          operation: op,
          requestCase: { operationId: op.id, kind: 'valid', path: {}, query: {}, body: undefined },
          credentials: options.credentials,
        });
        const exchange = await options.sender.send(request, options.signal);
        if (exchange.response?.status === 200) id = idOf(exchange.response.json);
      }
      accountId ??= id;
      if (id !== undefined) collections.push({ locale: descriptor.locale, route: collection.slice(0, -1) });
      const self = id === undefined ? 'me' : `(?:me|${id})`;
      const list = patterns.get(descriptor.locale) ?? [];
      list.push(new RegExp(`^${escapeRegExp(collection)}${self}(?:/|$)`, 'i'));
      patterns.set(descriptor.locale, list);
    }
  }
  return patterns.size === 0 ? undefined : new OwnAccount(patterns, accountId === undefined ? undefined : Number(accountId), collections);
}
